/**
 * Which column goes where. A hand mapping (column index to target, or null to leave a column
 * out) wins; any other column whose header names a target goes there (headers.ts). A file with no
 * header row, or with two columns of the same name that no hand mapping settles, cannot be read
 * until someone chooses: `needsMapping` says so and nothing is read. When two columns of
 * different names hold one target ("Mobile" and "Cell"), the first is read and the second left
 * out with a note.
 */
import { IMPORT_MESSAGES, IMPORT_TARGETS, type ImportLineMessage, type ImportTarget } from '../../contract/imports';
import { headerKey, targetOfHeader } from './headers';
import type { Sheet } from './sheet';

export type HandMapping = Readonly<Record<number, ImportTarget | null>>;

export interface Mapping {
  needsMapping: string | null;
  /** The column each target is read from. */
  columnOf: Map<ImportTarget, number>;
  used: { index: number; header: string | null; target: ImportTarget }[];
  extraColumns: string[];
  notes: ImportLineMessage[];
}

const labelOf = (target: ImportTarget) => IMPORT_TARGETS.find((t) => t.key === target)?.label ?? target;

/** Two columns that name the same header, no hand mapping choosing between them: the header. */
function unsettledDuplicate(headers: readonly string[], hand: HandMapping): string | null {
  const seen = new Map<string, number>();
  for (const [index, header] of headers.entries()) {
    const key = headerKey(header);
    if (!key || targetOfHeader(header) === undefined) continue;
    const earlier = seen.get(key);
    if (earlier !== undefined && hand[earlier] === undefined && hand[index] === undefined) return header.trim();
    seen.set(key, index);
  }
  return null;
}

export function mappingOf(sheet: Sheet, hand: HandMapping = {}): Mapping {
  const headers = sheet.header?.cells ?? [];
  const width = Math.max(headers.length, ...sheet.rows.slice(0, 20).map((row) => row.cells.length));
  const mapping: Mapping = { needsMapping: null, columnOf: new Map(), used: [], extraColumns: [], notes: [] };
  const handMapped = Object.keys(hand).length > 0;
  if (!sheet.header && !handMapped) return { ...mapping, needsMapping: IMPORT_MESSAGES.needsMapping };
  const duplicate = unsettledDuplicate(headers, hand);
  if (duplicate !== null) return { ...mapping, needsMapping: IMPORT_MESSAGES.duplicateHeader(duplicate) };
  const line = sheet.header?.line ?? 1;
  for (let index = 0; index < width; index++) {
    const header = headers[index]?.trim() || null;
    const target = index in hand ? hand[index] : header ? targetOfHeader(header) : undefined;
    if (!target) {
      if (header && hand[index] === undefined) mapping.extraColumns.push(header);
      continue;
    }
    const first = mapping.columnOf.get(target);
    if (first !== undefined) {
      const name = (i: number) => headers[i]?.trim() || `column ${i + 1}`;
      mapping.notes.push({
        line,
        message: `line ${line}: the columns "${name(first)}" and "${name(index)}" both hold ${labelOf(target)}; "${name(first)}" is read and "${name(index)}" left out.`,
      });
      if (header) mapping.extraColumns.push(header);
      continue;
    }
    mapping.columnOf.set(target, index);
    mapping.used.push({ index, header, target });
  }
  return mapping;
}
