/**
 * Where family photos are stored, and whose they are. A photo is uploaded into its family's own
 * folder, `<orgId>/photos/<familyId>/<uuid>.<ext>`, so the key itself says which family may use or
 * remove it: no family can take up, and then delete, another family's object. Photos saved before
 * there were folders, `<orgId>/photos/<uuid>.<ext>`, name no family: they stay only with the
 * family item that already holds them. Pure functions (no AWS), the one place that knows the
 * layout, so a later variant of a photo (a rendition beside it) changes only this file.
 */
import { randomUUID } from 'node:crypto';
import { PHOTO_TYPES, type PhotoType } from '../contract/directory';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** orgId, then the family's id (absent in keys from before folders), then the file. */
const PHOTO_PATH = new RegExp(
  `^([A-Za-z0-9-]{1,64})/photos/(?:([A-Za-z0-9_-]{1,64})/)?${UUID}\\.(?:${Object.values(PHOTO_TYPES).join('|')})$`,
);

export interface PhotoOwner {
  orgId: string;
  /** null: a key from before photos had a family folder. */
  familyId: string | null;
}

/** Whose a stored photo value is; null for anything that is not a key of ours (an http URL kept from older data, garbage). */
export function photoOwner(photo: string | null | undefined): PhotoOwner | null {
  const match = photo ? PHOTO_PATH.exec(photo) : null;
  return match ? { orgId: match[1]!, familyId: match[2] ?? null } : null;
}

/** A new, unused key in the family's folder. */
export const newPhotoKey = (orgId: string, familyId: string, type: PhotoType): string =>
  `${orgId}/photos/${familyId}/${randomUUID()}.${PHOTO_TYPES[type]}`;

/** A photo stored by this product for this church (either layout). */
export const isOwnPhoto = (orgId: string, photo: string | null): photo is string => photoOwner(photo)?.orgId === orgId;

/** A photo uploaded for this very family: the only new photo it may be saved with, and one it may remove. */
export function isFamilyPhoto(orgId: string, familyId: string, photo: string | null): photo is string {
  const owner = photoOwner(photo);
  return owner?.orgId === orgId && owner.familyId === familyId;
}

/** A key of this church from before family folders: whose it is, only the family items holding it tell. */
export function isOldLayoutPhoto(orgId: string, photo: string | null): photo is string {
  const owner = photoOwner(photo);
  return owner?.orgId === orgId && owner.familyId === null;
}
