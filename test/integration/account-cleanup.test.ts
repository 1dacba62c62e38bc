/**
 * The daily clean-up of unproven accounts (lambdas/accounts/unproven.ts, the accountCleanup job):
 * it removes accounts that never proved their address and hold no church once they are older than
 * the cut-off, and nothing else. Sign-up makes no such account any more (the mailed code comes
 * first); those opened before are made here as they were then. The job is started as the schedule starts it, through Step
 * Functions; `before` moves the cut-off so that accounts opened by this test count as old.
 */
import { describe, expect, it } from 'vitest';
import { executionStatus, startExecution } from '../../lambdas/platform/aws/sfn';
import { getPoolUser } from '../../lambdas/platform/aws/pool-users';
import { createAccount } from '../../lambdas/accounts/identity';
import { call } from '../support/api';
import { stack } from '../support/env';
import { createAccountIn, createChurch, PASSWORD, unique } from '../support/fixtures';
import { proveMailedAddress } from '../support/mail';

const MACHINE = stack.env.ACCOUNT_CLEANUP_STATE_MACHINE_ARN!;

/** An account opened, as sign-up once did, before its address was proven. */
async function openAccount(): Promise<string> {
  const email = `${unique('unproven')}@example.org`;
  await createAccount({ email, name: 'Not Yet', password: PASSWORD, custom: {}, emailTakenMessage: '' });
  return email;
}

async function cleanUp(before: Date): Promise<void> {
  const arn = await startExecution(MACHINE, unique('cleanup'), { before: before.toISOString() });
  await expect.poll(() => executionStatus(arn), { timeout: 60_000, interval: 200 }).toBe('SUCCEEDED');
}

describe('the clean-up of unproven accounts', () => {
  it('removes the unproven accounts opened before the cut-off that hold no church, and keeps every other', async () => {
    const church = await createChurch();
    const old = await openAccount();
    const proven = await createAccountIn(church.orgId);
    const unprovenMember = await createAccountIn(church.orgId, { verified: false });

    await cleanUp(new Date(Date.now() - 60_000));
    expect(await getPoolUser(old), 'opened after the cut-off: stays').not.toBeNull();

    await cleanUp(new Date(Date.now() + 60_000));
    expect(await getPoolUser(old), 'unproven, no church, opened before the cut-off: gone').toBeNull();
    expect(await getPoolUser(proven.email), 'proven: stays').not.toBeNull();
    expect(await getPoolUser(unprovenMember.email), 'holds a church: stays').not.toBeNull();
  });

  it('lets the address ask for an account again afterwards, and prove it', async () => {
    const church = await createChurch();
    const email = await openAccount();
    await cleanUp(new Date(Date.now() + 60_000));
    expect(await getPoolUser(email)).toBeNull();
    const again = await call('newUser', { body: { fullName: 'Back', email, password: PASSWORD, orgId: church.orgId } });
    expect(again.status).toBe(200);
    expect((await proveMailedAddress(email, PASSWORD)).status).toBe(200);
    expect((await getPoolUser(email))?.emailVerified).toBe(true);
  });
});
