/**
 * Where family photos are stored, and whose they are. A photo is stored in its family's own
 * folder, `<orgId>/photos/<familyId>/<uuid>.<ext>`, so the key itself says which family may use or
 * remove it: no family can take up, and then delete, another family's object. Photos saved before
 * there were folders, `<orgId>/photos/<uuid>.<ext>`, name no family: they stay only with the
 * family item that already holds them. Pure functions (no AWS), the one place that knows the
 * layout:
 *  - the browser uploads to `uploads/<orgId>/<familyId>/<uuid>.<ext>`, a prefix of its own: S3
 *    tells the photo pipeline (photo-uploads.ts) of each upload there, and expires what is left;
 *  - only a checked photo is stored under `<orgId>/photos/`, with its renditions beside it,
 *    `<orgId>/photos/<familyId>/<uuid>/<rendition>.<webp|jpg>` (photo-sizes.ts).
 */
import { randomUUID } from 'node:crypto';
import { PHOTO_TYPES, type PhotoType } from '../contract/directory';
import { COVER_RENDITION_NAMES, RENDITION_NAMES, RENDITIONS, type RenditionName } from './photo-sizes';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Every extension a stored file may have: a photo's, and a PDF's (a study's file alone: isStoredFile). */
const EXTENSIONS = [...Object.values(PHOTO_TYPES), 'pdf'].join('|');
/** orgId, then the family's id (absent in keys from before folders), then the file. */
const PHOTO_PATH = new RegExp(`^([A-Za-z0-9-]{1,64})/photos/(?:([A-Za-z0-9_-]{1,64})/)?${UUID}\\.(?:${EXTENSIONS})$`);

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

/**
 * The folder of the church's book cover (book/bookSettings.ts), in place of a family's id:
 * uploaded, checked and given renditions exactly as a family's photo, and no family may take it
 * up (family ids are UUIDs).
 */
export const BOOK_COVER_FOLDER = 'book-cover';

/**
 * The folder of the church's Bible studies' files (studies/attachments.ts), in place of a family's
 * id: pictures are checked and given renditions as the book cover is (printed as large), and a PDF
 * is checked as one; no family may take one up, and no other folder holds a PDF.
 */
export const STUDY_FILES_FOLDER = 'study-files';

/** A PDF: only a study's file may be one (the pipeline refuses any other). */
export const isPdfKey = (key: string) => key.endsWith('.pdf');

/** Where S3 tells the photo pipeline of new objects: the browser's uploads, and nothing else. */
export const UPLOADS_PREFIX = 'uploads/';

const UPLOAD_PATH = new RegExp(`^uploads/([A-Za-z0-9-]{1,64})/([A-Za-z0-9_-]{1,64})/(${UUID})\\.(${EXTENSIONS})$`);

/** The upload's key for a photo key of the family's folder (the key the family will hold). */
export function uploadKeyOf(photo: string): string {
  const owner = photoOwner(photo);
  if (!owner?.familyId) throw new Error('Only a photo of a family folder is uploaded');
  return `${UPLOADS_PREFIX}${owner.orgId}/${owner.familyId}/${photo.slice(photo.lastIndexOf('/') + 1)}`;
}

export interface Upload {
  orgId: string;
  familyId: string;
  photoId: string;
  /** Where the checked photo is stored, and the value the family holds. */
  photo: string;
}

/** What an upload key names; null for any other key (the pipeline leaves those alone). */
export function parseUploadKey(key: string): Upload | null {
  const match = UPLOAD_PATH.exec(key);
  if (!match) return null;
  const [, orgId, familyId, photoId, ext] = match as unknown as [string, string, string, string, string];
  return { orgId, familyId, photoId, photo: `${orgId}/photos/${familyId}/${photoId}.${ext}` };
}

/** The photo's id (its file name without extension): the photo pipeline's record is kept under it. */
export function photoIdOf(photo: string): string | null {
  if (!photoOwner(photo)) return null;
  return photo.slice(photo.lastIndexOf('/') + 1).replace(/\.[a-z]+$/, '');
}

/** A rendition's key: in a folder named after the photo, beside it. */
export function renditionKey(photo: string, name: RenditionName): string {
  return `${photo.replace(/\.[a-z]+$/, '')}/${name}.${RENDITIONS[name].format === 'jpeg' ? 'jpg' : RENDITIONS[name].format}`;
}

/** The renditions a stored file has: a family photo's; the book cover's and a study's picture's one more (photo-sizes.ts); a PDF none. */
export function renditionsOf(photo: string): RenditionName[] {
  if (isPdfKey(photo)) return [];
  const folder = photoOwner(photo)?.familyId;
  return folder === BOOK_COVER_FOLDER || folder === STUDY_FILES_FOLDER ? COVER_RENDITION_NAMES : RENDITION_NAMES;
}

/** Every object of a stored photo: the original and its renditions. */
export const photoObjects = (photo: string): string[] => [
  photo,
  ...renditionsOf(photo).map((name) => renditionKey(photo, name)),
];

/** A new, unused key in the family's folder. */
export const newPhotoKey = (orgId: string, familyId: string, type: PhotoType): string =>
  newFileKey(orgId, familyId, PHOTO_TYPES[type]);

/** A new, unused key in a folder, with this extension. */
export const newFileKey = (orgId: string, folder: string, extension: string): string =>
  `${orgId}/photos/${folder}/${randomUUID()}.${extension}`;

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
