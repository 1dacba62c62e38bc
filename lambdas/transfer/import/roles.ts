/**
 * A family role as the order members are listed in: the head first, then the spouse, other
 * adults, children, then anyone else; a role we do not know or none keeps the file's order among
 * the adults. Planning Center's primary contact column (yes/no) makes the head.
 */
import { headerKey } from './headers';

const RANKS: Record<string, number> = {};
const rank = (value: number, words: string[]) => words.forEach((word) => (RANKS[headerKey(word)] = value));
rank(0, ['Head', 'Head of Household', 'Householder', 'Primary', 'Primary Contact', 'Self']);
rank(1, ['Spouse', 'Wife', 'Husband', 'Partner']);
rank(3, ['Child', 'Son', 'Daughter', 'Dependent', 'Kid', 'Minor']);
rank(4, ['Other', 'Other Relative', 'Relative', 'Non Relative', 'Non-Relative', 'Guest', 'Visitor', 'Friend']);

/** The place a role gives (lower first); 2 for an adult, an unknown role or none. */
export const rankOfRole = (role: string) => RANKS[headerKey(role)] ?? 2;

/** A primary contact cell says yes. */
export const isYes = (cell: string) => ['yes', 'y', 'true', '1', 'x'].includes(cell.trim().toLowerCase());
export const isNo = (cell: string) => ['no', 'n', 'false', '0'].includes(cell.trim().toLowerCase());
