/**
 * The printable directory of a church: its record and whole directory (one Query per 1 MB page),
 * its family photos read from S3 (the first bytes of each up front, the rest while the file is
 * written, so they are never all in memory; a missing one is skipped), the PDF rendered
 * (pdf/render.ts) and streamed into the exports bucket at the key the book job gives (its run's
 * file under `books/<orgId>/`, bookKeys.ts).
 */
import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { valuesOf } from '../contract/entity';
import { mapLimit } from '../platform/limit';
import { PDF_MESSAGES, type PaperSize } from '../contract/pdf';
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { count } from '../platform/metrics';
import { answeredStatus, s3 } from '../platform/aws/s3';
import { AppError, notFound } from '../core/errors';
import { isJpeg as isJpegStart, jpegInfo, type LazyPhoto } from './pdf/images';
import { renderDirectoryPdf, type PdfFamily } from './pdf/render';
import type { Family, Organization } from '../core/entities';
import type { StoredBookSettings } from './repos/bookSettings';
import { isOwnPhoto, renditionKey } from '../photos/photo-keys';
import { readDirectory, readOrganization } from '../directory/repos/directory';
import { readChurchPrivacy } from '../privacy/repos/privacy';
import { PRINT_AUDIENCE, seesFamily, visibleFamily, visibleMember } from '../privacy/visibility';

/** Photos read at once: enough to hide S3's latency. */
const PHOTO_CONCURRENCY = 24;

/**
 * Enough of a photo to read its JPEG frame header: a resized upload has it within the first few
 * hundred bytes; a camera JPEG kept as chosen may carry up to 64 KB of EXIF first (then a second,
 * larger read).
 */
const HEAD_BYTES = [16 * 1024, 160 * 1024];

type PhotoSource = Uint8Array | LazyPhoto;

const photoWarning = (photo: string, detail: Record<string, unknown>) =>
  log.warn('photo not read for the PDF', { photo, ...detail });

/**
 * A family's photo for the PDF, or null when it is not there (deleted, never finished uploading) or
 * cannot be read: the family then prints without it. The print rendition (photo-sizes.ts: about
 * 300 dpi at the printed size, a JPEG of some 40 KB; the book cover's own, larger, for the cover);
 * a photo stored before renditions is printed
 * from its stored bytes until the one-off job has made its renditions. A JPEG comes back lazily:
 * its first bytes now (size and colours), the whole of it only while the file is written, pinned
 * to this version by its ETag. Small photos, and anything else (PNG), come back whole. Photos kept
 * as outside URLs from older data are not fetched (the server would be fetching addresses anyone
 * could have typed in).
 */
async function readPhoto(
  orgId: string,
  family: Pick<Family, 'photo' | 'photoSize'>,
  rendition: 'print' | 'cover' = 'print',
): Promise<PhotoSource | null> {
  const stored = family.photo ?? null;
  if (!isOwnPhoto(orgId, stored)) return null;
  const photo = family.photoSize ? renditionKey(stored, rendition) : stored;
  const get = async (options: { Range?: string; IfMatch?: string }) => {
    const answer = await s3.send(new GetObjectCommand({ Bucket: env('PHOTOS_BUCKET'), Key: photo, ...options }));
    return { answer, bytes: await answer.Body!.transformToByteArray() };
  };
  try {
    let head: Uint8Array = new Uint8Array(0);
    let size = 0;
    let etag: string | undefined;
    for (const bytes of HEAD_BYTES) {
      const { answer, bytes: got } = await get({ Range: `bytes=0-${bytes - 1}` });
      head = got;
      size = Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1] ?? head.length);
      etag = answer.ETag;
      if (answer.$metadata.httpStatusCode === 200 || size <= head.length) return head;
      if (jpegInfo(head) || !isJpegStart(head)) break;
    }
    const load = async () => {
      let bytes: Uint8Array;
      try {
        bytes = (await get(etag ? { IfMatch: etag } : {})).bytes;
      } catch (error) {
        const status = answeredStatus(error);
        // No answer at all fails the file, as a network failure would anywhere else.
        if (status === undefined) throw error;
        photoWarning(photo, { status, stage: 'write' });
        return null;
      }
      if (bytes.length !== size) photoWarning(photo, { stage: 'write', expected: size, got: bytes.length });
      return bytes;
    };
    if (jpegInfo(head)) return { head, size, load };
    return await load();
  } catch (error) {
    const status = answeredStatus(error);
    if (status === 404 || status === 403) return null;
    photoWarning(photo, status === undefined ? { error: String(error) } : { status });
    return null;
  }
}

