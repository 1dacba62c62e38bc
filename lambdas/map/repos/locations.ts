/**
 * Families' locations: written beside the family by the lookup (not a new version of it, so an
 * edit in progress is not refused for it), and read for the member map from GSI2, which holds the
 * church's looked-up families in surname order and nothing else.
 */
import { QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import type { Family, FamilyLocation } from '../../core/entities';
import { keys } from '../../core/repos/keys';
import { queryAll } from '../../core/repos/query';
import { ItemType, prefixEnd, tableName, withoutKeys } from '../../core/repos/table';

/** What the map needs of a family: who, where, who may see it, and which groups its members are in. */
const MAP_ATTRIBUTES = [
  'familyId',
  'orgId',
  'surname',
  'street',
  'city',
  'state',
  'zipcode',
  'privacy',
  'memberGroups',
  'approximateLocation',
  'location',
] as const;

/**
 * Where the rest of a church too large for one page is cut, by the sort key's first character (a
 * surname's sort key, contract/names.ts): the parts are read side by side. No key is a cut itself
 * (every key goes on with `#<familyId>`), so BETWEEN's inclusive ends never read one twice.
 */
const CUTS = ['c', 'f', 'j', 'm', 'p', 's', 'w'];

/**
 * The church's looked-up families (found or not), in surname order: one Query page (1 MB, some
 * 1,200 families), and for a larger church the rest in up to eight parts read side by side, so
 * 10,000 families wait for two pages in a row, not eight.
 */
export async function readLocatedFamilies(orgId: string): Promise<Family[]> {
  const { GSI2PK } = keys.familyMapIndex(orgId, '', '');
  const query = {
    IndexName: 'GSI2',
    ProjectionExpression: MAP_ATTRIBUTES.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(MAP_ATTRIBUTES.map((a, i) => [`#a${i}`, a])),
  };
  const first = await ddb.send(
    new QueryCommand({
      ...query,
      TableName: tableName(),
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': GSI2PK },
    }),
  );
  const items = first.Items ?? [];
  const stop = first.LastEvaluatedKey;
  if (stop) {
    const from = String(stop.GSI2SK);
    const bounds = [from, ...CUTS.filter((cut) => cut > from), prefixEnd('')];
    const parts = await Promise.all(
      bounds.slice(1).map((to, i) =>
        queryAll(
          {
            ...query,
            KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
            ExpressionAttributeValues: { ':pk': GSI2PK, ':from': bounds[i]!, ':to': to },
          },
          // The first part goes on after the first page's last family.
          i === 0 ? stop : undefined,
        ),
      ),
    );
    items.push(...parts.flat());
  }
  return items.map((item) => withoutKeys<Family>(item));
}

const ADDRESS = ['street', 'city', 'state', 'zipcode'] as const;

/**
 * Keeps the lookup on the family, only while the family still has the address that was looked up
 * (a newer address has its own lookup coming). False when the family moved or is gone.
 */
export async function saveLocation(family: Family, location: FamilyLocation): Promise<boolean> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':location': location };
  const same = ADDRESS.map((field, i) => {
    names[`#f${i}`] = field;
    const value = family[field];
    if (value === null || value === undefined) {
      values[':null'] = 'NULL';
      return `(attribute_not_exists(#f${i}) OR attribute_type(#f${i}, :null))`;
    }
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  const index = keys.familyMapIndex(family.orgId, family.surname, family.familyId);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.family(family.orgId, family.familyId),
        UpdateExpression: 'SET #location = :location, GSI2PK = :pk, GSI2SK = :sk',
        ConditionExpression: ['attribute_exists(PK)', ...same].join(' AND '),
        ExpressionAttributeNames: { ...names, '#location': 'location' },
        ExpressionAttributeValues: { ...values, ':pk': index.GSI2PK, ':sk': index.GSI2SK },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Where a page of the lookup job starts: DynamoDB's own key, kept by the job between its pages. */
export type LocateCursor = Record<string, unknown> | null;

/** One page of families to consider: of one church (an import), or of the whole table (the one-off run). */
export async function familiesPage(
  orgId: string | null,
  cursor: LocateCursor,
  limit: number,
): Promise<{ families: Family[]; next: LocateCursor }> {
  const filter = {
    FilterExpression: '#type = :family',
    ExpressionAttributeNames: { '#type': 'type' },
  };
  const page = orgId
    ? await ddb.send(
        new QueryCommand({
          TableName: tableName(),
          Limit: limit,
          ExclusiveStartKey: cursor ?? undefined,
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ...filter,
          ExpressionAttributeValues: {
            ':pk': keys.orgPartition(orgId),
            ':from': 'FAM#',
            ':to': prefixEnd('FAM#'),
            ':family': ItemType.family,
          },
        }),
      )
    : await ddb.send(
        new ScanCommand({
          TableName: tableName(),
          Limit: limit,
          ExclusiveStartKey: cursor ?? undefined,
          ...filter,
          ExpressionAttributeValues: { ':family': ItemType.family },
        }),
      );
  return { families: (page.Items ?? []).map((item) => withoutKeys<Family>(item)), next: page.LastEvaluatedKey ?? null };
}
