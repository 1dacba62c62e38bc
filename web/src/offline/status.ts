/**
 * Whether the pages on screen were answered from the offline copy, and as of when: set by an answer
 * from the copy, cleared by the next answer from the server. The banner (OfflineBanner.tsx)
 * follows it. No imports: the API client sets it on every answer.
 */

let shownAsOf: number | null = null;
const listeners = new Set<() => void>();

function set(value: number | null) {
  if (value === shownAsOf) return;
  shownAsOf = value;
  for (const listener of listeners) listener();
}

/** An answer came from the copy made at this time (ms). */
export const answeredFromCopy = (asOf: number) => set(asOf);
/** An answer came from the server. */
export const answeredOnline = () => set(null);

export const copyShownAsOf = () => shownAsOf;

export function onCopyShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser says it has no network at all (it may still be wrong the other way: a network that answers nothing). */
export const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
