/**
 * The printable directory of a church, made in parts (pdf/render.ts) by the book job's four
 * steps, each one invocation of its own, so that no book depends on one invocation's time or
 * memory:
 *  - read (one per slice of the church, side by side): the slice's families (one Query per 1 MB
 *    page, in parts side by side), only what the whole church may see, with each photo's printed
 *    size, written to the exports bucket. Photos are not read: a photo's printed size follows
 *    from the size the photo pipeline recorded (photo-sizes.ts); only a photo stored before
 *    renditions has the first bytes of its file read for it.
 *  - plan: the church's record and its slices joined, the book laid out and cut into parts of
 *    pages, each part's pages written to the exports bucket.
 *  - part (one per part, side by side): its pages drawn, its photos' print renditions read, its
 *    bytes stored beside its outline (each object's offset, its pages).
 *  - join: the parts joined into the book's file at the key the book job gives (bookKeys.ts) by
 *    an S3 multipart upload, each part copied by S3 itself (UploadPartCopy) where it can be, the
 *    end (catalog, page tree, cross-reference table; pdf/xref.ts) uploaded last.
 */
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { valuesOf } from '../contract/entity';
import { mapLimit } from '../platform/limit';
import type { PaperSize } from '../contract/pdf';
import { env } from '../platform/env';
import { log } from '../platform/log';
import { count } from '../platform/metrics';
import { answeredStatus, s3 } from '../platform/aws/s3';
import { deleteObject, listKeys, readObject, writeObject } from '../platform/aws/s3-objects';
import { notFound } from '../core/errors';
import { photoFrame } from './pdf/images';
import { bookTail, type BookHead, type PartOutline } from './pdf/xref';
import { planBook, renderPart, type BookFamily, type PartSpec, type PlannedPhoto } from './pdf/render';
import type { Family, Organization } from '../core/entities';
import type { StoredBookSettings } from './repos/bookSettings';
import { isOwnPhoto, renditionKey } from '../photos/photo-keys';
import { renditionSize } from '../photos/photo-sizes';
import { readDirectory, readOrganization, type DirectorySlice } from '../directory/repos/directory';
import { readChurchPrivacy } from '../privacy/repos/privacy';
import { PRINT_AUDIENCE, seesFamily, visibleFamily, visibleMember } from '../privacy/visibility';
import { bookPartKey, bookPartsPrefix, bookSliceKey } from './bookKeys';

/** Photos stored before renditions whose first bytes are read at once. */
const HEAD_CONCURRENCY = 24;
/** Parts' files written or read at once. */
const PART_CONCURRENCY = 8;
/** S3's smallest part of a multipart upload, but for the last. */
export const MIN_UPLOAD_PART = 5 * 1024 * 1024;

/**
 * Enough of a photo stored before renditions to read its size: a resized upload has its JPEG
 * frame header within the first few hundred bytes; a camera JPEG kept as chosen may carry up to
 * 64 KB of EXIF first (then a second, larger read).
 */
const HEAD_BYTES = [16 * 1024, 160 * 1024];

export interface BookOptions {
  paper: PaperSize;
  photos: boolean;
}

/** Pages written of a part's: told as its file goes out. */
export type OnPages = (pagesDone: number) => void;

const photoWarning = (photo: string, detail: Record<string, unknown>) =>
  log.warn('photo not read for the PDF', { photo, ...detail });

/**
 * A family's photo as the plan needs it: its print rendition (photo-sizes.ts: about 300 dpi at
 * the printed size; the book cover's own, larger, for the cover), at the size the pipeline made
 * it, read from the size the pipeline recorded. A photo stored before renditions (no recorded
 * size) is printed from its stored file until the one-off job has made its renditions: its first
 * bytes say its size. Null when there is none to print: not ours (photos kept as outside URLs
 * from older data are never fetched: the server would be fetching addresses anyone could have
 * typed in), gone, or no JPEG or PNG.
 */
