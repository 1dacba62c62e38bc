/**
 * The printed book's contents, made by the book job as the Families page makes it: the file in
 * the exports bucket under the church's books folder, the presigned download saved as
 * directory.pdf, read back with pdf-lib and pdf.js (test/support/pdfText.ts): every name as
 * written, the photos' print renditions, the paper and photos chosen.
 */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PDF_MESSAGES } from '../../lambdas/contract/pdf';
import { renditionKey } from '../../lambdas/photos/photo-keys';
import { s3 } from '../../lambdas/platform/aws/s3';
import { bookKey, churchBooksPrefix } from '../../lambdas/book/bookKeys';
import { call } from '../support/api';
import { makeBook } from '../support/book';
import { stack } from '../support/env';
import { createAccountIn, createChurch, type Church } from '../support/fixtures';
import { photoJpeg } from '../support/photos';
import { uploadNewFamilyPhoto, type NewFamilyPhoto } from '../support/upload';
import { pdfText } from '../support/pdfText';

async function addFamily(
  token: string,
  surname: string,
  names: string[],
  upload: NewFamilyPhoto | null = null,
): Promise<string> {
  const family = await call<{ id: string }>('addFamily', {
    token,
    requestKey: upload?.requestKey,
    body: {
      surname,
      street: '12 Elm Street',
      city: 'Raleigh',
      state: 'NC',
      zipcode: '27601',
      phone: '919-555-0100',
      anniversary: '06/12',
      photo: upload?.photo ?? null,
    },
  });
  expect(family.status, JSON.stringify(family.body)).toBe(200);
  for (const [i, name] of names.entries()) {
    const member = await call('addMember', {
      token,
      body: {
        familyId: family.body.id,
        name,
        birthday: i % 2 ? null : '03/14',
        cellphone: '919-555-0111',
        email: null,
      },
    });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
  }
  return family.body.id;
}

const FAMILIES: [string, string[]][] = [
  ['Nguyễn', ['Văn An', 'Thị Hồng']],
  ['Ødegård', ['Åse', 'Bjørn']],
  ['Παπαδόπουλος', ['Γιώργος', 'Ελένη']],
  ['김', ['민수', '지영']],
  ['Adams', ['Zoe']],
];