/** The file into the exports bucket as it is written (with backpressure): never whole in memory. */
async function putPdf(key: string, size: number, chunks: AsyncIterable<Uint8Array>): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: env('EXPORTS_BUCKET'),
      Key: key,
      ContentType: 'application/pdf',
      ContentLength: size,
      Body: Readable.from(chunks, { objectMode: false }),
    }),
  );
}

export interface BookOptions {
  paper: PaperSize;
  photos: boolean;
}

/** Pages written of the book's total: told as the file goes out (the photos are read while it is written). */
export type OnPages = (pagesDone: number, totalPages: number) => void;

/** The file's bytes counted as they go out, told as the share of the pages they stand for. */
async function* counted(chunks: AsyncIterable<Uint8Array>, size: number, pages: number, onPages: OnPages) {
  let written = 0;
  for await (const chunk of chunks) {
    written += chunk.length;
    onPages(Math.floor((pages * written) / size), pages);
    yield chunk;
  }
}

/**
 * Renders the church's book and stores it in the exports bucket at `key`: its page count, or null
 * when there is nothing to print (then nothing is written). The book job's Render task
 * (directoryBookRender.ts).
 */
export async function writeDirectoryPdf(
  orgId: string,
  { paper, photos: withPhotos }: BookOptions,
  key: string,
  now = new Date(),
  onPages: OnPages = () => {},
): Promise<{ key: string; pages: number } | null> {
  const started = performance.now();
  const [org, everyFamily, church] = await Promise.all([
    readOrganization(orgId),
    readDirectory(orgId),
    readChurchPrivacy(orgId),
  ]);
  if (!org) throw notFound('Organization not found.');
  // The book is for the whole church: only what everyone may see, and no family left out of the directory.
  const directory = everyFamily
    .filter(({ family }) => seesFamily(PRINT_AUDIENCE, church, family.familyId))
    .map(({ family, members }) => ({
      family: visibleFamily(PRINT_AUDIENCE, church, family),
      members: members.map((m) => visibleMember(PRINT_AUDIENCE, church, m)),
    }));
  // Members always belong to a family: no family means nothing to print.
  if (directory.length === 0) return null;
  const settings = (org as Organization & { bookSettings?: StoredBookSettings }).bookSettings;
  // The cover photo is the church's own choice for its book: printed whether or not families' photos are.
  const cover = settings?.coverPhoto
    ? readPhoto(orgId, { photo: settings.coverPhoto, photoSize: settings.coverPhotoSize }, 'cover')
    : null;

  const read = performance.now();
  // A book without photos reads none (and lays the families out without a photo's space).
  const photos = withPhotos
    ? await mapLimit(directory, PHOTO_CONCURRENCY, ({ family }) => readPhoto(orgId, family))
    : directory.map(() => null);
  const fetched = performance.now();
  const families: PdfFamily[] = directory.map(({ family, members }, i) => ({
    ...valuesOf(FAMILY_FIELDS, family),
    photo: photos[i],
    members: members.map((m) => valuesOf(MEMBER_FIELDS, m)),
  }));
  const photoCount = photos.filter(Boolean).length;
  // From here the renderer owns the bytes (it lets them go as the file is written).
  photos.fill(null);

  try {
    const pdf = await renderDirectoryPdf({
      church: { name: org.orgName, address: org.address, city: org.city, state: org.state, zip: org.zip },
      printedAt: now,
      paper,
      families,
      cover: await cover,
    });
    const rendered = performance.now();
    const pages = pdf.layout.pages.length;
    onPages(0, pages);
    // The file is written as it is uploaded (pdf/stream.ts): photos are freed as they go out.
    await putPdf(key, pdf.size, counted(pdf.chunks, pdf.size, pages, onPages));
    log.info('directory PDF generated', {
      orgId,
      key,
      families: families.length,
      photos: photoCount,
      photosSkipped: pdf.photosSkipped,
      // Characters no font of the chain has, printed as boxes: a script to add.
      notdefGlyphs: pdf.notdefGlyphs,
      pages: {
        total: pdf.layout.pages.length,
        families: pdf.layout.pages.filter((p) => p.kind === 'families').length,
        index: pdf.layout.pages.filter((p) => p.kind === 'index').length,
      },
      bytes: pdf.size,
      ms: {
        read: Math.round(read - started),
        photos: Math.round(fetched - read),
        render: Math.round(rendered - fetched),
        write: Math.round(performance.now() - rendered),
      },
    });
    count('DirectoryPdfsGenerated');
    return { key, pages };
  } catch (error) {
    log.error('directory PDF failed', { orgId, key, error: safeError(error) });
    throw new AppError('internal', PDF_MESSAGES.serverFailed);
  }
}
