/**
 * Member sign-up: newUser mails any address a code (or, when it has an account, the way into it)
 * with the same answer, and makes no account; proveAddress makes it with the code; finishSignUp joins the member the church holds for it, with
 * refusals that say nothing about which addresses exist where; an unproven account never blocks
 * the owner of the address; all or nothing between the account's claims and the user record.
 */
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ListUsersResult } from '../../lambdas/contract/api';
import { ACCOUNT_EXISTS, CANNOT_JOIN } from '../../lambdas/accounts/accounts';
import { createAccount } from '../../lambdas/accounts/identity';
import { MAILS_PER_DAY, TRIES } from '../../lambdas/accounts/repos/addressProofs';
import { PROOF_MESSAGES } from '../../lambdas/contract/auth';
import { JOINED } from '../../lambdas/accounts/finishAccount';
import { keys } from '../../lambdas/core/repos/keys';
import { deleteMember } from '../../lambdas/directory/members';
import { memberItem } from '../../lambdas/directory/repos/items';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { call, idToken } from '../support/api';
import { stack } from '../support/env';
import {
  PASSWORD,
  addFamilyVia,
  createAccountIn,
  createChurch,
  newId,
  openedItem,
  registrationBody,
  signUpAndJoin,
  snapshotChurches,
  unique,
  type Church,
} from '../support/fixtures';
import { adminOf, beforeItsWrite } from '../support/interleave';
import { mailedCode, mailsTo, proveMailedAddress } from '../support/mail';
import { ACCOUNT_EXISTS_SUBJECT } from '../../lambdas/accounts/proofMails';

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const getItem = async (Key: Record<string, unknown>) =>
  (await ddb.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key }))).Item;

/** A member of the church holding `email`, added by its admin through the API. */
async function memberWithEmail(church: Church, email = `${unique('joiner')}@example.org`) {
  const { familyId } = await addFamilyVia(church.adminToken);
  const added = await call<{ id: string }>('addMember', {
    token: church.adminToken,
    body: { familyId, name: 'Ruth', email },
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  return { email, familyId, memberId: added.body.id };
}

const signUp = (body: Record<string, unknown>) =>
  call('newUser', { body: { fullName: 'Ruth Boaz', password: PASSWORD, ...body } });
const STRANGER = 'not-the-owner-1';

const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint });
const attributesOf = async (email: string) => {
  const { UserAttributes } = await cognito.send(
    new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }),
  );
  return Object.fromEntries((UserAttributes ?? []).map((a) => [a.Name!, a.Value]));
};
const accountExists = (email: string) =>
  attributesOf(email).then(
    () => true,
    () => false,
  );
