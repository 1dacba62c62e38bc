/** The object operations of the photo pipeline, its clean-ups and the organisation deletion. */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { answeredStatus, s3 } from './s3';

/**
 * 200 when the object is there, else the status S3 refused the HEAD with (404 missing; 403 for a
 * missing object without s3:ListBucket). A 5xx after the SDK's retries, or no answer, throws.
 */
export async function objectStatus(bucket: string, key: string): Promise<number> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return 200;
  } catch (error) {
    const status = answeredStatus(error);
    if (status !== undefined && status < 500) return status;
    throw error;
  }
}

/** The object's bytes; null when it is not there (already handled, or expired). */
export async function readObject(bucket: string, key: string): Promise<Uint8Array | null> {
  try {
    const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return await answer.Body!.transformToByteArray();
  } catch (error) {
    const status = answeredStatus(error);
    if (status === 404 || status === 403) return null;
    throw error;
  }
}

export async function writeObject(bucket: string, key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}

/** Deletes one object (S3 answers a missing one as deleted too). */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/**
 * The first `max` object keys under a prefix: the organisation deletion lists a page, deletes it
 * and lists again from the start.
 */
export async function listKeys(
  bucket: string,
  prefix: string,
  max: number,
): Promise<{ keys: string[]; truncated: boolean }> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: max }));
  return { keys: (page.Contents ?? []).map((o) => o.Key!), truncated: page.IsTruncated === true };
}
