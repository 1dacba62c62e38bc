/**
 * A family's or member's id from the file. Our own file's ids are ours and kept (when they have
 * an id's shape); another program's become `<prefix>-<its id>`, so importing the same file twice
 * gives the same ids and the importer finds what the first import wrote. An id that does not fit
 * our shape (/^[A-Za-z0-9_-]{1,64}$/: spaces, accents, too long) is hashed into one that does.
 */
import { createHash } from 'node:crypto';

const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

export function importedId(prefix: string | null, raw: string): string | null {
  const id = raw.trim();
  if (!id) return null;
  if (prefix === null) return ID_SHAPE.test(id) ? id : null;
  const plain = `${prefix}-${id}`;
  if (ID_SHAPE.test(plain)) return plain;
  return `${prefix}-h${createHash('sha256').update(id).digest('base64url').slice(0, 32)}`;
}
