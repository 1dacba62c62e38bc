/**
 * A member's groups, from its row or from a groups file. Our own file writes one group per line
 * of the "Groups" cell, with the role's label on the same line of "Group Roles"; another program's
 * "Groups" or "Tags" cell is a list separated by commas, semicolons or lines. A groups file (or a
 * second worksheet) links a group to a person by the person's id or e-mail: Breeze's tags export
 * and ChurchApps' groupmembers.csv, whose group keys its groups.csv names (importKey, name).
 * A name or label longer than the directory takes is left out with a note. A groups file's notes
 * name the file (the name the administrator chose it by) and its line.
 */
import { GROUP_MESSAGES } from '../../contract/groups';
import { LIMITS } from '../../contract/fields';
import type { ImportLineMessage } from '../../contract/imports';
import { headerKey } from './headers';
import type { Sheet } from './sheet';

export interface MemberGroup {
  groupName: string;
  label: string | null;
}

const clean = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

const tooLong = (groupName: string) =>
  `the group "${groupName.slice(0, 40)}..." has a name longer than ${LIMITS.groupName} characters; left out.`;

/** The groups of a row's cells; `notes` gets what is left out. */
export function groupsOfCells(groups: string, roles: string, ownFile: boolean, notes: string[]): MemberGroup[] {
  const split = (cell: string) => cell.split(ownFile ? /\r?\n/ : /\r?\n|[,;]/);
  const labels = split(roles);
  const result: MemberGroup[] = [];
  for (const [index, raw] of split(groups).entries()) {
    const groupName = clean(raw);
    if (!groupName) continue;
    if (groupName.length > LIMITS.groupName) {
      notes.push(tooLong(groupName));
      continue;
    }
    const label = clean(labels[index] ?? '') || null;
    if (label && label.length > LIMITS.roleLabel)
      notes.push(`${GROUP_MESSAGES.labelTooLong} The role "${label}" is left out.`);
    result.push({ groupName, label: label && label.length <= LIMITS.roleLabel ? label : null });
  }
  return result;
}

/** A groups file or worksheet, with the name its notes give it. */
export interface GroupSheet extends Sheet {
  name?: string;
}

/** A note on a line of a groups file. */
export const atGroupsLine = (file: string, line: number, text: string): ImportLineMessage => ({
  line,
  message: `${file}, line ${line}: ${text}`,
});

/** A link from a groups file: the group and whom it names (a file's person id or an e-mail). */
export interface GroupLink {
  /** The groups file's name. */
  file: string;
  line: number;
  groupName: string;
  personKey: string | null;
  email: string | null;
}

const columnOf = (sheet: Sheet, names: string[]) => {
  const keys = names.map(headerKey);
  return sheet.header?.cells.findIndex((cell) => keys.includes(headerKey(cell))) ?? -1;
};

/** The links of the groups files, group keys resolved through a file that names them; `notes` gets what is left out. */
export function groupLinksOf(sheets: readonly GroupSheet[], notes: ImportLineMessage[]): GroupLink[] {
  const names = new Map<string, string>();
  for (const sheet of sheets) {
    const key = columnOf(sheet, ['importKey', 'Group ID', 'groupKey']);
    const name = columnOf(sheet, ['name', 'Group Name', 'Group', 'Tag', 'Tag Name']);
    const person = columnOf(sheet, ['personKey', 'Person ID', 'Breeze ID', 'Member ID']);
    if (key >= 0 && name >= 0 && person < 0) {
      for (const row of sheet.rows) names.set((row.cells[key] ?? '').trim(), (row.cells[name] ?? '').trim());
    }
  }
  const links: GroupLink[] = [];
  for (const sheet of sheets) {
    const person = columnOf(sheet, ['personKey', 'Person ID', 'Breeze ID', 'Member ID']);
    const email = columnOf(sheet, ['Email', 'E-mail', 'Email Address']);
    const name = columnOf(sheet, ['Group Name', 'Group', 'Tag', 'Tag Name', 'name']);
    const key = columnOf(sheet, ['groupKey']);
    if (person < 0 && email < 0) continue;
    const file = sheet.name ?? 'groups file';
    for (const row of sheet.rows) {
      const cell = (i: number) => (i >= 0 ? (row.cells[i] ?? '').trim() : '');
      const groupName = clean(name >= 0 ? cell(name) : (names.get(cell(key)) ?? ''));
      if (!groupName) continue;
      if (groupName.length > LIMITS.groupName) {
        notes.push(atGroupsLine(file, row.line, tooLong(groupName)));
        continue;
      }
      links.push({
        file,
        line: row.line,
        groupName,
        personKey: cell(person) || null,
        email: cell(email).toLowerCase() || null,
      });
    }
  }
  return links;
}