async function plannedPhoto(
  orgId: string,
  family: Pick<Family, 'photo' | 'photoSize'>,
  rendition: 'print' | 'cover' = 'print',
): Promise<PlannedPhoto<string> | null> {
  const stored = family.photo ?? null;
  if (!isOwnPhoto(orgId, stored)) return null;
  if (family.photoSize)
    return { ...renditionSize(rendition, family.photoSize), objects: 1, source: renditionKey(stored, rendition) };
  try {
    for (const bytes of HEAD_BYTES) {
      const answer = await s3.send(
        new GetObjectCommand({ Bucket: env('PHOTOS_BUCKET'), Key: stored, Range: `bytes=0-${bytes - 1}` }),
      );
      const head = await answer.Body!.transformToByteArray();
      const size = Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1] ?? head.length);
      const frame = photoFrame(head);
      if (frame) return { ...frame, source: stored };
      if (answer.$metadata.httpStatusCode === 200 || size <= head.length) break;
    }
    photoWarning(stored, { stage: 'plan', reason: 'no JPEG or PNG header' });
  } catch (error) {
    const status = answeredStatus(error);
    if (status === 404 || status === 403) return null;
    photoWarning(stored, status === undefined ? { error: String(error) } : { status });
  }
  return null;
}

/** A part's file, or anything else of the run's work, as JSON. */
const writeJson = (key: string, value: unknown) =>
  writeObject(env('EXPORTS_BUCKET'), key, Buffer.from(JSON.stringify(value)), 'application/json');

async function readJson<T>(key: string): Promise<T> {
  const bytes = await readObject(env('EXPORTS_BUCKET'), key);
  if (!bytes) throw new Error(`The book's work file ${key} is missing`);
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as T;
}

/** What the plan leaves for the parts and the join. */
export interface PlannedBook {
  head: BookHead;
  parts: number;
}

/**
 * Step read (one invocation per slice of the church, side by side): the slice's families and
 * members, only what the whole church may see, and no family left out of the directory, each with
 * its photo as the plan needs it; written beside the run's other work (bookKeys.ts). Answers how
 * many families it holds.
 */
export async function readBookSlice(
  orgId: string,
  jobId: string,
  slice: DirectorySlice,
  { photos: withPhotos }: Pick<BookOptions, 'photos'>,
): Promise<number> {
  const started = performance.now();
  const [everyFamily, church] = await Promise.all([readDirectory(orgId, slice), readChurchPrivacy(orgId)]);
  const directory = everyFamily
    .filter(({ family }) => seesFamily(PRINT_AUDIENCE, church, family.familyId))
    .map(({ family, members }) => ({
      family: visibleFamily(PRINT_AUDIENCE, church, family),
      members: members.map((m) => visibleMember(PRINT_AUDIENCE, church, m)),
    }));
  const read = performance.now();
  // A book without photos reads none (and lays the families out without a photo's space).
  const photos = withPhotos
    ? await mapLimit(directory, HEAD_CONCURRENCY, ({ family }) => plannedPhoto(orgId, family))
    : directory.map(() => null);
  const families: BookFamily<string>[] = directory.map(({ family, members }, i) => ({
    ...valuesOf(FAMILY_FIELDS, family),
    photo: photos[i],
    members: members.map((m) => valuesOf(MEMBER_FIELDS, m)),
  }));
  const sized = performance.now();
  await writeJson(bookSliceKey(orgId, jobId, slice.index), families);
  log.info('directory book slice read', {
    orgId,
    jobId,
    slice: slice.index,
    families: families.length,
    photos: photos.filter(Boolean).length,
    ms: {
      read: Math.round(read - started),
      photos: Math.round(sized - read),
      write: Math.round(performance.now() - sized),
    },
  });
  return families.length;
}

/**
 * Step plan: the church's slices as read joined, laid out and cut into parts, each part's pages
 * written beside the run's other work (bookKeys.ts); null when there is nothing to print (then
 * nothing is written).
 */
