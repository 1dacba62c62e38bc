/**
 * Where a church's printed books are stored in the exports bucket: `books/<orgId>/`, a prefix of
 * their own that the bucket's expiry rule (lib/storage.ts, for `exports/` only) does not cover,
 * so the church's finished book stays until the next one succeeds, which deletes it
 * (directoryBookRender.ts). One key per run: a retried Render writes the same file again.
 * Pure functions (no AWS): the stack and the organisation deletion use them too.
 */

export const BOOKS_PREFIX = 'books/';

/** Everything in the exports bucket that expires: files made for a download at once. */
export const EXPORTS_PREFIX = 'exports/';

/** The church's folder of books: the organisation deletion empties it. */
export const churchBooksPrefix = (orgId: string) => `${BOOKS_PREFIX}${orgId}/`;

/** `books/<orgId>/directory-<jobId>.pdf`: the file of one run of the book job. */
export const bookKey = (orgId: string, jobId: string) => `${churchBooksPrefix(orgId)}directory-${jobId}.pdf`;
