/** Whose a photo key is (lambdas/photos/photo-keys.ts), and how an update says "keep the photo". */
import { describe, expect, it } from 'vitest';
import { AddFamilyInput, UpdateFamilyInput } from '../../lambdas/contract/directory';
import {
  BOOK_COVER_FOLDER,
  isFamilyPhoto,
  isOldLayoutPhoto,
  isOwnPhoto,
  newPhotoKey,
  photoObjects,
  photoOwner,
} from '../../lambdas/photos/photo-keys';

const UUID = '11111111-1111-4111-8111-111111111111';

describe('photo keys', () => {
  it("puts a new photo in its family's folder, which names the family", () => {
    const key = newPhotoKey('org-1', 'fam_1', 'image/webp');
    expect(key).toMatch(/^org-1\/photos\/fam_1\/[0-9a-f-]{36}\.webp$/);
    expect(photoOwner(key)).toEqual({ orgId: 'org-1', familyId: 'fam_1' });
    expect(isFamilyPhoto('org-1', 'fam_1', key)).toBe(true);
    expect(isFamilyPhoto('org-1', 'fam_2', key)).toBe(false);
    expect(isFamilyPhoto('org-2', 'fam_1', key)).toBe(false);
    expect(isOldLayoutPhoto('org-1', key)).toBe(false);
  });

  it('reads keys from before family folders as naming no family', () => {
    const old = `org-1/photos/${UUID}.jpg`;
    expect(photoOwner(old)).toEqual({ orgId: 'org-1', familyId: null });
    expect(isOwnPhoto('org-1', old)).toBe(true);
    expect(isOldLayoutPhoto('org-1', old)).toBe(true);
    expect(isOldLayoutPhoto('org-2', old)).toBe(false);
    expect(isFamilyPhoto('org-1', 'fam_1', old)).toBe(false);
  });

  it('owns nothing that is not a key of ours', () => {
    for (const value of [
      null,
      '',
      'https://example.org/x.jpg',
      `org-1/photos/a/b/${UUID}.jpg`,
      `org-1/photos/../${UUID}.jpg`,
      `org-1/photos/fam/${UUID}.svg`,
      `org-1/photos/fam/${UUID}.jpg/x`,
      `org-1/other/fam/${UUID}.jpg`,
    ])
      expect(photoOwner(value), String(value)).toBeNull();
  });
});

describe('the renditions a stored photo has', () => {
  it("gives the book's cover alone a cover rendition, and lists it among the objects to delete", () => {
    const family = '0rg/photos/fam-1/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
    const cover = `0rg/photos/${BOOK_COVER_FOLDER}/0f8fad5b-d9cb-469f-a165-70867728950e.jpg`;
    const base = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(photoObjects(family).map((key) => key.slice(key.indexOf(base)))).toEqual([
      `${base}.jpg`,
      `${base}/small.webp`,
      `${base}/page.webp`,
      `${base}/print.jpg`,
    ]);
    expect(photoObjects(cover).map((key) => key.slice(key.indexOf(base)))).toEqual([
      `${base}.jpg`,
      `${base}/small.webp`,
      `${base}/page.webp`,
      `${base}/print.jpg`,
      `${base}/cover.jpg`,
    ]);
  });
});

describe('the photo in a family form', () => {
  const fields = { surname: 'Okafor', version: 2 };
  it('keeps the stored photo when an update leaves it out, removes it for null or empty', () => {
    expect(UpdateFamilyInput.parse(fields).photo).toBeUndefined();
    expect(UpdateFamilyInput.parse({ ...fields, photo: null }).photo).toBeNull();
    expect(UpdateFamilyInput.parse({ ...fields, photo: '' }).photo).toBeNull();
    expect(UpdateFamilyInput.parse({ ...fields, photo: 'k' }).photo).toBe('k');
    // An old client's existingPhotoPath is dropped, never used.
    expect(UpdateFamilyInput.parse({ ...fields, existingPhotoPath: 'k' })).not.toHaveProperty('existingPhotoPath');
  });

  it('adds a family without a photo when the add leaves it out', () => {
    expect(AddFamilyInput.parse({ surname: 'Okafor' }).photo).toBeNull();
  });
});
