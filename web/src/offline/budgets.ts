/**
 * How much of a church the offline copy keeps (walk.ts), and how fresh: the bench reads the same
 * figures (no imports, so it can).
 */

/** A copy younger than this is not walked again on a visit. */
export const REFRESH_MS = 5 * 60_000;
/** The most the families' and groups' answers may take (as JSON); a larger church keeps its first families. */
export const ANSWERS_BUDGET_BYTES = 40 * 1024 * 1024;
/** The most the photos may take; families beyond it show the blank photo offline. */
export const PHOTOS_BUDGET_BYTES = 60 * 1024 * 1024;
