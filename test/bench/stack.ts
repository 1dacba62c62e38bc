/**
 * What the bench modules that need the local product share: a local stack of their own (its
 * environment put back afterwards for later modules), a church registered through the API, and
 * signing in as the local pool's users.
 */
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface BenchStack {
  url: string;
  pool: { endpoint: string; clientId: string };
  config: import('../../lib/local/config').LocalConfig;
}

/**
 * One base port for every module's stack: the handlers run in this process, and their SDK
 * clients (created once, like in a Lambda container) keep the endpoints of the first stack. A
 * module's fresh stack on the same ports (with its own data) keeps them right.
 * `BENCH_STACK_PORT=4740 npm run bench` moves it, to run beside another stack (BENCH_PORT, the
 * earlier name, is still read).
 */
export const BENCH_STACK_PORT = Number(process.env.BENCH_STACK_PORT ?? process.env.BENCH_PORT ?? 4700);

/**
 * Runs `work` against a fresh local stack on BENCH_STACK_PORT, with its data under `tmpDir`;
 * `photoLinkSeconds`: its photo links' lifetime, when not the product's (lib/local/config.ts).
 */
export async function withLocalStack<T>(
  tmpDir: string,
  work: (stack: BenchStack) => Promise<T>,
  options: { photoLinkSeconds?: number } = {},
): Promise<T> {
  const { localConfig } = await import('../../lib/local/config');
  const { startLocalStack } = await import('../../lib/local/stack');
  const config = localConfig({
    basePort: BENCH_STACK_PORT,
    dataDir: path.join(tmpDir, 'data'),
    verbose: false,
    ...options,
  });
  const savedEnv = { ...process.env };
  const stack = await startLocalStack(config);
  try {
    return await work({ url: stack.url, pool: stack.pool, config });
  } finally {
    // The work a module started off the request path (a save's address lookup, a photo's renditions)
    // ends with its stack, not in the next module's, after this stack's variables are gone.
    await fetch(`${stack.url}/_local/settled`, { signal: AbortSignal.timeout(60_000) }).catch(() => undefined);
    await stack.stop();
    // startLocalStack sets the handlers' variables on this process: put them back for later modules.
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
  }
}

/** An ID token for a user of the local pool (verify the e-mail first where the route needs it). */
export async function signInLocal(pool: BenchStack['pool'], email: string, password: string): Promise<string> {
  const { CognitoIdentityProviderClient, InitiateAuthCommand } =
    await import('@aws-sdk/client-cognito-identity-provider');
  const cognito = new CognitoIdentityProviderClient({ endpoint: pool.endpoint });
  const { AuthenticationResult } = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: pool.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  if (!AuthenticationResult?.IdToken) throw new Error(`no ID token for ${email}`);
  return AuthenticationResult.IdToken;
}

/**
 * GET of the local API for timing, as the SDK reaches DynamoDB: node:http over one kept-alive
 * connection, accepting compression as a browser does. Node's fetch (undici's web streams) took
 * about 1 ms more than node:http for a 58 KB page of families, a cost of the bench's client alone,
 * which the ratio of a page's time over its raw Query's (directory.ts) must not count. Answers the
 * decoded text; anything but 200 throws, naming what was asked.
 */
export function apiGetter(
  url: string,
  token: string,
): { get: (pathAndQuery: string) => Promise<string>; close: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (pathAndQuery: string) =>
    new Promise<string>((resolve, reject) => {
      const request = http.get(
        `${url}${pathAndQuery}`,
        { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            const text = (
              encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
            ).toString('utf8');
            if (response.statusCode !== 200)
              reject(new Error(`GET ${pathAndQuery}: ${response.statusCode} ${text.slice(0, 300)}`));
            else resolve(text);
          });
        },
      );
      request.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/** A POST to the local API, answering its JSON; anything but 200 throws, naming what was asked. */
async function post(url: string, path: string, body: unknown, token?: string): Promise<{ orgId?: string }> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { orgId?: string };
}

/** Enters the code the local mailbox holds for the address: its account is made, proven, with this password. */
async function proveByMail(url: string, email: string, password: string): Promise<void> {
  const mails = (await (await fetch(`${url}/_local/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as {
    code?: string;
  }[];
  const code = mails[0]?.code;
  if (!code) throw new Error(`no code mailed to ${email}`);
  await post(url, '/api/accounts/proof', { email, code, password });
}

/**
 * A church registered through the API in its steps, as a person does: the request, the mailed
 * code that makes the account, then the church is made for it (finishRegistration). Sign in again
 * for a token that carries the church.
 */
export async function registerChurch(
  url: string,
  pool: BenchStack['pool'],
  name: string,
  admin: { email: string; password: string },
): Promise<string> {
  const churchInfo = { name, address: '1 Bench Street', city: 'Raleigh', state: 'NC', zip: '27601' };
  await post(url, '/api/organizations', {
    churchInfo,
    adminInfo: { name: 'Ann Admin', email: admin.email, password: admin.password },
  });
  await proveByMail(url, admin.email, admin.password);
  const token = await signInLocal(pool, admin.email, admin.password);
  const { orgId } = await post(url, '/api/session/registration', { churchInfo }, token);
  if (!orgId) throw new Error('finishRegistration answered no orgId');
  return orgId;
}

/**
 * A member's sign-up through the API as the browser makes it (test/support/fixtures.ts
 * signUpAndJoin): the request (newUser, which makes nothing), the mailed code that makes the
 * account, then finishSignUp with the church's link, which joins the account to the member the
 * church holds for that address. Answers an ID token signed in afterwards, carrying the church.
 */
export async function signUpMember(
  url: string,
  pool: BenchStack['pool'],
  member: { email: string; password: string; orgId: string; fullName?: string },
): Promise<string> {
  const { email, password, orgId } = member;
  await post(url, '/api/accounts', { email, fullName: member.fullName ?? 'Bench Member', password, orgId });
  await proveByMail(url, email, password);
  const joined = await post(url, '/api/session/sign-up', { orgId }, await signInLocal(pool, email, password));
  if (joined.orgId !== orgId) throw new Error(`${email} joined ${joined.orgId}, not ${orgId}`);
  return signInLocal(pool, email, password);
}

/**
 * An account of the church linked to one of its members, made straight in the pool and the table
 * (as the directory's own sign-up leaves it, without the mail): the member's view of the church.
 */
export async function linkedAccount(
  stack: BenchStack,
  orgId: string,
  member: { memberId: string; familyId: string },
  login: { email: string; password: string },
): Promise<string> {
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { ddb } = await import('../../lambdas/platform/aws/ddb');
  const { userItem } = await import('../../lambdas/accounts/repos/users');
  const { createAccount, markEmailVerified } = await import('../../lambdas/accounts/identity');
  const { memberId, familyId } = member;
  const userId = await createAccount({
    ...login,
    name: 'Bench Member',
    custom: { orgId, admin: 'false', memberId, familyId },
    emailTakenMessage: 'taken',
  });
  await markEmailVerified(login.email);
  const createdAt = new Date().toISOString();
  const item = userItem({
    userId,
    orgId,
    email: login.email,
    admin: false,
    memberId,
    familyId,
    createdAt,
    platform: null,
    mobileAppLinked: false,
  });
  await ddb.send(new PutCommand({ TableName: stack.config.tableName, Item: item }));
  return userId;
}
