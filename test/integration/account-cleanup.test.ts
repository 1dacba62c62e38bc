/**
 * The daily clean-up of unproven accounts (lambdas/accounts/unproven.ts, the accountCleanup job):
 * it removes accounts that never proved their address and hold no church once they are older than
 * the cut-off, and nothing else. The job is started as the schedule starts it, through Step
 * Functions; `before` moves the cut-off so that accounts opened by this test count as old.
 */
import { describe, expect, it } from 'vitest';
import { executionStatus, startExecution } from '../../lambdas/platform/aws/sfn';
import { getPoolUser } from '../../lambdas/platform/aws/pool-users';
import { call } from '../support/api';
import { stack } from '../support/env';
import { createAccountIn, createChurch, PASSWORD, unique } from '../support/fixtures';

const MACHINE = stack.env.ACCOUNT_CLEANUP_STATE_MACHINE_ARN!;

async function openAccount(orgId: string): Promise<string> {
  const email = `${unique('unproven')}@example.org`;
  const answer = await call('newUser', { body: { fullName: 'Not Yet', email, password: PASSWORD, orgId } });
  expect(answer.status).toBe(200);
  return email;
}

async function cleanUp(before: Date): Promise<void> {
  const arn = await startExecution(MACHINE, unique('cleanup'), { before: before.toISOString() });
  await expect.poll(() => executionStatus(arn), { timeout: 60_000, interval: 200 }).toBe('SUCCEEDED');
}

describe('the clean-up of unproven accounts', () => {
  it('removes the unproven accounts opened before the cut-off that hold no church, and keeps every other', async () => {
    const church = await createChurch();
    const old = await openAccount(church.orgId);
    const proven = await createAccountIn(church.orgId);
    const unprovenMember = await createAccountIn(church.orgId, { verified: false });

    await cleanUp(new Date(Date.now() - 60_000));
    expect(await getPoolUser(old), 'opened after the cut-off: stays').not.toBeNull();

    await cleanUp(new Date(Date.now() + 60_000));
    expect(await getPoolUser(old), 'unproven, no church, opened before the cut-off: gone').toBeNull();
    expect(await getPoolUser(proven.email), 'proven: stays').not.toBeNull();
    expect(await getPoolUser(unprovenMember.email), 'holds a church: stays').not.toBeNull();
  });

  it('lets the address open an account again afterwards', async () => {
    const church = await createChurch();
    const email = await openAccount(church.orgId);
    await cleanUp(new Date(Date.now() + 60_000));
    expect(await getPoolUser(email)).toBeNull();
    const again = await call('newUser', { body: { fullName: 'Back', email, password: PASSWORD, orgId: church.orgId } });
    expect(again.status).toBe(200);
    expect((await getPoolUser(email))?.emailVerified).toBe(false);
  });
});
