/**
 * An opaque page pointer: the place of the last row a page showed (`<ISO time>#<uuid>`), as
 * base64url. Reading one back checks its shape, so a made-up pointer is a clear 400, never a read
 * from somewhere else.
 */
import { invalid } from './errors';

const PLACE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#[0-9a-f-]{36}$/;

export const pointerOf = (place: string) => Buffer.from(place).toString('base64url');

/** The place a pointer carries; `message` when it is not one. */
export function placeOf(pointer: string, message: string): string {
  const place = Buffer.from(pointer, 'base64url').toString();
  if (!PLACE.test(place)) throw invalid(message);
  return place;
}