export async function planDirectoryBook(
  orgId: string,
  jobId: string,
  slices: number,
  { paper }: Pick<BookOptions, 'paper'>,
  now = new Date(),
): Promise<PlannedBook | null> {
  const started = performance.now();
  const [org, read] = await Promise.all([
    readOrganization(orgId),
    mapLimit(
      Array.from({ length: slices }, (_, slice) => slice),
      PART_CONCURRENCY,
      (slice) => readJson<BookFamily<string>[]>(bookSliceKey(orgId, jobId, slice)),
    ),
  ]);
  if (!org) throw notFound('Organization not found.');
  const families = read.flat();
  // Members always belong to a family: no family means nothing to print.
  if (families.length === 0) return null;
  const settings = (org as Organization & { bookSettings?: StoredBookSettings }).bookSettings;
  // The cover photo is the church's own choice for its book: printed whether or not families' photos are.
  const cover = settings?.coverPhoto
    ? await plannedPhoto(orgId, { photo: settings.coverPhoto, photoSize: settings.coverPhotoSize }, 'cover')
    : null;
  const sliced = performance.now();

  const plan = await planBook({
    church: { name: org.orgName, address: org.address, city: org.city, state: org.state, zip: org.zip },
    printedAt: now,
    paper,
    families,
    cover,
  });
  const laidOut = performance.now();
  await mapLimit(plan.parts, PART_CONCURRENCY, (spec) => writeJson(bookPartKey(orgId, jobId, spec.part, 'spec'), spec));
  const pages = plan.layout.pages;
  log.info('directory book planned', {
    orgId,
    jobId,
    families: families.length,
    parts: plan.parts.length,
    pages: {
      total: pages.length,
      families: pages.filter((p) => p.kind === 'families').length,
      index: pages.filter((p) => p.kind === 'index').length,
    },
    ms: {
      read: Math.round(sliced - started),
      layout: Math.round(laidOut - sliced),
      write: Math.round(performance.now() - laidOut),
    },
  });
  return { head: plan.head, parts: plan.parts.length };
}

/** A part's outline, with what it tells of its photos and glyphs. */
interface StoredOutline extends PartOutline {
  photos: number;
  photosSkipped: number;
  notdefGlyphs: number;
}

/** The part's bytes counted as they go out, told as the share of its pages they stand for. */
async function* counted(chunks: AsyncIterable<Uint8Array>, size: number, pages: number, onPages: OnPages) {
  let written = 0;
  for await (const chunk of chunks) {
    written += chunk.length;
    onPages(Math.floor((pages * written) / size));
    yield chunk;
  }
}

/** A photo's bytes for a part; null when it is no longer there (its place stays empty). */
async function loadPhoto(key: string): Promise<Uint8Array | null> {
  const bytes = await readObject(env('PHOTOS_BUCKET'), key);
  if (!bytes) photoWarning(key, { stage: 'part', status: 404 });
  return bytes;
}

/**
 * Step part: one part's pages drawn and its bytes stored (streamed into the bucket as they are
 * written, with backpressure), then its outline. Safe to run again: it writes the same keys.
 */
export async function renderDirectoryBookPart(
  orgId: string,
  jobId: string,
  part: number,
  onPages: OnPages = () => {},
): Promise<{ pages: number; bytes: number }> {
  const started = performance.now();
  const spec = await readJson<PartSpec<string>>(bookPartKey(orgId, jobId, part, 'spec'));
  const read = performance.now();
  const rendered = await renderPart(spec, loadPhoto);
  const drawn = performance.now();
  await s3.send(
    new PutObjectCommand({
      Bucket: env('EXPORTS_BUCKET'),
      Key: bookPartKey(orgId, jobId, part, 'pdf'),
      ContentType: 'application/pdf',
      ContentLength: rendered.size,
      Body: Readable.from(counted(rendered.chunks, rendered.size, spec.pages.length, onPages), { objectMode: false }),
    }),
  );
  const outline: StoredOutline = {
    ...rendered.outline,
    photos: spec.photos.length + (spec.cover ? 1 : 0) - rendered.photosSkipped,
    photosSkipped: rendered.photosSkipped,
    notdefGlyphs: rendered.notdefGlyphs,
  };
  await writeJson(bookPartKey(orgId, jobId, part, 'outline'), outline);
  log.info('directory book part rendered', {
    orgId,
    jobId,
    part,
    pages: spec.pages.length,
    photos: outline.photos,
    photosSkipped: outline.photosSkipped,
    notdefGlyphs: outline.notdefGlyphs,
    bytes: rendered.size,
    ms: {
      read: Math.round(read - started),
      render: Math.round(drawn - read),
      write: Math.round(performance.now() - drawn),
    },
  });
  return { pages: spec.pages.length, bytes: rendered.size };
}

