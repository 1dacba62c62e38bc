/**
 * Where a church's printed books are stored in the exports bucket: `books/<orgId>/`, a prefix of
 * their own that the bucket's expiry rule (lib/storage.ts, for `exports/` only) does not cover,
 * so the church's finished book stays until the next one succeeds, which deletes it
 * (directoryBookRender.ts). One key per run: a retried Join writes the same file again.
 * Pure functions (no AWS): the stack and the organisation deletion use them too.
 */

export const BOOKS_PREFIX = 'books/';

/** Everything in the exports bucket that expires: files made for a download at once. */
export const EXPORTS_PREFIX = 'exports/';

/** The church's folder of books: the organisation deletion empties it. */
export const churchBooksPrefix = (orgId: string) => `${BOOKS_PREFIX}${orgId}/`;

/** `books/<orgId>/directory-<jobId>.pdf`: the file of one run of the book job. */
export const bookKey = (orgId: string, jobId: string) => `${churchBooksPrefix(orgId)}directory-${jobId}.pdf`;

/**
 * `exports/<orgId>/book-parts/<jobId>/`: a run's work while it makes the book in parts (the
 * church's slices as read, each part's pages to draw, its bytes and its outline), deleted once the book is joined or the run
 * failed; under `exports/`, so whatever a crash leaves expires with the exports, and the
 * organisation deletion empties it with them.
 */
export const bookPartsPrefix = (orgId: string, jobId: string) => `${EXPORTS_PREFIX}${orgId}/book-parts/${jobId}/`;

/** A part's pages to draw (`spec`), its bytes (`pdf`) and what the join needs of them (`outline`). */
export const bookPartKey = (orgId: string, jobId: string, part: number, what: 'spec' | 'pdf' | 'outline') =>
  `${bookPartsPrefix(orgId, jobId)}part-${part}.${what === 'pdf' ? 'pdf' : `${what}.json`}`;

/** A slice of the church as read for the plan: its families to print, as the print audience sees them. */
export const bookSliceKey = (orgId: string, jobId: string, slice: number) =>
  `${bookPartsPrefix(orgId, jobId)}slice-${slice}.json`;

/** `exports/<orgId>/handouts/<id>.pdf`: a Bible study's handout (studies/handout.ts), made for one download, expiring with the exports. */
export const handoutKey = (orgId: string, id: string) => `${EXPORTS_PREFIX}${orgId}/handouts/${id}.pdf`;
