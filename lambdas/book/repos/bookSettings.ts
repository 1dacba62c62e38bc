/**
 * The church's book setting, saved on the church's own item (`ORG#<orgId>` / `ORG`, attribute
 * `bookSettings`): what its administrators chose for every book, and its cover photo. Read by the
 * book job (when a book starts, and its cover when it renders) and by the page as its default;
 * absent until an administrator first chooses.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PaperSize } from '../../contract/pdf';
import { ddb } from '../../platform/aws/ddb';
import { keys } from '../../core/repos/keys';
import type { PixelSize } from '../../photos/photo-sizes';
import { update, type Action } from '../../core/repos/transact';
import { tableName } from '../../core/repos/table';

/** As stored on the church's item. */
export interface StoredBookSettings {
  paper: PaperSize;
  photos: boolean;
  /** The cover photo's key (photo-keys.ts BOOK_COVER_FOLDER) and upright size; absent: none. */
  coverPhoto?: string;
  coverPhotoSize?: PixelSize;
}

export async function getBookSettings(orgId: string): Promise<StoredBookSettings | null> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.org(orgId),
      ProjectionExpression: 'bookSettings',
      ConsistentRead: true,
    }),
  );
  return (Item?.bookSettings as StoredBookSettings | undefined) ?? null;
}

/**
 * Saves the church's choice, provided its cover is still the one read (`readCover`: a second
 * admin's change meanwhile fails the condition rather than leave a cover no one retires).
 */
export function saveBookSettingsAction(orgId: string, settings: StoredBookSettings, readCover: string | null): Action {
  return update(
    keys.org(orgId),
    'SET bookSettings = :settings',
    { ':settings': settings, ...(readCover ? { ':cover': readCover } : {}) },
    readCover
      ? 'attribute_exists(PK) AND bookSettings.coverPhoto = :cover'
      : 'attribute_exists(PK) AND attribute_not_exists(bookSettings.coverPhoto)',
  );
}
