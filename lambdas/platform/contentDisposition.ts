/**
 * The Content-Disposition of a file to save (RFC 6266): its name as typed for the browsers that
 * read `filename*` (all of today's), and a plain one for the rest, keeping only what a quoted
 * string safely holds (letters, digits, spaces and . _ -; anything else a dash).
 */
export const attachmentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^A-Za-z0-9 ._-]/g, '-')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