const signsIn = (email: string, password: string) =>
  idToken(email, password).then(
    () => true,
    () => false,
  );
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('asking for an account (newUser): no membership oracle', () => {
  it('answers a listed and an unlisted address alike, in comparable time, mails each a code, and makes no account before the code', async () => {
    const church = await createChurch();
    const listed: string[] = [];
    for (let i = 0; i < 5; i++) listed.push((await memberWithEmail(church)).email);
    const before = await snapshotChurches();
    const times = { listed: [] as number[], unlisted: [] as number[] };
    for (let i = 0; i < 5; i++) {
      for (const kind of ['listed', 'unlisted'] as const) {
        const email = kind === 'listed' ? listed[i]! : `${unique('nobody')}@example.org`;
        const started = performance.now();
        const answer = await signUp({ email, orgId: church.orgId });
        times[kind].push(performance.now() - started);
        expect({ status: answer.status, body: answer.body }, kind).toEqual({
          status: 200,
          body: { success: true, message: PROOF_MESSAGES.mailed },
        });
        expect(await mailedCode(email), kind).toMatch(/^\d{6}$/);
        // No account until the code: the password just chosen signs in nowhere.
        expect(await accountExists(email), kind).toBe(false);
        expect(await signsIn(email, PASSWORD), kind).toBe(false);
      }
    }
    expect(await snapshotChurches()).toBe(before);
    // The same work for both (nothing a church holds is read): within noise of each other.
    const [a, b] = [median(times.listed), median(times.unlisted)];
    expect(Math.max(a, b), `${a} ms against ${b} ms`).toBeLessThan(2 * Math.min(a, b) + 50);
  });

  it('an address with a proven account gets the same answer, a message with no code, and its account is never changed', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    expect((await signUpAndJoin(member.email, church.orgId)).status).toBe(200);
    const account = await attributesOf(member.email);
    const before = await snapshotChurches();

    const again = await signUp({ email: member.email, orgId: church.orgId, password: STRANGER });
    expect({ status: again.status, body: again.body }).toEqual({
      status: 200,
      body: { success: true, message: PROOF_MESSAGES.mailed },
    });
    const [mail] = await mailsTo(member.email);
    expect(mail).toMatchObject({ subject: ACCOUNT_EXISTS_SUBJECT });
    expect(mail!.code).toBeUndefined();
    // No code was sent: every guess is wrong, then the tries are spent, as for any address.
    for (let i = 0; i < TRIES; i++) {
      const guess = await call('proveAddress', {
        body: { email: member.email, code: String(100000 + i), password: STRANGER },
      });
      expect(guess).toMatchObject({ status: 400, body: { error: { message: PROOF_MESSAGES.wrongCode } } });
    }
    const spent = await call('proveAddress', { body: { email: member.email, code: '999999', password: STRANGER } });
    expect(spent).toMatchObject({ status: 400, body: { error: { message: PROOF_MESSAGES.spent } } });

    expect(await signsIn(member.email, STRANGER)).toBe(false);
    expect(await signsIn(member.email, PASSWORD)).toBe(true);
    expect(await attributesOf(member.email)).toEqual(account);
    expect(await snapshotChurches()).toBe(before);
  });

  it('a wrong code uses a try, a new request replaces the code, and a day holds five messages per address', async () => {
    const email = `${unique('counted')}@example.org`;
    expect((await signUp({ email })).status).toBe(200);
    const first = await mailedCode(email);
    const wrong = first === '000000' ? '111111' : '000000';
    expect((await call('proveAddress', { body: { email, code: wrong, password: PASSWORD } })).status).toBe(400);
    for (let i = 1; i < MAILS_PER_DAY; i++) expect((await signUp({ email })).status).toBe(200);
    const last = await mailedCode(email);
    const refused = await signUp({ email });
    expect(refused).toMatchObject({
      status: 429,
      body: { error: { code: 'resource-exhausted', message: PROOF_MESSAGES.tooManyMails } },
    });
    expect(await mailsTo(email)).toHaveLength(MAILS_PER_DAY);
    if (first !== last) {
      const old = await call('proveAddress', { body: { email, code: first, password: PASSWORD } });
      expect(old).toMatchObject({ status: 400, body: { error: { message: PROOF_MESSAGES.wrongCode } } });
    }
    expect((await call('proveAddress', { body: { email, code: last, password: PASSWORD } })).status).toBe(200);
    expect(await signsIn(email, PASSWORD)).toBe(true);
    expect((await attributesOf(email)).email_verified).toBe('true');
  });
  it('an older unproven account that carries church claims still learns no church name or member ids from getMe', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    const account = await createAccountIn(church.orgId, {
      verified: false,
      email: member.email,
      memberId: member.memberId,
      familyId: member.familyId,
    });
    expect((await call('getMe', { token: account.token })).body).toMatchObject({
      orgId: '',
      orgName: '',
      memberId: null,
      familyId: null,
      admin: false,
    });
  });
});

