/**
 * Prepared photos (`PHOTO#<photoId>`): what the photo pipeline found of an upload, kept until a
 * family takes the photo (removed in that family's transaction) or for a day (TTL). A family
 * write reads it instead of the bucket, so the writers need no S3 client.
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import { keys, TABLE_SCHEMA } from '../../core/repos/keys';
import type { PixelSize } from '../photo-sizes';
import type { Family } from '../../core/entities';
import { ItemType, tableName, withoutKeys } from '../../core/repos/table';
import { remove, type Action } from '../../core/repos/transact';

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
} & (
  | {
      status: 'ready';
      /** A picture's upright size; a PDF's first page's, in points. */
      size: PixelSize;
      /** A PDF's page count (a study's file); absent for a picture. */
      pages?: number;
    }
  | { status: 'refused'; message: string }
);

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

export type ScanCursor = Record<string, unknown> | null;

/** One Scan page of the whole table: its families that hold a photo without renditions (the one-off job). */
export async function familiesWithoutRenditions(
  cursor: ScanCursor,
  limit: number,
): Promise<{ families: Family[]; next: ScanCursor }> {
  const page = await ddb.send(
    new ScanCommand({
      TableName: tableName(),
      Limit: limit,
      ExclusiveStartKey: cursor ?? undefined,
      FilterExpression:
        '#type = :family AND attribute_exists(photo) AND photo <> :none AND attribute_not_exists(photoSize)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':family': ItemType.family, ':none': null },
    }),
  );
  return {
    families: (page.Items ?? []).map((item) => withoutKeys<Family>(item)),
    next: page.LastEvaluatedKey ?? null,
  };
}

/**
 * Records the size of a family's photo once its renditions are made, only while the family still
 * holds that photo. Not a new version: the family's own data is unchanged, so an edit in progress
 * is not refused for it.
 */
export async function setPhotoSize(family: Family, photo: string, size: PixelSize): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.family(family.orgId, family.familyId),
        UpdateExpression: 'SET photoSize = :size',
        ConditionExpression: 'photo = :photo',
        ExpressionAttributeValues: { ':size': size, ':photo': photo },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
