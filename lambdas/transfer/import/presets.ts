/**
 * The programs whose files we know (contract/imports.ts IMPORT_PRESETS): how ids from their files
 * become ours, and the headers that only their files have, which recognise a file when the caller
 * names no program. The column names themselves are in headers.ts, from each program's documented
 * format:
 * - ours: contract/transfer.ts COLUMNS, read back exactly (its ids are ours and kept as they are);
 * - Planning Center People: its CSV import fields and people export ("Household ID", "Household
 *   Name", "Household Primary Contact", "Home Address Street Line 1", "Mobile Phone Number",
 *   "Home Email", "Birthdate");
 * - Breeze / Tithe.ly ChMS: its people export and import template ("Breeze ID", "Family ID",
 *   "Family Role", "Mobile", "Home", "Street Address", birthdays as mm/dd/0000 without a year);
 * - ChurchCRM: its CSV export (CSVCreateFile.php: "Family ID ", "Person Id", "Address 1", "Cell
 *   Phone", "Envelope Number", "Classification", "Family Role");
 * - ChurchApps (B1): its transfer zip's people.csv (importKey, householdName, householdRole,
 *   firstName, mobilePhone, address1...) and groups.csv / groupmembers.csv (groups.ts).
 */
import type { ImportPresetKey } from '../../contract/imports';
import { headerKey } from './headers';

interface Preset {
  /** Put before a file's id to make ours (`pco-12345`); null: the file's ids are ours already. */
  idPrefix: string | null;
  /** Headers only this program's files have. */
  signature: readonly string[];
}

export const PRESETS: Record<ImportPresetKey, Preset> = {
  ours: { idPrefix: null, signature: ['In Directory', 'Member ID', 'Group Roles'] },
  planningCenter: {
    idPrefix: 'pco',
    signature: ['Household Primary Contact', 'Home Address Street Line 1', 'Mobile Phone Number'],
  },
  breeze: { idPrefix: 'breeze', signature: ['Breeze ID'] },
  churchCrm: { idPrefix: 'crm', signature: ['Envelope Number', 'Classification'] },
  churchApps: { idPrefix: 'b1', signature: ['importKey', 'householdName', 'householdRole'] },
  other: { idPrefix: 'file', signature: [] },
};

/** The program whose file this is, by the most of its signature headers present; else 'other'. */
export function presetOfHeaders(headers: readonly string[]): ImportPresetKey {
  const keys = new Set(headers.map(headerKey));
  let best: ImportPresetKey = 'other';
  let bestCount = 0;
  for (const [key, preset] of Object.entries(PRESETS) as [ImportPresetKey, Preset][]) {
    const count = preset.signature.filter((header) => keys.has(headerKey(header))).length;
    if (count > bestCount) [best, bestCount] = [key, count];
  }
  return best;
}
