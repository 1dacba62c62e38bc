/**
 * "What others see": a family's details as each audience of the church receives them, from the
 * levels the server answered for the family itself (the rule is the server's; this only shows it).
 */
import type { FamilyView } from '@contract/api';
import {
  FAMILY_SHARED,
  FAMILY_SHARED_KEYS,
  MEMBER_SHARED,
  MEMBER_SHARED_KEYS,
  reaches,
  type Level,
} from '@contract/privacy';
import styles from './WhatOthersSee.module.css';

const AUDIENCES: { level: Level; label: string }[] = [
  { level: 'everyone', label: 'Everyone in the church' },
  { level: 'groups', label: 'People in your groups' },
];

interface Row {
  label: string;
  value: string | null;
  level: Level;
  /** What an audience the level leaves out still sees (the city and state of a hidden street). */
  always?: string;
}

/** The city and state are everyone's (they say where, not which house): they go with the address either way. */
const placeOf = (family: FamilyView) => [family.city, family.state].filter(Boolean).join(', ');

function rowsOf(family: FamilyView): Row[] {
  const levels = family.privacy?.levels;
  const familyValue = (key: (typeof FAMILY_SHARED_KEYS)[number]) =>
    key === 'photo'
      ? family.photoUrl
        ? 'Shown'
        : null
      : FAMILY_SHARED[key].covers
          .map((field) => family[field as Exclude<typeof field, 'photo'>])
          .filter(Boolean)
          .join(' ') || null;
  return [
    ...FAMILY_SHARED_KEYS.map((key) => {
      const row: Row = { label: FAMILY_SHARED[key].label, value: familyValue(key), level: levels?.[key] ?? 'everyone' };
      if (key !== 'street' || !placeOf(family)) return row;
      const [street, zip] = [family.street, family.zipcode];
      const shown = [street, [placeOf(family), zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
      return { ...row, value: shown, always: placeOf(family) };
    }),
    ...family.members.flatMap((m) =>
      MEMBER_SHARED_KEYS.map((key) => ({
        label: `${m.name}: ${MEMBER_SHARED[key].label}`,
        value: m[key],
        level: m.privacy?.levels[key] ?? 'everyone',
      })),
    ),
  ];
}

export function WhatOthersSee({ family }: { family: FamilyView }) {
  if (family.privacy?.unlisted)
    return (
      <p className="what-others-see__unlisted">
        Your family is left out of the directory: only administrators can see it.
      </p>
    );
  const rows = rowsOf(family).filter((r) => r.value);
  return (
    <table className={styles.whatOthersSee}>
      <caption className="sr-only">What others see of the {family.surname} family</caption>
      <thead>
        <tr>
          <th scope="col">Detail</th>
          {AUDIENCES.map((a) => (
            <th key={a.level} scope="col">
              {a.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            {AUDIENCES.map((a) => (
              <td key={a.level} data-label={a.label}>
                {reaches(row.level, a.level) ? (
                  row.value
                ) : row.always ? (
                  <>
                    {row.always} <span className="muted">(street and zip hidden)</span>
                  </>
                ) : (
                  <span className="muted">Hidden</span>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
