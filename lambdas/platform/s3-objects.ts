/** The object operations of the photo checks, clean-ups and the organisation deletion. */
import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
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
