/**
 * The church's book setting (book/repos/bookSettings.ts): its administrators' choice of paper and
 * photos for every book, and the book's cover photo. The page shows it as the default beside
 * Download PDF and saves a change at once; a book started without a choice of its own is made
 * with it. The cover is uploaded as a family's photo is (createBookCoverUpload, the photo
 * pipeline), into the church's cover folder (photo-keys.ts BOOK_COVER_FOLDER), taken up here
 * once the pipeline has checked it, and a replaced or removed cover deleted off the request path.
 */
import type { BookCoverView, BookSettings, BookSettingsInput, SetBookSettingsResult } from '../contract/book';
import type { PhotoType } from '../contract/directory';
import type { BookOptions } from './directoryPdf';
import { AppError, invalid, notFound } from '../core/errors';
import { BOOK_COVER_FOLDER, isFamilyPhoto } from '../photos/photo-keys';
import { retirePhoto } from '../photos/photo-retiring';
import { takeNewPhoto } from '../photos/photo-taking';
import { photoUrl, presignPhotoUpload } from '../photos/photos';
import { getBookSettings, saveBookSettingsAction, type StoredBookSettings } from './repos/bookSettings';
import type { Viewer } from '../core/viewer';
import { auditStep, churchSubject, recordChange } from '../audit/trail';
import { CONCURRENT_WRITE, ConditionFailed, transact } from '../core/repos/transact';

export const COVER_NOT_OURS = 'Please upload the cover photo for this book again.';

/** A church that never chose: Letter (churches register with United States addresses), with photos. */
export const DEFAULT_BOOK_SETTINGS: StoredBookSettings = { paper: 'letter', photos: true };

async function coverView(stored: StoredBookSettings): Promise<BookCoverView | null> {
  const { coverPhoto: photo, coverPhotoSize: size } = stored;
  if (!photo || !size) return null;
  const url = await photoUrl({ photo, photoSize: size });
  return { photo, url: url!, width: size.width, height: size.height };
}

const viewOf = async (stored: StoredBookSettings): Promise<BookSettings> => ({
  paper: stored.paper,
  photos: stored.photos,
  cover: await coverView(stored),
});

/** The church's setting as the page shows it; null when its administrators never chose. */
export async function readBookSettings(orgId: string): Promise<BookSettings | null> {
  const stored = await getBookSettings(orgId);
  return stored ? viewOf(stored) : null;
}

/** The book's settings as the audit trail records them. */
const settingsChange = (before: StoredBookSettings | null, after: StoredBookSettings) =>
  recordChange(
    { kind: 'settings', id: 'book', name: 'The printed book' },
    ['paper', 'photos', 'coverPhoto'],
    before,
    after,
  );

export async function saveBookSettings(
  admin: Pick<Viewer, 'orgId' | 'actor'>,
  input: BookSettingsInput,
): Promise<SetBookSettingsResult> {
  const { orgId } = admin;
  const current = await getBookSettings(orgId);
  const readCover = current?.coverPhoto ?? null;
  const cover = input.coverPhoto === undefined ? readCover : input.coverPhoto;
  if (cover !== readCover && cover !== null && !isFamilyPhoto(orgId, BOOK_COVER_FOLDER, cover))
    throw invalid(COVER_NOT_OURS);
  // A new cover only once the photo pipeline found it a usable photo uploaded for this church's book.
  const taken = await takeNewPhoto(orgId, BOOK_COVER_FOLDER, cover, readCover);
  const size = taken ? taken.size : current?.coverPhotoSize;
  const stored: StoredBookSettings = {
    paper: input.paper,
    photos: input.photos,
    ...(cover && size ? { coverPhoto: cover, coverPhotoSize: size } : {}),
  };
  try {
    await transact(orgId, [
      { action: saveBookSettingsAction(orgId, stored, readCover) },
      ...(taken ? [taken.step] : []),
      auditStep(admin, churchSubject(orgId), [settingsChange(current, stored)]),
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (error.step === 0 && !current) throw notFound('Organization not found.');
    throw new AppError('aborted', CONCURRENT_WRITE);
  }
  if (readCover && readCover !== cover) await retirePhoto(orgId, BOOK_COVER_FOLDER, readCover);
  return { success: true, settings: await viewOf(stored) };
}

/** A presigned upload of a cover photo into the church's cover folder (admins). */
export const presignBookCoverUpload = (orgId: string, contentType: PhotoType, size: number) =>
  presignPhotoUpload(orgId, BOOK_COVER_FOLDER, contentType, size);

/** A book's choices: those the start asked for, else the church's setting, else the defaults. */
export function bookOptions(
  asked: Partial<BookOptions>,
  settings: BookSettings | StoredBookSettings | null,
): BookOptions {
  const chosen = settings ?? DEFAULT_BOOK_SETTINGS;
  return { paper: asked.paper ?? chosen.paper, photos: asked.photos ?? chosen.photos };
}
