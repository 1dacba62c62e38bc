/**
 * A record's typed fields as the entry form's inputs, from their declaration (contract/entity.ts):
 * in declaration order, each input by what the field holds (a month and day, a phone, an address),
 * fields that name the same `row` side by side. A new declared field gets its input here.
 */
import type { ReactNode } from 'react';
import { textKeys, type Fields, type TextKeys } from '@contract/entity';
import { cx } from '../lib/classNames';
import type { declaredField } from '../lib/entityForm';
import styles from './EntryForm.module.css';
import { EntryField, MonthDayField } from './formFields';

type EntryProps = ReturnType<ReturnType<typeof declaredField>>;

/** The rows the declarations name (a field's `row`), laid out side by side. */
const ROWS = new Map([
  ['two', styles.rowTwo],
  ['address', styles.rowAddress],
]);

export function DeclaredInputs<F extends Fields>({
  fields,
  entry,
  extra = {},
}: {
  fields: F;
  /** The form's props for a field (entityForm.ts `declaredField`). */
  entry: (key: TextKeys<F>) => EntryProps;
  /** What a page adds to an input (a hint under the e-mail address, say; read-only where the church's rules hold it). */
  extra?: Partial<Record<TextKeys<F>, { descriptiveText?: ReactNode; isReadOnly?: boolean }>>;
}) {
  const input = (key: TextKeys<F>) => {
    const { kind, caps } = fields[key]!;
    const props = { key, ...entry(key), ...extra[key] };
    if (kind === 'monthDay') return <MonthDayField {...props} />;
    if (kind === 'phone') return <EntryField {...props} type="tel" />;
    if (kind === 'email') return <EntryField {...props} type="email" inputMode="email" />;
    return <EntryField {...props} inputStyles={caps ? { textTransform: 'uppercase' } : undefined} />;
  };
  const lines: TextKeys<F>[][] = [];
  for (const key of textKeys(fields)) {
    const line = lines.at(-1);
    const row = fields[key]!.row;
    if (line && row && fields[line[0]!]!.row === row) line.push(key);
    else lines.push([key]);
  }
  return (
    <>
      {lines.map((line) =>
        line.length === 1 ? (
          input(line[0]!)
        ) : (
          <div key={line.join()} className={cx(styles.row, ROWS.get(fields[line[0]!]!.row!))}>
            {line.map(input)}
          </div>
        ),
      )}
    </>
  );
}
