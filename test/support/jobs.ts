/** The super-admin and the jobs it starts, for the integration tests, the security matrix and the bench. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { JobView } from '../../lambdas/contract/jobs';
import { setCustomAttributes } from '../../lambdas/accounts/identity';
import { userItem } from '../../lambdas/accounts/repos/users';
import { getPoolUser } from '../../lambdas/platform/aws/pool-users';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { readOperatorTotpKey, signInWithTotp, turnOnOperatorTotp } from '../../lib/local/operator-totp';
import { call } from './api';
import { stack } from './env';
import { createAccountIn, PASSWORD } from './fixtures';

/**
 * The configured super-admin address as an ordinary member of `orgId`. There is one such account
 * per pool: made on first use, then moved (its orgId attribute and a user record) to the church
 * asked for, so any test may place it where it needs it.
 */
export async function superAdminIn(orgId: string): Promise<{ userId: string; email: string; token: string }> {
  const email = stack.env.SUPER_ADMIN_EMAIL!;
  const existing = await getPoolUser(email);
  if (!existing) {
    const made = await createAccountIn(orgId, { email });
    const key = await turnOnOperatorTotp(stack.dataDir, email, PASSWORD);
    return { ...made, token: (await signInWithTotp(email, PASSWORD, key)).IdToken! };
  }
  await setCustomAttributes(email, { orgId, admin: 'false' });
  await ddb.send(
    new PutCommand({
      TableName: stack.env.TABLE_NAME,
      Item: userItem({
        userId: existing.sub,
        orgId,
        email,
        admin: false,
        memberId: null,
        familyId: null,
        createdAt: new Date().toISOString(),
        platform: null,
        mobileAppLinked: false,
      }),
    }),
  );
  const key = readOperatorTotpKey(stack.dataDir)!;
  return { userId: existing.sub, email, token: (await signInWithTotp(email, PASSWORD, key)).IdToken! };
}

/** Polls getJob until the job is no longer RUNNING. */
export async function waitForJob(token: string, jobId: string, timeoutMs = 120_000): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call<JobView>('getJob', { token, params: { jobId } });
    if (answer.status !== 200) throw new Error(`getJob ${jobId}: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.body.status !== 'RUNNING') return answer.body;
    if (Date.now() > deadline)
      throw new Error(`job ${jobId} still RUNNING after ${timeoutMs} ms: ${JSON.stringify(answer.body.progress)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs the integrity report through the API and answers the finished job. */
export async function runReport(token: string): Promise<JobView> {
  const started = await call<{ jobId: string }>('startIntegrityReport', { token });
  if (started.status !== 200)
    throw new Error(`startIntegrityReport: ${started.status} ${JSON.stringify(started.body)}`);
  return waitForJob(token, started.body.jobId);
}

/** The local Step Functions' fault injection (lib/local/stepfunctions.ts), through the gateway. */
export async function injectFault(
  fault: {
    state: string;
    afterCalls?: number;
    times?: number;
    fastRetries?: boolean;
    when?: 'before' | 'after';
    delayMs?: number;
  } | null,
): Promise<void> {
  const response = await fetch(`${stack.url}/_local/sfn/faults`, {
    method: fault ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: fault ? JSON.stringify(fault) : undefined,
  });
  if (response.status !== 204) throw new Error(`fault injection answered ${response.status}`);
}
