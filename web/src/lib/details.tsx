/**
 * A record's details as the pages show them, from their declarations (contract/entity.ts): its
 * optional typed fields in declaration order (the required one, a name, titles the row or page),
 * each under its short name, formatted and linked by what it holds, with the level its privacy
 * key gives it (the server tells levels to administrators and the family only).
 */
import type { ReactNode } from 'react';
import { textKeys, type Fields, type Kind, type TextKeys } from '@contract/entity';
import type { Level } from '@contract/privacy';

export interface Detail<K extends string = string> {
  key: K;
  name: string;
  kind: Kind;
  /** Formatted and linked; null when empty (or hidden from the viewer). */
  value: ReactNode;
  level: Level | undefined;
}

function shown(kind: Kind, value: string | null | undefined, formatDate: (v: string | null) => string): ReactNode {
  if (!value) return null;
  if (kind === 'phone') return <a href={`tel:${value}`}>{value}</a>;
  if (kind === 'email') return <a href={`mailto:${value}`}>{value}</a>;
  if (kind === 'monthDay') return formatDate(value) || null;
  return value;
}

export function detailsOf<F extends Fields>(
  fields: F,
  record: Partial<Record<TextKeys<F>, string | null>>,
  levels: Partial<Record<string, Level>> | undefined,
  formatDate: (value: string | null) => string,
): Detail<TextKeys<F>>[] {
  return textKeys(fields)
    .filter((k) => fields[k]!.optional)
    .map((k) => {
      const { short, label, kind = 'text', shared } = fields[k]!;
      return {
        key: k,
        name: short ?? label,
        kind,
        value: shown(kind, record[k], formatDate),
        level: shared ? levels?.[shared] : undefined,
      };
    });
}