describe('an account opened before codes were ours, never proven, never blocks the owner of the address', () => {
  it('the owner’s proof replaces it: its password and sessions end, the owner joins', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    await createAccount({
      email: member.email,
      name: 'Stranger',
      password: STRANGER,
      custom: {},
      emailTakenMessage: '',
    });
    const strangerToken = await idToken(member.email, STRANGER);

    expect(await signUpAndJoin(member.email, church.orgId)).toMatchObject({
      status: 200,
      body: { orgId: church.orgId },
    });
    expect(await signsIn(member.email, STRANGER)).toBe(false);
    // The stranger's token still names the replaced account, whose address was never proven.
    expect((await call('finishSignUp', { token: strangerToken, body: { orgId: church.orgId } })).status).toBe(403);
    expect(claimsOf(await idToken(member.email, PASSWORD))).toMatchObject({
      'custom:orgId': church.orgId,
      'custom:memberId': member.memberId,
    });
  });

  it('a stranger’s church registration with the address is replaced by the owner’s request, and an older unproven account with its user record', async () => {
    const church = await createChurch();
    const [first, second] = [await memberWithEmail(church), await memberWithEmail(church)];
    const squatted = registrationBody({ email: first.email });
    squatted.adminInfo.password = STRANGER;
    expect((await call('registerOrganization', { body: squatted })).status).toBe(200);
    expect(await signUpAndJoin(first.email, church.orgId)).toMatchObject({
      status: 200,
      body: { orgId: church.orgId },
    });

    const older = await createAccountIn(church.orgId, { verified: false, email: second.email });
    expect(await getItem(keys.user(church.orgId, older.userId))).toBeDefined();
    expect(await signUpAndJoin(second.email, church.orgId)).toMatchObject({ status: 200 });
    expect(await getItem(keys.user(church.orgId, older.userId))).toBeUndefined();
    const users = (await call<ListUsersResult>('listUsers', { token: church.adminToken })).body.users;
    expect(users.filter((u) => u.email === second.email)).toHaveLength(1);
  });
});

