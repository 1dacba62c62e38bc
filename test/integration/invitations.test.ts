/**
 * Invitations: a member added with an e-mail address, or whose address changes, receives the
 * church's sign-up link by mail (SES v2 SendEmail; locally the mailbox). A mail that cannot be
 * sent never fails the save.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../../lib/local/mailbox';
import { keys } from '../../lambdas/domain/keys';
import { ddb } from '../../lambdas/platform/ddb';
import { sendMail } from '../../lambdas/platform/ses';
import { call } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createChurch, unique } from '../support/fixtures';
import { printedBy } from '../support/log-lines';

async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${stack.url}/_local/mailbox.json?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

const orgName = async (orgId: string) =>
  String((await ddb.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.org(orgId) }))).Item?.orgName);

// Before the handlers' logger is made: the test stack keeps them silent, here their errors count.
vi.hoisted(() => (process.env.LOG_LEVEL = 'WARN'));

describe('invitations', () => {
  it('mails the church’s sign-up link to a member added with an e-mail address', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    const email = `${unique('Invitee')}@Example.org`;
    const added = await call('addMember', { token: church.adminToken, body: { familyId, name: 'Priscilla', email } });
    expect(added.status).toBe(200);

    const mails = await mailsTo(email.toLowerCase());
    expect(mails).toHaveLength(1);
    const name = await orgName(church.orgId);
    expect(mails[0]).toMatchObject({
      to: email.toLowerCase(),
      subject: `You're invited to join the ${name} directory`,
      source: `ses:${stack.env.MAIL_FROM}`,
    });
    expect(mails[0]!.text).toContain(`Hello Priscilla,`);
    expect(mails[0]!.text).toContain(`${name} has added you`);
    expect(mails[0]!.text).toContain(`${stack.url}/create-account/${church.orgId}`);
  });

  it('mails a member whose address changes, and nobody when it stays or is removed', async () => {
    const church = await createChurch();
    const { memberId, memberVersion } = await addFamilyVia(church.adminToken);
    const first = `${unique('first')}@example.org`;
    const second = `${unique('second')}@example.org`;
    const update = (version: number, email: string | null, name = 'Lydia') =>
      call<{ version: number }>('updateMember', {
        token: church.adminToken,
        params: { memberId },
        body: { name, email, version },
      });

    const v2 = (await update(memberVersion, first)).body.version;
    expect(await mailsTo(first)).toHaveLength(1);
    const v3 = (await update(v2, first, 'Lydia Ann')).body.version;
    expect(await mailsTo(first)).toHaveLength(1);
    const v4 = (await update(v3, second)).body.version;
    expect(await mailsTo(second)).toHaveLength(1);
    expect(await mailsTo(first)).toHaveLength(1);
    expect((await update(v4, null)).status).toBe(200);
    expect(await mailsTo(second)).toHaveLength(1);
  });

  it('sends nothing for a member without an e-mail address or a refused save', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    const taken = `${unique('taken')}@example.org`;
    expect(
      (await call('addMember', { token: church.adminToken, body: { familyId, name: 'One', email: taken } })).status,
    ).toBe(200);
    const twice = await call('addMember', { token: church.adminToken, body: { familyId, name: 'Two', email: taken } });
    expect(twice.status).toBe(409);
    expect(await mailsTo(taken)).toHaveLength(1);
  });
});

describe('a mail that cannot be sent never fails the save', () => {
  const endpoint = process.env.AWS_ENDPOINT_URL_SESV2;
  afterEach(() => {
    process.env.AWS_ENDPOINT_URL_SESV2 = endpoint;
  });

  it.each([
    ['nothing listens', 'http://127.0.0.1:9/_local/ses'],
    ['the service answers an error', `${stack.url}/no-such-service`],
  ])('when %s', async (_label, broken) => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    process.env.AWS_ENDPOINT_URL_SESV2 = broken;
    // A fresh container: its SES client, made once at module scope, reads the broken endpoint.
    vi.resetModules();
    const fresh = {
      ...(await import('../../lambdas/domain/invitations')),
      ...(await import('../../lambdas/domain/members')),
    };
    const email = `${unique('unsent')}@example.org`;
    const viewer = { orgId: church.orgId, admin: true, familyId: null, memberId: null, user: null };
    let member: Awaited<ReturnType<typeof fresh.addMember>> | undefined;
    const printed = await printedBy(async () => {
      expect(await fresh.inviteMember(church.orgId, { email, name: 'Unsent' })).toBe(false);
      member = await fresh.addMember(viewer, { familyId, name: 'Saved', email, birthday: null, cellphone: null });
    });
    const notSent = printed.json.filter((line) => line.message === 'invitation not sent');
    expect(notSent).toHaveLength(2);
    expect(notSent[0]).toMatchObject({ level: 'ERROR', orgId: church.orgId });
    expect(printed.text).not.toContain(email);

    const read = await call<{ member: { email: string } }>('getMember', {
      token: church.adminToken,
      params: { memberId: member!.memberId },
    });
    expect(read.body.member.email).toBe(email);
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe('the mailbox’s SES v2 endpoint', () => {
  it('takes SendEmail from the official SDK client, as platform/ses.ts sends it', async () => {
    const client = new SESv2Client({ endpoint: process.env.AWS_ENDPOINT_URL_SESV2 });
    const to = `${unique('sdk')}@example.org`;
    const { MessageId } = await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'sender@example.org',
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Sent by the SDK.' } } } },
      }),
    );
    expect(MessageId).toBeTruthy();
    expect(await mailsTo(to)).toMatchObject([
      { to, subject: 'Hello', text: 'Sent by the SDK.', source: 'ses:sender@example.org' },
    ]);

    const ours = `${unique('ours')}@example.org`;
    expect(await sendMail({ to: ours, subject: 'Hi', text: 'Sent by platform/ses.ts.' })).toBeTruthy();
    expect(await mailsTo(ours)).toMatchObject([{ to: ours, subject: 'Hi', text: 'Sent by platform/ses.ts.' }]);
  });

  it('answers BadRequestException as SES does, which the SDK understands', async () => {
    const client = new SESv2Client({ endpoint: process.env.AWS_ENDPOINT_URL_SESV2 });
    const refused = client.send(
      new SendEmailCommand({
        FromEmailAddress: 'sender@example.org',
        Destination: { ToAddresses: [] },
        Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } },
      }),
    );
    await expect(refused).rejects.toMatchObject({ name: 'BadRequestException' });
  });
});
