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
}

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
    ...FAMILY_SHARED_KEYS.map((key) => ({
      label: FAMILY_SHARED[key].label,
      value: familyValue(key),
      level: levels?.[key] ?? 'everyone',
    })),
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
                {reaches(row.level, a.level) ? row.value : <span className="muted">Hidden</span>}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
