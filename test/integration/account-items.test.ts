/**
 * What an account holds apart from any church (`ACCOUNT#<userId>`: what it was opened for, when its
 * two-step sign-in went on) goes with the account wherever it is deleted (accounts/accountDeletion.ts):
 * an administrator's deletion, an unproven account (opened before the mailed code came first) replaced
 * when the owner proves the address, the daily
 * clean-up of unproven accounts, and a church's deletion. Each account here turned two-step sign-in
 * on as My Profile does, so its partition holds a TWOSTEP item before; nothing of it is left after.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../lambdas/accounts/identity';
import { keepOpenedFor } from '../../lambdas/accounts/repos/openedAccounts';
import { twoStepOnSince } from '../../lambdas/accounts/repos/twoStep';
import type { StartJobResult } from '../../lambdas/contract/jobs';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { getPoolUser } from '../../lambdas/platform/aws/pool-users';
import { executionStatus, startExecution } from '../../lambdas/platform/aws/sfn';
import { turnOnTotp } from '../../lib/local/operator-totp';
import { call } from '../support/api';
import { stack } from '../support/env';
import { createAccountIn, createChurch, memberAccountIn, PASSWORD, unique } from '../support/fixtures';
import { superAdminIn, waitForJob } from '../support/jobs';
import { proveMailedAddress } from '../support/mail';

/** The item types of the account's own partition. */
const accountItems = async (userId: string) =>
  (
    await ddb.send(
      new QueryCommand({
        TableName: stack.env.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `ACCOUNT#${userId}` },
        ConsistentRead: true,
      }),
    )
  ).Items!.map((item) => String(item.type));

/**
 * An account opened as sign-up did before the mailed code came first (unproven, no church, what it
 * was opened for kept), with two-step sign-in on: its user id.
 */
async function openedWithTwoStep(email: string, password = PASSWORD): Promise<string> {
  const userId = await createAccount({ email, name: 'Not Yet', password, custom: {}, emailTakenMessage: '' });
  await keepOpenedFor(userId, { kind: 'join', orgId: null }, new Date(Date.now() + 86_400_000));
  await turnOnTotp(email, password);
  expect((await accountItems(userId)).sort()).toEqual(['OPENED', 'TWOSTEP']);
  return userId;
}

describe('an account’s own items go with it', () => {
  it('when an administrator deletes the user', async () => {
    const church = await createChurch();
    const user = await memberAccountIn(church);
    await turnOnTotp(user.email, PASSWORD);
    expect(await accountItems(user.userId)).toEqual(['TWOSTEP']);

    const answer = await call('deleteUserAuth', { token: church.adminToken, params: { userId: user.userId } });
    expect(answer.status).toBe(200);
    expect(await accountItems(user.userId)).toEqual([]);
    expect(await getPoolUser(user.email)).toBeNull();
  });

  it('when the owner of the address replaces a stranger’s unproven account', async () => {
    const email = `${unique('owner')}@example.org`;
    const stranger = await openedWithTwoStep(email, 'stranger-pass-1');

    const opened = await call('newUser', { body: { fullName: 'Ruth Boaz', email, password: PASSWORD, orgId: null } });
    expect(opened.status).toBe(200);
    expect((await proveMailedAddress(email, PASSWORD)).status).toBe(200);
    expect((await getPoolUser(email))!.sub).not.toBe(stranger);
    expect(await accountItems(stranger)).toEqual([]);
  });

  it('when the daily clean-up removes an unproven account', async () => {
    const email = `${unique('unproven')}@example.org`;
    const userId = await openedWithTwoStep(email);

    const arn = await startExecution(stack.env.ACCOUNT_CLEANUP_STATE_MACHINE_ARN!, unique('cleanup'), {
      before: new Date(Date.now() + 60_000).toISOString(),
    });
    await expect.poll(() => executionStatus(arn), { timeout: 60_000, interval: 200 }).toBe('SUCCEEDED');
    expect(await getPoolUser(email)).toBeNull();
    expect(await accountItems(userId)).toEqual([]);
  });

  it('when its church is deleted; the operator’s account and items stay', async () => {
    const church = await createChurch();
    const user = await createAccountIn(church.orgId);
    await turnOnTotp(user.email, PASSWORD);
    expect(await accountItems(user.userId)).toEqual(['TWOSTEP']);
    const operator = await superAdminIn(church.orgId);

    const started = await call<StartJobResult>('deleteAllDataForOrganization', {
      token: operator.token,
      body: { orgId: church.orgId },
    });
    expect(started.status).toBe(200);
    expect((await waitForJob(operator.token, started.body.jobId)).status).toBe('SUCCEEDED');
    expect(await getPoolUser(user.email)).toBeNull();
    expect(await accountItems(user.userId)).toEqual([]);
    expect(await getPoolUser(operator.email)).not.toBeNull();
    expect(await twoStepOnSince(operator.userId)).not.toBeNull();
  });
});