describe('finishing a sign-up (finishSignUp), once the address is proven', () => {
  it('joins the member the church holds for the address (any case), through the church link', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    const answer = await signUpAndJoin(`  ${member.email.toUpperCase()} `, church.orgId);
    expect(answer).toMatchObject({ status: 200, body: { success: true, orgId: church.orgId } });

    const token = await idToken(member.email, PASSWORD);
    expect(claimsOf(token)).toMatchObject({
      email: member.email,
      'custom:orgId': church.orgId,
      'custom:admin': 'false',
      'custom:memberId': member.memberId,
      'custom:familyId': member.familyId,
    });
    expect(await attributesOf(member.email)).toMatchObject({ name: 'Ruth Boaz' });
    const userId = String(claimsOf(token).sub);
    expect(await getItem(keys.user(church.orgId, userId))).toMatchObject({
      userId,
      orgId: church.orgId,
      email: member.email,
      admin: false,
      memberId: member.memberId,
      familyId: member.familyId,
      mobileAppLinked: false,
    });
    const users = await call<ListUsersResult>('listUsers', { token: church.adminToken });
    expect(users.body.users.find((u) => u.userId === userId)).toMatchObject({
      email: member.email,
      admin: false,
      memberId: member.memberId,
    });
  });

  it('without a church link, joins the one church that holds the address', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    expect((await signUpAndJoin(member.email, null)).status).toBe(200);
    expect(claimsOf(await idToken(member.email, PASSWORD))).toMatchObject({
      'custom:orgId': church.orgId,
      'custom:memberId': member.memberId,
    });
    const second = await memberWithEmail(church);
    await signUp({ email: second.email, orgId: '' });
    expect((await proveMailedAddress(second.email, PASSWORD)).status).toBe(200);
    const token = await idToken(second.email, PASSWORD);
    expect((await call('finishSignUp', { token, body: { orgId: '' } })).status).toBe(200);
    const third = await memberWithEmail(church);
    await signUp({ email: third.email });
    expect((await proveMailedAddress(third.email, PASSWORD)).status).toBe(200);
    expect((await call('finishSignUp', { token: await idToken(third.email, PASSWORD), body: {} })).status).toBe(200);
  });

  it('refuses every address it cannot place in one church with the same neutral answer, and writes nothing', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const shared = `${unique('shared')}@example.org`;
    await memberWithEmail(church, shared);
    await memberWithEmail(other, shared);
    const onlyHere = await memberWithEmail(church);

    const attempts: { label: string; email: string; orgId: string | null }[] = [
      { label: 'unknown address', email: `${unique('nobody')}@example.org`, orgId: null },
      { label: 'unknown address, church link', email: `${unique('nobody')}@example.org`, orgId: church.orgId },
      { label: 'address of two churches, no link', email: shared, orgId: null },
      { label: 'address held by another church than the link', email: onlyHere.email, orgId: other.orgId },
      { label: 'church that does not exist', email: onlyHere.email, orgId: newId() },
      { label: 'malformed church id', email: onlyHere.email, orgId: `${church.orgId}#MEM` },
    ];
    for (const { label, email, orgId } of attempts) {
      const before = await snapshotChurches();
      // An address proven by an earlier attempt has its account: its owner finishes again, signed in.
      const answer = (await accountExists(email))
        ? await call('finishSignUp', { token: await idToken(email, PASSWORD), body: { orgId } })
        : await signUpAndJoin(email, orgId);
      expect(answer.status, label).toBe(403);
      expect(answer.body.error, label).toEqual({ code: 'permission-denied', message: CANNOT_JOIN });
      expect(await snapshotChurches(), label).toBe(before);
      expect((await attributesOf(email))['custom:orgId'], label).toBeUndefined();
    }
    // The administrator's address is an account already: the owner is told so.
    const admin = await call('finishSignUp', { token: church.adminToken, body: { orgId: church.orgId } });
    expect(admin).toMatchObject({ status: 409, body: { error: { message: ACCOUNT_EXISTS } } });
    // With its own church's link, the shared address joins that church.
    const token = await idToken(shared, PASSWORD);
    expect((await call('finishSignUp', { token, body: { orgId: other.orgId } })).status).toBe(200);
    expect(claimsOf(await idToken(shared, PASSWORD))['custom:orgId']).toBe(other.orgId);
  });

  it('unlinks the account when its member or its family is deleted: no account stays linked to a member that is gone', async () => {
    const church = await createChurch();
    const [first, second] = [await memberWithEmail(church), await memberWithEmail(church)];
    for (const { email } of [first, second]) expect((await signUpAndJoin(email, church.orgId)).status).toBe(200);
    expect(
      (await call('deleteMember', { token: church.adminToken, params: { memberId: first.memberId } })).status,
    ).toBe(200);
    expect(
      (await call('deleteFamily', { token: church.adminToken, params: { familyId: second.familyId } })).status,
    ).toBe(200);
    const users = (await call<ListUsersResult>('listUsers', { token: church.adminToken })).body.users.filter(
      (u) => u.email !== church.adminEmail,
    );
    expect(users.map(({ email, memberId, familyId }) => ({ email, memberId, familyId }))).toEqual(
      [first, second]
        .map(({ email }) => ({ email, memberId: null, familyId: null }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it('an account unlinked by its member’s delete loses its family’s edit rights at once, whatever its token still says', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    expect((await signUpAndJoin(member.email, church.orgId)).status).toBe(200);
    const token = await idToken(member.email, PASSWORD); // carries custom:familyId of the family
    const family = await call<{ family: { version: number } }>('getFamily', {
      token,
      params: { familyId: member.familyId },
    });
    expect(
      (await call('deleteMember', { token: church.adminToken, params: { memberId: member.memberId } })).status,
    ).toBe(200);
    const edit = await call('updateFamily', {
      token,
      params: { familyId: member.familyId },
      body: { surname: 'Taken', version: family.body.family.version },
    });
    expect(edit.status).toBe(403);
  });

  it('refuses a member delete that read the member’s accounts before a sign-up linked one', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    await signUp({ email: member.email, orgId: church.orgId });
    expect((await proveMailedAddress(member.email, PASSWORD)).status).toBe(200);
    const token = await idToken(member.email, PASSWORD);
    const joins = async () =>
      expect((await call('finishSignUp', { token, body: { orgId: church.orgId } })).status).toBe(200);
    await expect(beforeItsWrite(joins, () => deleteMember(adminOf(church), member.memberId))).rejects.toMatchObject({
      code: 'aborted',
    });
    const users = (await call<ListUsersResult>('listUsers', { token: church.adminToken })).body.users;
    expect(users.find((u) => u.email === member.email)).toMatchObject({
      memberId: member.memberId,
      familyId: member.familyId,
    });
    expect((await call('getMember', { token: church.adminToken, params: { memberId: member.memberId } })).status).toBe(
      200,
    );
  });

  it('takes the claims off again when the user record cannot be written (the member vanished)', async () => {
    const church = await createChurch();
    const email = `${unique('ghost')}@example.org`;
    // An index entry for the address whose member item is gone: the lookup finds it, the write's check does not.
    const stamp = new Date().toISOString();
    const ghost = {
      memberId: newId(),
      familyId: newId(),
      orgId: church.orgId,
      name: 'Ghost',
      surname: 'Gone',
      birthday: null,
      cellphone: null,
      email,
      version: 1,
      createdAt: stamp,
      updatedAt: stamp,
    };
    await ddb.send(
      new PutCommand({
        TableName: stack.env.TABLE_NAME,
        Item: { ...memberItem(ghost), SK: `STALE#${ghost.memberId}` },
      }),
    );

    const before = await snapshotChurches();
    const answer = await signUpAndJoin(email, church.orgId);
    expect(answer.body.error).toEqual({ code: 'permission-denied', message: CANNOT_JOIN });
    expect(await snapshotChurches()).toBe(before);
    expect(Object.keys(await attributesOf(email)).filter((n) => n.startsWith('custom:'))).toEqual([]);
  });

  it('lets the new member in only once the code made the account and the sign-up finished', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    await signUp({ email: member.email, orgId: church.orgId });
    expect(await signsIn(member.email, PASSWORD)).toBe(false);
    expect((await signUpAndJoin(member.email, church.orgId)).status).toBe(200);
    const token = await idToken(member.email, PASSWORD);
    expect((await call('listFamilies', { token })).status).toBe(200);
    const me = await call('getMe', { token });
    expect(me.body).toMatchObject({
      orgId: church.orgId,
      admin: false,
      memberId: member.memberId,
      familyId: member.familyId,
    });
    // The family user rule applies to the member's own family at once.
    const family = await call<{ family: { canEdit: boolean } }>('getFamily', {
      token,
      params: { familyId: member.familyId },
    });
    expect(family.body.family.canEdit).toBe(true);
  });
});

describe('proving the address on another device (the browser that opened the account knows nothing)', () => {
  it('joins the church whose sign-up link opened the account, although the address is in two churches', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const shared = `${unique('shared')}@example.org`;
    const member = await memberWithEmail(church, shared);
    await memberWithEmail(other, shared);
    expect((await signUp({ email: shared, orgId: church.orgId })).status).toBe(200);
    expect((await proveMailedAddress(shared, PASSWORD)).status).toBe(200);
    // The phone asks with no church: the server kept the link's.
    const finished = await call('finishSignUp', { token: await idToken(shared, PASSWORD), body: { orgId: null } });
    expect(finished).toMatchObject({ status: 200, body: { orgId: church.orgId, message: JOINED } });
    const claims = claimsOf(await idToken(shared, PASSWORD));
    expect(claims).toMatchObject({ 'custom:orgId': church.orgId, 'custom:memberId': member.memberId });
    // Done with: what the account was opened for is gone.
    expect(await openedItem(String(claims.sub))).toBeUndefined();
  });
});
