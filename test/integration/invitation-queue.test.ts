/**
 * The invitations an import asks for (accounts/invitationQueue.ts): they go out within the church's
 * daily cap, the rest wait for the next days (the import page counts them), and the hourly
 * invitationQueue job, started here as its schedule starts it, sends each new day's share. The
 * day's count is set by hand to stand for a day nearly used up, or for the next day.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { INVITATIONS_PER_DAY, waitingMessage } from '../../lambdas/contract/invitations';
import type { GetImportResult } from '../../lambdas/contract/importJobs';
import type { GetFamilyResult, ListFamiliesResult } from '../../lambdas/contract/api';
import { keys } from '../../lambdas/core/repos/keys';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { executionStatus, startExecution } from '../../lambdas/platform/aws/sfn';
import { call } from '../support/api';
import { stack } from '../support/env';
import { createChurch, unique, type Church } from '../support/fixtures';
import { imported, undone } from '../support/imports';
import { mailsTo } from '../support/mail';

const today = () => new Date().toISOString().slice(0, 10);

/** The church has sent `sent` invitations today (0: a new day). */
async function sentToday(orgId: string, sent: number): Promise<void> {
  const Key = keys.invitationDay(orgId, today());
  if (!sent) await ddb.send(new DeleteCommand({ TableName: stack.env.TABLE_NAME, Key }));
  else await ddb.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item: { ...Key, orgId, sent } }));
}

const letter = (i: number) => String.fromCharCode(65 + i);
let files = 0;

/** A file of `n` one-person families (surnames QueueAA, QueueAB... in the first file, QueueBA... in the next). */
function people(n: number): { csv: string; emails: string[] } {
  const tag = unique('q').replace(/\W/g, '');
  const surname = `Queue${letter(files++)}`;
  const emails = Array.from({ length: n }, (_, i) => `${tag}-${i}@example.org`);
  const rows = emails.map((email, i) => `${surname}${letter(i)},Ann,${email}`);
  return { csv: ['Last Name,First Name,Email', ...rows].join('\n'), emails };
}

const mailed = async (emails: readonly string[]) =>
  (await Promise.all(emails.map(async (e) => (await mailsTo(e)).length))).reduce((a, b) => a + b, 0);

async function waiting(church: Church): Promise<number> {
  const answer = await call<GetImportResult>('getImport', { token: church.adminToken });
  return answer.body.import!.invitationsWaiting;
}

/** The hourly job, as its schedule starts it. */
async function sendQueues(): Promise<void> {
  const arn = await startExecution(stack.env.INVITATION_QUEUE_STATE_MACHINE_ARN!, unique('queue'), {});
  await expect.poll(() => executionStatus(arn), { timeout: 60_000, interval: 200 }).toBe('SUCCEEDED');
}

describe('the invitations an import asks for', () => {
  it('go out at once within the day’s room, and none without the administrator’s word', async () => {
    const church = await createChurch();
    const asked = people(3);
    const done = await imported(church.adminToken, asked.csv, { invite: true });
    expect(done.invitationsWaiting).toBe(0);
    expect(await mailed(asked.emails)).toBe(3);
    const [mail] = await mailsTo(asked.emails[0]!);
    expect(mail!.text).toContain(`/create-account/${church.orgId}`);

    const quiet = people(2);
    await imported(church.adminToken, quiet.csv);
    expect(await mailed(quiet.emails)).toBe(0);
  });

  it('wait past the daily cap, are counted on the page, and go out on the next day', async () => {
    const church = await createChurch();
    await sentToday(church.orgId, INVITATIONS_PER_DAY - 2);
    const file = people(5);
    const done = await imported(church.adminToken, file.csv, { invite: true });
    expect(await mailed(file.emails)).toBe(2);
    expect(done.invitationsWaiting).toBe(3);
    expect(waitingMessage(3)).toBe(
      `3 invitations wait for tomorrow: your church sends at most ${INVITATIONS_PER_DAY} a day.`,
    );

    // The hour after: the day is full, nothing moves.
    await sendQueues();
    expect(await mailed(file.emails)).toBe(2);
    expect(await waiting(church)).toBe(3);

    await sentToday(church.orgId, 0);
    await sendQueues();
    expect(await mailed(file.emails)).toBe(5);
    expect(await waiting(church)).toBe(0);
    // Each address once: another run sends nothing again.
    await sendQueues();
    expect(await mailed(file.emails)).toBe(5);
  });

  it('are not sent to a member deleted or given another address meanwhile, nor kept after an undo', async () => {
    const church = await createChurch();
    await sentToday(church.orgId, INVITATIONS_PER_DAY);
    const file = people(3);
    const done = await imported(church.adminToken, file.csv, { invite: true });
    expect(done.invitationsWaiting).toBe(3);
    const list = await call<ListFamiliesResult>('listFamilies', { token: church.adminToken });
    const [gone, moved] = list.body.families.map((f) => f.familyId);
    expect((await call('deleteFamily', { token: church.adminToken, params: { familyId: gone! } })).status).toBe(200);
    const { body } = await call<GetFamilyResult>('getFamily', {
      token: church.adminToken,
      params: { familyId: moved! },
    });
    const member = body.family.members[0]!;
    const changed = await call('updateMember', {
      token: church.adminToken,
      params: { memberId: member.memberId },
      body: { name: 'Ann', email: `${unique('other')}@example.org`, version: member.version },
    });
    expect(changed.status).toBe(200);

    await sentToday(church.orgId, 0);
    await sendQueues();
    expect(await mailsTo(file.emails[0]!)).toHaveLength(0);
    expect(await mailsTo(file.emails[1]!)).toHaveLength(0);
    expect(await mailsTo(file.emails[2]!)).toHaveLength(1);
    expect(await waiting(church)).toBe(0);

    await sentToday(church.orgId, INVITATIONS_PER_DAY);
    const next = await imported(church.adminToken, people(2).csv, { invite: true });
    expect(next.invitationsWaiting).toBe(2);
    expect((await undone(church.adminToken, next.importId)).invitationsWaiting).toBe(0);
  });
});
