/**
 * Invitations: a member added with an e-mail address, or whose address changes, receives the
 * church's sign-up link by mail (SES v2 SendEmail; locally the mailbox). A mail that cannot be
 * sent never fails the save.
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../../lib/local/mailbox';
import type { ListUsersResult, SavedMemberResult } from '../../lambdas/contract/api';
import { INVITATIONS_PER_DAY } from '../../lambdas/contract/invitations';
import { keys } from '../../lambdas/core/repos/keys';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { sendMail } from '../../lambdas/platform/aws/ses';
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
      subject: `You're invited to join the “${name}” directory`,
      source: `ses:${stack.env.MAIL_FROM}`,
    });
    expect(mails[0]!.text).toContain(`Hello “Priscilla”,`);
    expect(mails[0]!.text).toContain(`The church “${name}” has added you`);
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

describe('invitations cannot be used to spam', () => {
  it('invites an address at most once a day: toggling a member’s e-mail sends nothing more, and the form is told', async () => {
    const church = await createChurch();
    const { memberId, memberVersion } = await addFamilyVia(church.adminToken);
    const [target, other] = [`${unique('target')}@example.org`, `${unique('other')}@example.org`];
    let version = memberVersion;
    const invitations: unknown[] = [];
    for (const email of [target, other, target, other, target, null, target]) {
      const answer = await call<SavedMemberResult>('updateMember', {
        token: church.adminToken,
        params: { memberId },
        body: { name: 'Lydia', email, version },
      });
      expect(answer.status).toBe(200);
      version = answer.body.version;
      invitations.push(answer.body.invitation);
    }
    expect(await mailsTo(target)).toHaveLength(1);
    expect(await mailsTo(other)).toHaveLength(1);
    expect(invitations).toEqual([
      { to: target, outcome: 'sent', message: `Invitation sent to ${target}.` },
      { to: other, outcome: 'sent', message: `Invitation sent to ${other}.` },
      {
        to: target,
        outcome: 'invited-today',
        message: `No invitation sent: ${target} was already invited in the last day.`,
      },
      expect.objectContaining({ to: other, outcome: 'invited-today' }),
      expect.objectContaining({ to: target, outcome: 'invited-today' }),
      null,
      expect.objectContaining({ to: target, outcome: 'invited-today' }),
    ]);
    // User Management shows when each address was invited.
    const users = await call<ListUsersResult>('listUsers', { token: church.adminToken });
    expect(users.body.invitations.map((i) => i.email).sort()).toEqual([other, target].sort());
    for (const { sentAt } of users.body.invitations)
      expect(Date.now() - Date.parse(sentAt)).toBeLessThan(5 * 60 * 1000);
  });

  it('stops at the church’s daily cap, whatever the addresses', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    const today = new Date().toISOString().slice(0, 10);
    await ddb.send(
      new PutCommand({
        TableName: stack.env.TABLE_NAME,
        Item: { ...keys.invitationDay(church.orgId, today), type: 'INVITEDAY', sent: INVITATIONS_PER_DAY - 1 },
      }),
    );
    const add = (email: string) =>
      call<SavedMemberResult>('addMember', { token: church.adminToken, body: { familyId, name: 'Dorcas', email } });
    const [last, over] = [`${unique('last')}@example.org`, `${unique('over')}@example.org`];
    expect((await add(last)).body.invitation).toMatchObject({ outcome: 'sent' });
    expect((await add(over)).body.invitation).toEqual({
      to: over,
      outcome: 'church-limit',
      message: `No invitation sent: your church has sent its ${INVITATIONS_PER_DAY} invitations for today. Please try again tomorrow.`,
    });
    expect(await mailsTo(over)).toHaveLength(0);
  });

  it('quotes the church’s and the member’s names as text that cannot form a link, in the subject and the greeting', async () => {
    const church = await createChurch();
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.org(church.orgId),
        UpdateExpression: 'SET orgName = :n',
        ExpressionAttributeValues: { ':n': 'Win a prize at https://spam.example/claim now' },
      }),
    );
    const { familyId } = await addFamilyVia(church.adminToken);
    const email = `${unique('quoted')}@example.org`;
    const name = 'Visit evil．example or mail me@evil.example P.S. "click"';
    expect((await call('addMember', { token: church.adminToken, body: { familyId, name, email } })).status).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(
      "You're invited to join the “Win a prize at https[:][/][/]spam[.]example[/]claim now” directory",
    );
    expect(mail!.text).toContain(`Hello “Visit evil[.]example or mail me[@]evil[.]example P[.]S. 'click'”,`);
    // Nothing a mail program would turn into a link, but the church's own sign-up link.
    const linkish = /[\w-]+(\.[\w-]+)+|\w+:\/\//g;
    const outsideLink = mail!.text.replace(`${stack.url}/create-account/${church.orgId}`, '').replace(email, '');
    expect(`${mail!.subject}\n${outsideLink}`.match(linkish)).toBeNull();
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
      ...(await import('../../lambdas/accounts/invitations')),
      ...(await import('../../lambdas/directory/members')),
    };
    const email = `${unique('unsent')}@example.org`;
    const viewer = { orgId: church.orgId, admin: true, familyId: null, memberId: null, user: null };
    let member: Awaited<ReturnType<typeof fresh.addMember>>['member'] | undefined;
    const printed = await printedBy(async () => {
      expect(await fresh.inviteMember(church.orgId, { email, name: 'Unsent' })).toMatchObject({ outcome: 'failed' });
      member = (await fresh.addMember(viewer, { familyId, name: 'Saved', email, birthday: null, cellphone: null }))
        .member;
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
  it('takes SendEmail from the official SDK client, as platform/aws/ses.ts sends it', async () => {
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
    expect(await sendMail({ to: ours, subject: 'Hi', text: 'Sent by platform/aws/ses.ts.' })).toBeTruthy();
    expect(await mailsTo(ours)).toMatchObject([{ to: ours, subject: 'Hi', text: 'Sent by platform/aws/ses.ts.' }]);
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
