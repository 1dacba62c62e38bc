import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import type { Organization, UserRecord } from '../../core/entities';
import { AppError } from '../../core/errors';
import { keys } from '../../core/repos/keys';
import { queryAll } from '../../core/repos/query';
import { batchGetAll } from '../../core/repos/batch';
import { ItemType, conditionFailedAt, tableName, withoutKeys } from '../../core/repos/table';
import type { Step } from '../../core/repos/transact';
import { userItem } from './users';

export const ORG_NAME_TAKEN = 'An organization with this name already exists.';

export async function isOrgNameTaken(name: string): Promise<boolean> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.orgName(name), ProjectionExpression: 'PK' }),
  );
  return Item !== undefined;
}

/**
 * The organisation, its unique name claim and its first administrator's user record, all or
 * nothing. A name taken meanwhile (the claim's condition) answers already-exists.
 */
/** The church, its name's claim and its first administrator's record, with the audit entry `audit`. */
export async function createOrganization(org: Organization, admin: UserRecord, audit: Step): Promise<void> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.org(org.orgId), ...keys.orgIndex(org.orgId, org.createdAt), type: ItemType.org, ...org },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.orgName(org.orgName), type: ItemType.orgName, orgId: org.orgId, orgName: org.orgName },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          { Put: { TableName: tableName(), Item: userItem(admin), ConditionExpression: 'attribute_not_exists(PK)' } },
          audit.action,
        ],
      }),
    );
  } catch (error) {
    if (conditionFailedAt(error, 1)) throw new AppError('already-exists', ORG_NAME_TAKEN);
    throw error;
  }
}

/** The organisation and one user record in one BatchGetItem. */
export async function getOrgAndUser(
  orgId: string,
  userId: string,
): Promise<{ org: Organization | null; user: UserRecord | null }> {
  const items = await batchGetAll(tableName(), [keys.org(orgId), keys.user(orgId, userId)]);
  const org = items.find((i) => i.type === ItemType.org);
  const user = items.find((i) => i.type === ItemType.user);
  return {
    org: org ? withoutKeys<Organization>(org) : null,
    user: user ? withoutKeys<UserRecord>(user) : null,
  };
}

/** The church's name alone (one GetItem), or null when the church is gone. */
export async function getOrgName(orgId: string): Promise<string | null> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.org(orgId), ProjectionExpression: 'orgName' }),
  );
  return Item ? String(Item.orgName) : null;
}

/** Every organisation, oldest first (GSI1's ORGS partition; one Query per 1 MB page). */
export async function listOrganizations(): Promise<Organization[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :orgs',
    ExpressionAttributeValues: { ':orgs': keys.orgIndex('', '').GSI1PK },
  });
  return items.map((item) => withoutKeys<Organization>(item));
}