describe('the printed book’s contents', () => {
  let church: Church;
  let photoJpegBytes: Buffer;
  let missingPhoto: string;
  let exifHeavy: Buffer;
  let withPhotoKey: string;
  let withExifKey: string;

  beforeAll(async () => {
    church = await createChurch();
    // Full size (~270 KB): read lazily, its first bytes first, the rest while the file is written.
    photoJpegBytes = photoJpeg(7);
    const withPhoto = await uploadNewFamilyPhoto(church.adminToken, photoJpegBytes);
    withPhotoKey = withPhoto.photo;
    await addFamily(church.adminToken, FAMILIES[0]![0], FAMILIES[0]![1], withPhoto);
    // A family whose photo object is gone from the bucket: it prints without it.
    const missing = await uploadNewFamilyPhoto(church.adminToken, photoJpeg(8, 320, 240));
    missingPhoto = missing.photo;
    await addFamily(church.adminToken, FAMILIES[1]![0], FAMILIES[1]![1], missing);
    for (const key of [missingPhoto, renditionKey(missingPhoto, 'print')])
      await s3.send(new DeleteObjectCommand({ Bucket: stack.env.PHOTOS_BUCKET, Key: key }));
    // A camera-style JPEG: 40 KB of metadata before its frame header (read with a second, larger look).
    const plain = photoJpeg(9);
    const app1 = Buffer.alloc(40_004);
    app1.writeUInt16BE(0xffe1, 0);
    app1.writeUInt16BE(40_002, 2);
    exifHeavy = Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
    const withExif = await uploadNewFamilyPhoto(church.adminToken, exifHeavy);
    withExifKey = withExif.photo;
    await addFamily(church.adminToken, FAMILIES[2]![0], FAMILIES[2]![1], withExif);
    for (const [surname, names] of FAMILIES.slice(3)) await addFamily(church.adminToken, surname, names);
  });

  it('gives an admin the church’s directory: stored under its folder, downloaded as directory.pdf, every name as written', async () => {
    const { book, bytes } = await makeBook(church.adminToken, { paper: 'letter', photos: true });
    expect(book.message).toBe(PDF_MESSAGES.generated);
    const key = bookKey(church.orgId, book.jobId);
    expect(decodeURIComponent(book.url!)).toContain(key);
    await s3.send(new HeadObjectCommand({ Bucket: stack.env.EXPORTS_BUCKET, Key: key }));

    const response = await fetch(book.url!);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="directory.pdf"; filename*=UTF-8''directory.pdf`,
    );
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(bytes!.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes!);
    // Cover, one page of families, the index.
    expect(doc.getPageCount()).toBe(3);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });

    const families = await pdfText(bytes!, 2);
    for (const [surname, names] of FAMILIES) {
      expect(families).toContain(`${surname} Family`);
      for (const name of names) expect(families).toContain(name);
    }
    expect(await pdfText(bytes!, 1)).toContain('Printed');
    const index = await pdfText(bytes!, 3, true);
    expect(index).toContain('Index');
    expect(index).toMatch(/김, 민수[ .]*2/);
    // Each photo's print rendition (about 300 dpi at its printed size), never the photo as
    // uploaded; the missing one skipped without a fuss.
    const file = Buffer.from(bytes!);
    for (const photo of [withPhotoKey, withExifKey]) {
      const print = await s3.send(
        new GetObjectCommand({ Bucket: stack.env.PHOTOS_BUCKET, Key: renditionKey(photo, 'print') }),
      );
      expect(file.indexOf(Buffer.from(await print.Body!.transformToByteArray()))).toBeGreaterThan(0);
    }
    expect(file.indexOf(photoJpegBytes)).toBe(-1);
    expect(file.indexOf(exifHeavy.subarray(0, 40_000))).toBe(-1);
    expect(file.toString('latin1')).toContain('/Width 433');
    expect(file.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
  });

  it('prints on A4 when asked', async () => {
    const doc = await PDFDocument.load((await makeBook(church.adminToken, { paper: 'a4' })).bytes!);
    expect(doc.getPage(1).getWidth()).toBeCloseTo(595.28, 1);
    expect(doc.getPage(1).getHeight()).toBeCloseTo(841.89, 1);
  });

  it('leaves the photos out when asked, reading none', async () => {
    const { bytes } = await makeBook(church.adminToken, { photos: false });
    expect(Buffer.from(bytes!).indexOf(Buffer.from('/Subtype /Image'))).toBe(-1);
    const families = await pdfText(bytes!, 2);
    for (const [surname] of FAMILIES) expect(families).toContain(`${surname} Family`);
  });

  it('refuses anyone but an admin', async () => {
    const member = await createAccountIn(church.orgId);
    expect((await call('startDirectoryBook', { token: member.token, body: {} })).status).toBe(403);
    expect((await call('startDirectoryBook', { token: null, body: {} })).status).toBe(401);
    const unverifiedAdmin = await createAccountIn(church.orgId, { admin: true, verified: false });
    expect((await call('startDirectoryBook', { token: unverifiedAdmin.token, body: {} })).status).toBe(403);
  });

  it('gives another church’s admin its own church’s directory, never this one', async () => {
    const other = await createChurch();
    await addFamily(other.adminToken, 'Okafor', ['Chidi']);
    const { book, bytes } = await makeBook(other.adminToken);
    expect(decodeURIComponent(book.url!)).toContain(churchBooksPrefix(other.orgId));
    const text = await pdfText(bytes!);
    expect(text).toContain('Okafor Family');
    expect(text).not.toContain('Nguyễn');
  });
});
