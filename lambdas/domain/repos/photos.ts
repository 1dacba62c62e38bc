/**
 * Prepared photos (`PHOTO#<photoId>`): what the photo pipeline found of an upload, kept until a
 * family takes the photo (removed in that family's transaction) or for a day (TTL). A family
 * write reads it instead of the bucket, so the writers need no S3 client.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/ddb';
import { keys, TABLE_SCHEMA } from '../keys';
import type { PixelSize } from '../photo-sizes';
import { ItemType, tableName, withoutKeys } from './table';
import { remove, type Action } from './transact';

/** A day: far longer than anyone fills in a family form after choosing its photo. */
const KEPT_SECONDS = 24 * 3600;

export type PreparedPhoto = {
  orgId: string;
  /** The family the upload was granted for (its key's folder). */
  familyId: string;
  photoId: string;
  /** The stored photo's key: the value the family will hold. */
  photo: string;
  createdAt: string;
} & ({ status: 'ready'; size: PixelSize } | { status: 'refused'; message: string });

export async function recordPreparedPhoto(photo: PreparedPhoto, now = new Date()): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.photo(photo.orgId, photo.photoId),
        type: ItemType.photo,
        ...photo,
        [TABLE_SCHEMA.timeToLive]: Math.floor(now.getTime() / 1000) + KEPT_SECONDS,
      },
    }),
  );
}

/** The pipeline's record of the photo; null when there is none (yet), or it has expired. */
export async function readPreparedPhoto(
  orgId: string,
  photoId: string,
  now = Date.now(),
): Promise<PreparedPhoto | null> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.photo(orgId, photoId), ConsistentRead: true }),
  );
  // DynamoDB removes expired items some time after they expire: until then they are still read.
  if (!Item || Number(Item[TABLE_SCHEMA.timeToLive]) * 1000 <= now) return null;
  const { [TABLE_SCHEMA.timeToLive]: _expires, ...photo } = withoutKeys<Record<string, unknown>>(Item);
  return photo as PreparedPhoto;
}

/** The family's transaction takes the photo: its record goes, once (a second taker's condition fails). */
export const takePreparedPhoto = (orgId: string, photoId: string): Action => {
  const action = remove(keys.photo(orgId, photoId), 'attribute_exists(PK) AND #status = :ready', { ':ready': 'ready' });
  // `status` is one of DynamoDB's reserved words.
  return { Delete: { ...action.Delete!, ExpressionAttributeNames: { '#status': 'status' } } };
};
