/**
 * Member sign-up (newUser): an account only for an e-mail address a church holds for a member,
 * linked to that member; refusals that say nothing about which addresses exist where; all or
 * nothing between the Cognito account and the user record.
 */
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ListUsersResult } from '../../lambdas/contract/api';
import { ACCOUNT_EXISTS, CANNOT_JOIN } from '../../lambdas/domain/accounts';
import { keys } from '../../lambdas/domain/keys';
import { deleteMember } from '../../lambdas/domain/members';
import { memberItem } from '../../lambdas/domain/repos/items';
import { ddb } from '../../lambdas/platform/ddb';
import { call, idToken } from '../support/api';
import { stack } from '../support/env';
import {
  PASSWORD,
  addFamilyVia,
  createChurch,
  newId,
  snapshotTable,
  unique,
  verifyEmail,
  type Church,
} from '../support/fixtures';
import { adminOf, beforeItsWrite } from '../support/interleave';

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

const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint });
const accountExists = (email: string) =>
  cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email })).then(
    () => true,
    () => false,
  );

describe('member sign-up', () => {
  it('creates an account linked to the member for an address the church holds (any case), through the church link', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    const answer = await signUp({ email: `  ${member.email.toUpperCase()} `, orgId: church.orgId });
    expect(answer).toMatchObject({ status: 200, body: { success: true } });

    const token = await idToken(member.email, PASSWORD);
    expect(claimsOf(token)).toMatchObject({
      email: member.email,
      'custom:orgId': church.orgId,
      'custom:admin': 'false',
      'custom:memberId': member.memberId,
      'custom:familyId': member.familyId,
    });
    const { UserAttributes } = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: member.email }),
    );
    expect(UserAttributes).toContainEqual({ Name: 'name', Value: 'Ruth Boaz' });
    // The address is verified later with a code (the web asks for it after signing in).
    expect(claimsOf(token).email_verified).not.toBe(true);
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
    expect((await signUp({ email: member.email, orgId: null })).status).toBe(200);
    expect(claimsOf(await idToken(member.email, PASSWORD))).toMatchObject({
      'custom:orgId': church.orgId,
      'custom:memberId': member.memberId,
    });
    // An empty orgId (the form without a link) means the same.
    const second = await memberWithEmail(church);
    expect((await signUp({ email: second.email, orgId: '' })).status).toBe(200);
    const third = await memberWithEmail(church);
    expect((await signUp({ email: third.email })).status).toBe(200);
  });

  it('refuses every address it cannot place in one church with the same neutral answer, and creates nothing', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const shared = `${unique('shared')}@example.org`;
    await memberWithEmail(church, shared);
    await memberWithEmail(other, shared);
    const onlyHere = await memberWithEmail(church);

    const attempts = [
      { label: 'unknown address', body: { email: `${unique('nobody')}@example.org`, orgId: null } },
      {
        label: 'unknown address, church link',
        body: { email: `${unique('nobody')}@example.org`, orgId: church.orgId },
      },
      { label: 'address of two churches, no link', body: { email: shared, orgId: null } },
      { label: 'address held by another church than the link', body: { email: onlyHere.email, orgId: other.orgId } },
      { label: 'church that does not exist', body: { email: onlyHere.email, orgId: newId() } },
      { label: 'malformed church id', body: { email: onlyHere.email, orgId: `${church.orgId}#MEM` } },
      // The administrator's address is an account, not a member the church holds.
      { label: 'an administrator address', body: { email: church.adminEmail, orgId: church.orgId } },
    ];
    for (const { label, body } of attempts) {
      const before = await snapshotTable();
      const answer = await signUp(body);
      expect(answer.status, label).toBe(403);
      expect(answer.body.error, label).toEqual({ code: 'permission-denied', message: CANNOT_JOIN });
      expect(await snapshotTable(), label).toBe(before);
    }
    expect(await accountExists(shared)).toBe(false);
    expect(await accountExists(onlyHere.email)).toBe(false);
    // With its own church's link, the shared address joins that church.
    expect((await signUp({ email: shared, orgId: other.orgId })).status).toBe(200);
    expect(claimsOf(await idToken(shared, PASSWORD))['custom:orgId']).toBe(other.orgId);
  });

  it('answers already-exists for an address that has an account, and changes nothing', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    expect((await signUp({ email: member.email, orgId: church.orgId })).status).toBe(200);
    const before = await snapshotTable();
    const again = await signUp({ email: member.email, orgId: church.orgId, password: 'another-password-2' });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'already-exists', message: ACCOUNT_EXISTS } } });
    expect(await snapshotTable()).toBe(before);
    // The first password still works: the existing account was not touched.
    expect(await accountExists(member.email)).toBe(true);
  });

  it('unlinks the account when its member or its family is deleted: no account stays linked to a member that is gone', async () => {
    const church = await createChurch();
    const [first, second] = [await memberWithEmail(church), await memberWithEmail(church)];
    for (const { email } of [first, second]) expect((await signUp({ email, orgId: church.orgId })).status).toBe(200);
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
    expect((await signUp({ email: member.email, orgId: church.orgId })).status).toBe(200);
    await verifyEmail(member.email);
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
    const joins = async () => expect((await signUp({ email: member.email, orgId: church.orgId })).status).toBe(200);
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

  it('removes the new Cognito account again when the user record cannot be written (the member vanished)', async () => {
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

    const before = await snapshotTable();
    const answer = await signUp({ email, orgId: church.orgId });
    expect(answer.body.error).toEqual({ code: 'permission-denied', message: CANNOT_JOIN });
    expect(await snapshotTable()).toBe(before);
    expect(await accountExists(email)).toBe(false);
  });

  it('lets the new member read the directory once the address is verified', async () => {
    const church = await createChurch();
    const member = await memberWithEmail(church);
    await signUp({ email: member.email, orgId: church.orgId });
    const unverified = await idToken(member.email, PASSWORD);
    expect((await call('listFamilies', { token: unverified })).status).toBe(403);
    await verifyEmail(member.email);
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
