/**
 * The book's join (lambdas/book/directoryPdf.ts) against the local S3, which is as strict as S3
 * on multipart uploads: every part but the last at least 5 MiB (EntityTooSmall), and parts
 * copied from other objects (UploadPartCopy). Parts of every size join into one file, in order.
 */
import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { joinParts, MIN_UPLOAD_PART } from '../../lambdas/book/directoryPdf';
import { s3 } from '../../lambdas/platform/aws/s3';
import { readObject, writeObject } from '../../lambdas/platform/aws/s3-objects';
import { stack } from '../support/env';

const MB = 1024 * 1024;
const bucket = () => stack.env.EXPORTS_BUCKET!;
const bytesOf = (size: number, fill: number) => {
  const bytes = Buffer.alloc(size, fill);
  // Each part's first and last bytes its own, so an order or a cut shows.
  bytes.write(`part ${fill} start`, 0);
  bytes.write(`${fill} end`, size - 8);
  return bytes;
};

async function join(sizes: number[]) {
  const prefix = `exports/join-test/${crypto.randomUUID()}/`;
  const parts = sizes.map((size, i) => bytesOf(size, 65 + i));
  await Promise.all(parts.map((p, i) => writeObject(bucket(), `${prefix}part-${i}.pdf`, p, 'application/pdf')));
  const tail = Buffer.from('trailer of the book');
  const key = `${prefix}book.pdf`;
  const upload = await joinParts(
    key,
    parts.map((p) => ({ size: p.length })),
    (i) => `${prefix}part-${i}.pdf`,
    tail,
  );
  const joined = await readObject(bucket(), key);
  return { upload, joined: Buffer.from(joined!), expected: Buffer.concat([...parts, tail]) };
}

describe('the book’s join', () => {
  it('copies the large parts, gathers the small ones with what follows, and ends with the tail', async () => {
    const { upload, joined, expected } = await join([6 * MB, 1 * MB, 2 * MB, 6 * MB, 5.5 * MB, 1 * MB]);
    expect(joined.equals(expected)).toBe(true);
    // 6 copied; 1 + 2 + 6 sent as one; 5.5 copied; 1 and the tail sent last.
    expect(upload).toEqual({ copied: 2, sent: 2 });
  });

  it('sends a book of small parts (no photos) as one part', async () => {
    const { upload, joined, expected } = await join([MB, 2 * MB, 100]);
    expect(joined.equals(expected)).toBe(true);
    expect(upload).toEqual({ copied: 0, sent: 1 });
  });

  it('is refused by S3 when a part but the last is under 5 MiB (as the join never sends)', async () => {
    const Key = `exports/join-test/${crypto.randomUUID()}.bin`;
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket(), Key }));
    const parts = [];
    for (const [i, size] of [MIN_UPLOAD_PART - 1, 10].entries()) {
      const { ETag } = await s3.send(
        new UploadPartCommand({ Bucket: bucket(), Key, UploadId, PartNumber: i + 1, Body: Buffer.alloc(size) }),
      );
      parts.push({ PartNumber: i + 1, ETag });
    }
    await expect(
      s3.send(
        new CompleteMultipartUploadCommand({ Bucket: bucket(), Key, UploadId, MultipartUpload: { Parts: parts } }),
      ),
    ).rejects.toMatchObject({ name: 'EntityTooSmall' });
    expect(await readObject(bucket(), Key)).toBeNull();
  });
});
