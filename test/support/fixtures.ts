/**
 * Churches and accounts in every role, made through the real API where one exists and through
 * the domain functions otherwise (never by hand-built items), so fixtures look like real data.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { createAccount, markEmailVerified } from '../../lambdas/accounts/identity';
import { userItem } from '../../lambdas/accounts/repos/users';
import { keys } from '../../lambdas/core/repos/keys';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { s3 } from '../../lambdas/platform/aws/s3';
import { call, idToken } from './api';
import { stack } from './env';
import { proveMailedAddress } from './mail';
import { tableNow } from './table-mirror';

export const PASSWORD = 'correct-horse-1';

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export const verifyEmail = markEmailVerified;

export function registrationBody(overrides: { name?: string; email?: string } = {}) {
  return {
    churchInfo: {
      name: overrides.name ?? unique('Grace Church'),
      address: '12 Elm Street',
      city: 'Raleigh',
      state: 'NC',
      zip: '27601',
    },
    adminInfo: { name: 'Ann Admin', email: overrides.email ?? `${unique('admin')}@example.org`, password: PASSWORD },
  };
}

export interface Church {
  orgId: string;
  adminEmail: string;
  adminToken: string;
}

/** A church registered through the API (the request, the mailed code, the church), its administrator signed in. */
export async function createChurch(): Promise<Church> {
  const body = registrationBody();
  const opened = await call('registerOrganization', { body });
  if (opened.status !== 200) throw new Error(`registration failed: ${JSON.stringify(opened.body)}`);
  const proven = await proveMailedAddress(body.adminInfo.email, PASSWORD);
  if (proven.status !== 200) throw new Error(`proof failed: ${JSON.stringify(proven.body)}`);
  const finished = await call<{ orgId: string }>('finishRegistration', {
    token: await idToken(body.adminInfo.email, PASSWORD),
    body: { churchInfo: body.churchInfo },
  });
  if (finished.status !== 200) throw new Error(`registration failed: ${JSON.stringify(finished.body)}`);
  return {
    orgId: finished.body.orgId,
    adminEmail: body.adminInfo.email,
    adminToken: await idToken(body.adminInfo.email, PASSWORD),
  };
}

/**
 * Member sign-up as the browser makes it: the request (newUser), the mailed code (the address
 * must have no account yet), then finishSignUp with the church's link. Answers finishSignUp's answer.
 */
export async function signUpAndJoin(email: string, orgId: string | null, password = PASSWORD) {
  const opened = await call('newUser', { body: { email, fullName: 'Ruth Boaz', password, orgId } });
  if (opened.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(opened.body)}`);
  const address = email.trim().toLowerCase();
  const proven = await proveMailedAddress(address, password);
  if (proven.status !== 200) throw new Error(`proof failed: ${JSON.stringify(proven.body)}`);
  return call<{ orgId: string }>('finishSignUp', { token: await idToken(address, password), body: { orgId } });
}

/** An account of a church with its user record; verified unless told otherwise. */
export async function createAccountIn(
  orgId: string,
  options: { admin?: boolean; verified?: boolean; memberId?: string; familyId?: string; email?: string } = {},
) {
  const email = options.email ?? `${unique('user')}@example.org`;
  const custom = {
    orgId,
    admin: options.admin ? 'true' : 'false',
    ...(options.memberId ? { memberId: options.memberId } : {}),
    ...(options.familyId ? { familyId: options.familyId } : {}),
  };
  const userId = await createAccount({
    email,
    name: 'Test User',
    password: PASSWORD,
    custom,
    emailTakenMessage: 'taken',
  });
  await ddb.send(
    new PutCommand({
      TableName: stack.env.TABLE_NAME,
      Item: userItem({
        userId,
        orgId,
        email,
        admin: options.admin ?? false,
        memberId: options.memberId ?? null,
        familyId: options.familyId ?? null,
        createdAt: new Date().toISOString(),
        platform: null,
        mobileAppLinked: false,
      }),
    }),
  );
  if (options.verified !== false) await verifyEmail(email);
  return { userId, email, token: await idToken(email, PASSWORD) };
}

/**
 * An ordinary member's account: a family of its own, added by the church's administrator through
 * the API, and the account linked to its member (an unlinked account reads no directory).
 */
export async function memberAccountIn(church: Church, options: { verified?: boolean; email?: string } = {}) {
  const family = await addFamilyVia(church.adminToken);
  const account = await createAccountIn(church.orgId, {
    ...options,
    memberId: family.memberId,
    familyId: family.familyId,
  });
  return { ...account, family };
}

/**
 * Every item of the table, sorted (test/support/table-mirror.ts): compared before and after a
 * refused request. Not the write-rate counters: a refused write still takes its place in its
 * church's minute, as with any rate limit.
 */
export async function snapshotTable(): Promise<string> {
  return JSON.stringify(await tableNow());
}

/**
 * The table without the accounts opened and not yet finished (`ACCOUNT#`), which belong to no
 * church: what opening an account, or a refused finish of one, must leave exactly as it was.
 */
export async function snapshotChurches(): Promise<string> {
  return JSON.stringify((await tableNow()).filter((item) => !item.includes('"PK":"ACCOUNT#')));
}

/** What the account `userId` was opened for, as the table keeps it (undefined once finished). */
export const openedItem = (userId: string) =>
  ddb.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.openedAccount(userId) })).then((r) => r.Item);

/** Every object of the photos and exports buckets (key, size and ETag), sorted. */
export async function snapshotObjects(): Promise<string> {
  const objects: string[] = [];
  for (const Bucket of [stack.env.PHOTOS_BUCKET!, stack.env.EXPORTS_BUCKET!]) {
    let ContinuationToken: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
      for (const o of page.Contents ?? []) objects.push(`${Bucket}/${o.Key} ${o.Size} ${o.ETag}`);
      ContinuationToken = page.NextContinuationToken;
    } while (ContinuationToken);
  }
  return objects.sort().join('\n');
}

/** The table and the buckets: what a refused request must leave exactly as it was. */
export const snapshotStorage = async () => `${await snapshotTable()}\n---\n${await snapshotObjects()}`;

export const newId = () => randomUUID();

/**
 * A family (with one member) added through the API by the church's administrator; `requestKey`
 * is the add's Idempotency-Key, that of a photo uploaded for it (upload.ts).
 */
export async function addFamilyVia(adminToken: string, overrides: Record<string, unknown> = {}, requestKey?: string) {
  const family = await call<{ id: string; version: number }>('addFamily', {
    token: adminToken,
    requestKey,
    body: {
      surname: unique('Mensah'),
      street: '1 Oak Street',
      city: 'Raleigh',
      state: 'NC',
      zipcode: '27601',
      phone: '919-555-0100',
      anniversary: '06/12',
      ...overrides,
    },
  });
  if (family.status !== 200) throw new Error(`addFamily failed: ${JSON.stringify(family.body)}`);
  const member = await call<{ id: string; version: number }>('addMember', {
    token: adminToken,
    body: { familyId: family.body.id, name: 'Lydia', birthday: '03/14' },
  });
  if (member.status !== 200) throw new Error(`addMember failed: ${JSON.stringify(member.body)}`);
  return {
    familyId: family.body.id,
    familyVersion: family.body.version,
    memberId: member.body.id,
    memberVersion: member.body.version,
  };
}
