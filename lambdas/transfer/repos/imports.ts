/**
 * The church's latest import: one item in its partition (keys.import) that is at once its record
 * (who, when, which file, what the check found, what was refused) and the lock that keeps imports
 * one at a time: a step moves it on only from the status it expects (a conditional write), so two
 * administrators' clicks never run two jobs over one file. In the church's partition, so deleting
 * the church deletes it.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckImportInput, ImportCheck, ImportStatus } from '../../contract/importJobs';
import type { ImportLineMessage } from '../../contract/imports';
import { ddb } from '../../platform/aws/ddb';
import { keys } from '../../core/repos/keys';
import { conditionFailed } from '../../core/repos/conditions';
import { ItemType, tableName, withoutKeys } from '../../core/repos/table';

/** An uploaded file: the name it was chosen by, and where it is in the exports bucket. */
export interface ImportFile {
  fileName: string;
  fileKey: string;
}

export interface ImportRecord extends ImportFile {
  orgId: string;
  importId: string;
  status: ImportStatus;
  /** The groups files uploaded with the people file (contract/importJobs.ts ImportUploadInput). */
  groupsFiles: ImportFile[];
  startedBy: string;
  /** The account of the administrator who started it (absent on an import started before the audit trail). */
  startedByUserId?: string;
  startedAt: string;
  updatedAt: string;
  executionArn: string | null;
  options: CheckImportInput | null;
  check: ImportCheck | null;
  progress: { done: number; total: number } | null;
  refused: ImportLineMessage[];
  /** Why the last job failed, in words the page shows. */
  error: string | null;
}

/** The item as a record; one written before imports took groups files has none. */
const recordOf = (item: Record<string, unknown>): ImportRecord => ({
  ...withoutKeys<ImportRecord>(item),
  groupsFiles: (item.groupsFiles as ImportFile[] | undefined) ?? [],
});

/** What an upload says of itself: the rest of its record starts empty. */
type Upload = Pick<
  ImportRecord,
  'orgId' | 'importId' | 'fileName' | 'fileKey' | 'groupsFiles' | 'startedBy' | 'startedByUserId'
>;

/** A new upload's record: UPLOADED at `at`, nothing chosen, checked, written or refused yet (the upload's, and the bench's Check's). */
export const uploadedImport = (upload: Upload, at: string): ImportRecord => ({
  ...upload,
  status: 'UPLOADED',
  startedAt: at,
  updatedAt: at,
  executionArn: null,
  options: null,
  check: null,
  progress: null,
  refused: [],
  error: null,
});

export async function getImport(orgId: string): Promise<ImportRecord | null> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.import(orgId), ConsistentRead: true }),
  );
  return Item ? recordOf(Item) : null;
}

/** A new upload becomes the church's import, unless one is being checked or written. False: one runs. */
export async function startUpload(record: ImportRecord): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.import(record.orgId), type: ItemType.import, ...record },
        ConditionExpression: 'attribute_not_exists(PK) OR NOT #status IN (:checking, :writing)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':checking': 'CHECKING', ':writing': 'WRITING' },
      }),
    );
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Moves this import on, only from one of the statuses `from` (null: not this church's import, or
 * not in such a status). Answers the record after.
 */
export async function moveImport(
  orgId: string,
  importId: string,
  from: readonly ImportStatus[],
  set: Partial<Omit<ImportRecord, 'orgId' | 'importId'>>,
): Promise<ImportRecord | null> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':id': importId, ':now': new Date().toISOString() };
  const sets = ['updatedAt = :now'];
  for (const [i, [name, value]] of Object.entries(set).entries()) {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    sets.push(`#f${i} = :v${i}`);
  }
  from.forEach((status, i) => (values[`:from${i}`] = status));
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.import(orgId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `importId = :id AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return recordOf(Attributes!);
  } catch (error) {
    if (conditionFailed(error)) return null;
    throw error;
  }
}
