/**
 * The book's cover photo through the API: an admin uploads it as a family's photo is uploaded
 * (createBookCoverUpload, the photo pipeline), saves it as the church's book setting, and the
 * next book's cover page prints it under the church's name with the address, date and counts
 * (page 1's images counted with pdf-lib, its text and what it draws read with pdf.js, as a
 * reader's viewer shows it); changing or removing it deletes the old one; a photo that is not this
 * church's cover is refused.
 */
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GetDirectoryBookResult, SetBookSettingsResult } from '../../lambdas/contract/book';
import { COVER_NOT_OURS } from '../../lambdas/book/bookSettings';
import { photoObjects, renditionKey } from '../../lambdas/photos/photo-keys';
import { call } from '../support/api';
import { expectRefusedUnchanged } from '../support/bad-input';
import { makeBook } from '../support/book';
import { createChurch, type Church } from '../support/fixtures';
import { pdfImages, pdfLines, pdfText } from '../support/pdfText';
import { photoJpeg } from '../support/photos';
import { photoExists, settled, uploadBookCover, uploadPhoto } from '../support/upload';

async function addFamily(token: string, surname: string, name: string): Promise<string> {
  const family = await call<{ id: string }>('addFamily', {
    token,
    body: { surname, street: '12 Elm Street', city: 'Raleigh', state: 'NC', zipcode: '27601', photo: null },
  });
  expect(family.status, JSON.stringify(family.body)).toBe(200);
  const member = await call('addMember', {
    token,
    body: { familyId: family.body.id, name, birthday: '03/14', cellphone: null, email: null },
  });
  expect(member.status, JSON.stringify(member.body)).toBe(200);
  return family.body.id;
}

const settings = (token: string, body: object) => call<SetBookSettingsResult>('setBookSettings', { token, body });

/** The images page 1 draws (its XObjects), by their pixel width. */
async function coverImageWidths(bytes: Uint8Array): Promise<number[]> {
  const page = (await PDFDocument.load(bytes)).getPage(0);
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  return (xobjects?.keys() ?? []).map((name) => {
    const image = xobjects!.lookup(name) as PDFStream;
    return (image.dict.lookup(PDFName.of('Width')) as PDFNumber).asNumber();
  });
}
const coverImages = async (bytes: Uint8Array) => (await coverImageWidths(bytes)).length;

describe('the book’s cover photo', () => {
  let church: Church;
  let familyId: string;

  beforeAll(async () => {
    church = await createChurch();
    familyId = await addFamily(church.adminToken, 'Okafor', 'Chidi Okafor');
    await addFamily(church.adminToken, 'Lindqvist', 'Åsa Lindqvist');
  });

  it('a book without a cover photo has none on its cover', async () => {
    expect(await coverImages((await makeBook(church.adminToken)).bytes!)).toBe(0);
  });

  it('is uploaded, saved as the church’s setting and printed on the cover under the name, with the address, date and counts', async () => {
    const cover = await uploadBookCover(church.adminToken, photoJpeg(3, 1200, 800));
    const saved = await settings(church.adminToken, { paper: 'letter', photos: false, coverPhoto: cover });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings.cover).toMatchObject({ photo: cover, width: 1200, height: 800 });
    // Every admin's page shows it, with a preview it can load.
    const read = await call<GetDirectoryBookResult>('getDirectoryBook', { token: church.adminToken });
    expect(read.body.settings?.cover?.photo).toBe(cover);
    expect((await fetch(read.body.settings!.cover!.url)).status).toBe(200);

    const { bytes: made } = await makeBook(church.adminToken);
    const bytes = made!;
    // Photos of families are off: the one image on the cover is the cover photo, from its cover
    // rendition (1,500 px at most, never larger than the photo): 240 dpi at five inches, not the
    // 434 px of a family's print rendition.
    expect(await coverImageWidths(bytes)).toEqual([1200]);
    const text = await pdfText(bytes, 1);
    // Under the name and title: the photo, then the address (its order as drawn).
    expect(await pdfText(bytes, 1, true)).toMatch(/Grace Church.*Church Directory.*12 Elm Street.*Raleigh, NC 27601/s);
    expect(text).toMatch(/Printed \w+ \d{1,2}, \d{4}/);
    expect(text).toContain('2 families · 2 members');
    // The cover page as a person sees it (pdf.js draws it as a viewer would): the photo five inches
    // wide, as the photo's 3:2, in the middle of the Letter page, between the title and the address.
    const images = await pdfImages(bytes, 1);
    expect(images).toHaveLength(1);
    const [photo] = images;
    expect(photo!.width).toBeCloseTo(360, 0);
    expect(photo!.height).toBeCloseTo(240, 0);
    expect(photo!.x + photo!.width / 2).toBeCloseTo(612 / 2, 0);
    const lines = await pdfLines(bytes, 1);
    const baseline = (start: string) => lines.find((line) => line.text.startsWith(start))!.y;
    expect(photo!.y + photo!.height).toBeLessThan(baseline('Church Directory'));
    expect(photo!.y).toBeGreaterThan(baseline('12 Elm Street'));
  });

  it('a new cover replaces the old, whose files go; removing it prints a cover without one', async () => {
    const before = (await call<GetDirectoryBookResult>('getDirectoryBook', { token: church.adminToken })).body
      .settings!;
    const old = before.cover!.photo;
    const next = await uploadBookCover(church.adminToken, photoJpeg(4, 900, 900));
    const changed = await settings(church.adminToken, { paper: 'a4', photos: true, coverPhoto: next });
    expect(changed.body.settings).toMatchObject({ paper: 'a4', photos: true, cover: { photo: next } });
    await settled();
    for (const key of photoObjects(old)) expect(await photoExists(key), key).toBe(false);
    expect(await photoExists(renditionKey(next, 'print'))).toBe(true);

    // Paper and photos alone keep the cover.
    const kept = await settings(church.adminToken, { paper: 'letter', photos: false });
    expect(kept.body.settings.cover?.photo).toBe(next);

    const removed = await settings(church.adminToken, { paper: 'letter', photos: false, coverPhoto: null });
    expect(removed.body.settings.cover).toBeNull();
    await settled();
    expect(await photoExists(next)).toBe(false);
    expect(await coverImages((await makeBook(church.adminToken)).bytes!)).toBe(0);
  });

  it('refuses, and changes nothing for, a photo that is not a checked cover of this church', async () => {
    const familyPhoto = await uploadPhoto(church.adminToken, familyId);
    const other = await createChurch();
    const theirs = await uploadBookCover(other.adminToken);
    for (const coverPhoto of [familyPhoto, theirs, 'not-a-photo', `${church.orgId}/photos/book-cover/x.jpg`])
      await expectRefusedUnchanged(
        church.adminToken,
        'setBookSettings',
        { body: { paper: 'letter', photos: true, coverPhoto } },
        COVER_NOT_OURS,
      );
    await expectRefusedUnchanged(
      church.adminToken,
      'createBookCoverUpload',
      { body: { contentType: 'image/tiff', size: 100 } },
      'Please select a valid image file.',
    );
    await expectRefusedUnchanged(
      church.adminToken,
      'setBookSettings',
      { body: { paper: 'letter', photos: true, coverPhoto: 12 } },
      'Please select a valid image file.',
    );
  });
});
