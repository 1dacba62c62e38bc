/**
 * The records that keep invitations from being used to spam: when each address was last invited
 * (one a day) and how many the church sent each day (its cap), claimed together in one
 * transaction before the mail goes out.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../platform/aws/ddb';
import { keys } from '../../core/repos/keys';
import { queryAll } from '../../core/repos/query';
import { ItemType, tableName, prefixEnd } from '../../core/repos/table';
import { ConditionFailed, transact, type Action, type Step } from '../../core/repos/transact';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An update that also writes the item's `type` tag (a reserved word, so named through #type). */
const typedUpdate = (
  Key: Record<string, unknown>,
  UpdateExpression: string,
  values: Record<string, unknown>,
  ConditionExpression: string,
): Action => ({
  Update: {
    TableName: tableName(),
    Key,
    UpdateExpression,
    ConditionExpression,
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: values,
  },
});

export type Claim = 'claimed' | 'invited-today' | 'church-limit';

/** Claims one invitation of the church's day for the address, unless either limit says no. */
export async function claimInvitation(orgId: string, email: string, now: Date, cap: number): Promise<Claim> {
  const sentAt = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const steps: Step[] = [
    {
      action: typedUpdate(
        keys.invitation(orgId, email),
        'SET #type = :type, email = :email, orgId = :org, sentAt = :now',
        { ':type': ItemType.invitation, ':email': email, ':org': orgId, ':now': sentAt, ':dayAgo': dayAgo },
        'attribute_not_exists(sentAt) OR sentAt <= :dayAgo',
      ),
    },
    {
      action: typedUpdate(
        keys.invitationDay(orgId, sentAt.slice(0, 10)),
        'SET #type = :type, orgId = :org ADD sent :one',
        { ':type': ItemType.invitationDay, ':org': orgId, ':one': 1, ':cap': cap },
        'attribute_not_exists(sent) OR sent < :cap',
      ),
    },
  ];
  try {
    await transact(orgId, steps);
    return 'claimed';
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    return error.step === 0 ? 'invited-today' : 'church-limit';
  }
}

/** Gives the claim back when the mail could not be sent, so the address can be invited again at once. */
export async function releaseInvitation(orgId: string, email: string, now: Date): Promise<void> {
  const sentAt = now.toISOString();
  await ddb.send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.invitation(orgId, email),
      ConditionExpression: 'sentAt = :now',
      ExpressionAttributeValues: { ':now': sentAt },
    }),
  );
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.invitationDay(orgId, sentAt.slice(0, 10)),
      UpdateExpression: 'ADD sent :less',
      ExpressionAttributeValues: { ':less': -1 },
    }),
  );
}

/** The addresses the church invited and when it last did (one Query), newest first. */
export async function listInvitations(orgId: string): Promise<{ email: string; sentAt: string }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :invite AND :inviteEnd',
    ExpressionAttributeValues: {
      ':pk': keys.invitation(orgId, '').PK,
      ':invite': 'INVITE#',
      ':inviteEnd': prefixEnd('INVITE#'),
    },
    ProjectionExpression: 'email, sentAt',
  });
  return items
    .map((item) => ({ email: String(item.email), sentAt: String(item.sentAt) }))
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}