/**
 * The parts (each `size` bytes at `partKey(part)` in the exports bucket), in order, then the end,
 * as the parts of one multipart upload at `key`: a part of at least S3's minimum is copied by S3
 * itself; smaller ones (a book without photos, the index) are read and sent together with what
 * follows until they make one. Aborted on any failure, so no half-made upload stays (the bucket's
 * rule aborts one a crash leaves, after a day). The upload's parts: how many were copied, how
 * many sent.
 */
export async function joinParts(
  key: string,
  outlines: readonly { size: number }[],
  partKey: (part: number) => string,
  tail: Uint8Array,
): Promise<{ copied: number; sent: number }> {
  const bucket = env('EXPORTS_BUCKET');
  const { UploadId } = await s3.send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: 'application/pdf' }),
  );
  const done: CompletedPart[] = [];
  let copied = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const send = async () => {
    const PartNumber = done.length + 1;
    const body = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    const { ETag } = await s3.send(
      new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: body, ContentLength: body.length }),
    );
    done.push({ PartNumber, ETag });
  };
  try {
    for (const [part, outline] of outlines.entries()) {
      if (pendingBytes === 0 && outline.size >= MIN_UPLOAD_PART) {
        const PartNumber = done.length + 1;
        const { CopyPartResult } = await s3.send(
          new UploadPartCopyCommand({
            Bucket: bucket,
            Key: key,
            UploadId,
            PartNumber,
            CopySource: `${bucket}/${encodeURI(partKey(part))}`,
          }),
        );
        done.push({ PartNumber, ETag: CopyPartResult?.ETag });
        copied += 1;
        continue;
      }
      const bytes = await readObject(bucket, partKey(part));
      if (bytes?.length !== outline.size)
        throw new Error(`Part ${part} is ${bytes?.length} bytes, not ${outline.size}`);
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= MIN_UPLOAD_PART) await send();
    }
    pending.push(tail);
    await send();
    await s3.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: done } }),
    );
    return { copied, sent: done.length - copied };
  } catch (error) {
    await s3
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))
      .catch((abort: unknown) => log.warn('book upload not aborted', { key, error: String(abort) }));
    throw error;
  }
}

/** Step join: the parts joined into the book's file at `key`; its page count. */
export async function joinDirectoryBook(
  orgId: string,
  jobId: string,
  head: BookHead,
  parts: number,
  key: string,
): Promise<{ key: string; pages: number }> {
  const started = performance.now();
  const outlines = await mapLimit(
    Array.from({ length: parts }, (_, part) => part),
    PART_CONCURRENCY,
    (part) => readJson<StoredOutline>(bookPartKey(orgId, jobId, part, 'outline')),
  );
  const tail = bookTail(head, outlines);
  const upload = await joinParts(key, outlines, (part) => bookPartKey(orgId, jobId, part, 'pdf'), tail);
  const total = (field: 'photos' | 'photosSkipped' | 'notdefGlyphs') => outlines.reduce((n, o) => n + o[field], 0);
  log.info('directory PDF generated', {
    orgId,
    key,
    parts,
    upload,
    photos: total('photos'),
    photosSkipped: total('photosSkipped'),
    // Characters no font of the chain has, printed as boxes: a script to add.
    notdefGlyphs: total('notdefGlyphs'),
    pages: head.pages,
    bytes: outlines.reduce((n, o) => n + o.size, 0) + tail.length,
    ms: { join: Math.round(performance.now() - started) },
  });
  count('DirectoryPdfsGenerated');
  return { key, pages: head.pages };
}

/** The run's work deleted (after the join, or when the run failed): a page of keys at a time. */
export async function deleteBookWork(orgId: string, jobId: string): Promise<void> {
  const bucket = env('EXPORTS_BUCKET');
  for (;;) {
    const { keys } = await listKeys(bucket, bookPartsPrefix(orgId, jobId), 1000);
    if (!keys.length) return;
    await mapLimit(keys, 16, (k) => deleteObject(bucket, k));
  }
}
