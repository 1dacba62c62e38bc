/**
 * A Sheet (readSheet.ts) as the families to import and everything the dry run shows: the
 * mapping used, problems (rows left out), notes (rows read with something left out), duplicates
 * and the columns the directory has no place for. Pure: no table, no network; the caller compares
 * with the church and writes.
 */
import type { DateOrder, ImportLineMessage, ImportPresetKey, ImportReading } from '../../contract/imports';
import { memberDuplicates } from './duplicates';
import { buildFamily, FamilyGrouper } from './families';
import { atGroupsLine, groupLinksOf, type GroupSheet } from './groups';
import { importedId } from './ids';
import { mappingOf, type HandMapping } from './mapping';
import { PRESETS, presetOfHeaders } from './presets';
import { RowReader } from './rows';
import type { Sheet } from './sheet';

export interface ParseOptions {
  /** The program the file comes from; recognised from its headers when left out. */
  preset?: ImportPresetKey;
  /** Column index to target (null: leave the column out); wins over the headers. */
  mapping?: HandMapping;
  /** How dates with slashes are read: the church's country. Month first when left out. */
  dateOrder?: DateOrder;
  /** Groups files or worksheets (group name and person id or e-mail), each named for its notes. */
  groupSheets?: readonly GroupSheet[];
}

const at = (line: number, text: string): ImportLineMessage => ({ line, message: `line ${line}: ${text}` });

const columnsOf = (sheet: Sheet) => {
  const width = Math.max(sheet.header?.cells.length ?? 0, ...sheet.rows.slice(0, 20).map((r) => r.cells.length));
  return Array.from({ length: width }, (_, index) => ({
    index,
    header: sheet.header?.cells[index]?.trim() || null,
    samples: sheet.rows.slice(0, 3).map((r) => r.cells[index] ?? ''),
  }));
};

export function parseImport(sheet: Sheet, options: ParseOptions = {}): ImportReading {
  const mapping = mappingOf(sheet, options.mapping);
  const reading: ImportReading = {
    needsMapping: mapping.needsMapping,
    columns: columnsOf(sheet),
    mapping: mapping.used,
    families: [],
    groups: [],
    problems: [],
    notes: [...mapping.notes],
    duplicates: [],
    extraColumns: mapping.extraColumns,
  };
  if (mapping.needsMapping) return reading;
  const preset = PRESETS[options.preset ?? presetOfHeaders(sheet.header?.cells ?? [])];
  const reader = new RowReader(mapping.columnOf, options.dateOrder ?? 'mdy', preset.idPrefix === null);
  const grouper = new FamilyGrouper();
  /** Groups without members (our own file's rows of a group's name alone). */
  const memberless: string[] = [];
  for (const row of sheet.rows) {
    const groupsOnly = reader.groupsOnly(row);
    if (groupsOnly) {
      memberless.push(...groupsOnly);
      continue;
    }
    const result = reader.read(row);
    reading.notes.push(...result.notes.map((note) => at(row.line, note)));
    if ('problem' in result) reading.problems.push(at(row.line, result.problem));
    else grouper.add(result.reading);
  }
  for (const rows of grouper.groups()) {
    const built = buildFamily(rows, preset.idPrefix);
    reading.problems.push(...built.problems);
    if (built.conflict) reading.duplicates.push(built.conflict);
    if (built.family) reading.families.push(built.family);
  }
  addLinkedGroups(reading, options.groupSheets ?? [], preset.idPrefix);
  reading.groups = [
    ...new Set([
      ...reading.families.flatMap((f) => f.members.flatMap((m) => m.groups.map((g) => g.groupName))),
      ...memberless,
    ]),
  ];
  reading.duplicates.push(...memberDuplicates(reading.families));
  reading.problems.sort((a, b) => a.line - b.line);
  reading.notes.sort((a, b) => a.line - b.line);
  return reading;
}

/** Puts the groups files' links on their members, by the file's person id or the e-mail. */
function addLinkedGroups(reading: ImportReading, sheets: readonly GroupSheet[], idPrefix: string | null): void {
  const links = groupLinksOf(sheets, reading.notes);
  if (!links.length) return;
  const members = reading.families.flatMap((f) => f.members);
  const byId = new Map(members.filter((m) => m.id).map((m) => [m.id!, m]));
  const byEmail = new Map(members.filter((m) => m.fields.email).map((m) => [m.fields.email!, m]));
  for (const link of links) {
    const member =
      (link.personKey && byId.get(importedId(idPrefix, link.personKey) ?? '')) ||
      (link.email && byEmail.get(link.email));
    if (!member) {
      reading.notes.push(
        atGroupsLine(
          link.file,
          link.line,
          `nobody in the people file is ${link.personKey ?? link.email}; left out of ${link.groupName}.`,
        ),
      );
      continue;
    }
    if (!member.groups.some((g) => g.groupName === link.groupName))
      member.groups.push({ groupName: link.groupName, label: null });
  }
}
