/**
 * The same person more than once in the file: one e-mail on two rows, one member id on two rows.
 * Both rows are kept; the dry run shows the lines, and the administrator decides.
 */
import type { ImportFamily } from '../../contract/imports';

export interface Duplicate {
  lines: number[];
  message: string;
}

const lineList = (lines: number[]) =>
  lines.length > 1 ? `lines ${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}` : `line ${lines[0]}`;

function repeated(entries: Iterable<[string, number]>, what: string): Duplicate[] {
  const byValue = new Map<string, number[]>();
  for (const [value, line] of entries) {
    const lines = byValue.get(value);
    if (lines) lines.push(line);
    else byValue.set(value, [line]);
  }
  return [...byValue]
    .filter(([, lines]) => lines.length > 1)
    .map(([value, lines]) => ({ lines, message: `The ${what} ${value} is on ${lineList(lines)}.` }));
}

export function memberDuplicates(families: readonly ImportFamily[]): Duplicate[] {
  const members = families.flatMap((f) => f.members);
  return [
    ...repeated(
      members.flatMap((m) => (m.fields.email ? [[m.fields.email, m.line] as [string, number]] : [])),
      'e-mail',
    ),
    ...repeated(
      members.flatMap((m) => (m.id ? [[m.id, m.line] as [string, number]] : [])),
      'member id',
    ),
  ].sort((a, b) => a.lines[0]! - b.lines[0]!);
}
