/**
 * Runs cognito-local in its own process (its data folder is relative to the working directory),
 * with corrections so it behaves like Cognito: code mails go to the local mailbox (with the
 * texts the deployed pool uses, COGNITO_MAIL) instead of a console box, an unverified e-mail
 * reads false in the ID token, AdminUserGlobalSignOut (missing) revokes refresh tokens,
 * ForgotPassword sends no code to an address that is not verified, usernames and e-mail
 * aliases are found whatever their letter case, and verifying an authenticator does not turn the
 * second step on by itself, and the refresh token of a sign-in finished by a TOTP code works;
 * AdminSetUserMFAPreference (missing) sets the second step as the server asks, and tokens refreshed
 * keep the `auth_time` of the sign-in they come from, as Cognito's do.
 */
import { createRequire } from 'node:module';
import { COGNITO_MAIL } from '../settings';

const require = createRequire(import.meta.url);
const mailboxUrl = process.argv[2]!;

type User = { Username: string; Attributes?: { Name: string; Value?: string }[] };
const { MessagesService } = require('cognito-local/lib/services/messages');
MessagesService.prototype.deliver = async function deliver(
  _ctx: unknown,
  source: string,
  _clientId: unknown,
  _poolId: unknown,
  user: User,
  code: string,
  _meta: unknown,
  details: { Destination?: string } | undefined,
) {
  const template = source === 'ForgotPassword' ? COGNITO_MAIL.passwordReset : COGNITO_MAIL.verification;
  const to = details?.Destination ?? user.Attributes?.find((a) => a.Name === 'email')?.Value ?? user.Username;
  await fetch(mailboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      to,
      subject: template.subject,
      text: template.body.replace('{####}', code),
      code,
      source: `cognito:${source}`,
    }),
  });
};

// cognito-local writes email_verified as Boolean("false") === true; real Cognito says false.
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');
const generate = JwtTokenGenerator.prototype.generate;
JwtTokenGenerator.prototype.generate = function (this: unknown, ctx: unknown, user: User, ...rest: unknown[]) {
  const Attributes = user.Attributes?.filter((a) => a.Name !== 'email_verified' || a.Value === 'true');
  return generate.call(this, ctx, { ...user, Attributes }, ...rest);
};

// cognito-local has no AdminUserGlobalSignOut; real Cognito revokes the user's refresh tokens.
// cognito-local keeps them on the user (RefreshTokens, checked by REFRESH_TOKEN_AUTH), so
// emptying that list is the same revocation. ID and access tokens stay valid until they expire,
// as in Cognito, where only access tokens are also refused by Cognito's own APIs afterwards.
const { Targets } = require('cognito-local/lib/targets/targets');
const { UserNotFoundError } = require('cognito-local/lib/errors');
type Pool = {
  getUserByUsername(ctx: unknown, name: string): Promise<(User & { RefreshTokens?: string[] }) | null>;
  saveUser(ctx: unknown, user: User): Promise<void>;
};
Targets.AdminUserGlobalSignOut =
  ({ cognito }: { cognito: { getUserPool(ctx: unknown, id: string): Promise<Pool> } }) =>
  async (ctx: unknown, req: { UserPoolId: string; Username: string }) => {
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] } as User);
    return {};
  };

// Nor GlobalSignOut (a user signing out everywhere with its access token, which the proxy has
// verified: cognito-mfa.ts): the same revocation, for the token's user.
Targets.GlobalSignOut =
  ({ cognito }: { cognito: { getUserPool(ctx: unknown, id: string): Promise<Pool> } }) =>
  async (ctx: unknown, req: { AccessToken?: string }) => {
    const { NotAuthorizedError } = require('cognito-local/lib/errors');
    let claims: { iss?: string; username?: string; sub?: string };
    try {
      claims = JSON.parse(Buffer.from(String(req.AccessToken).split('.')[1] ?? '', 'base64url').toString('utf8'));
    } catch {
      throw new NotAuthorizedError();
    }
    const pool = await cognito.getUserPool(ctx, String(claims.iss).split('/').pop() ?? '');
    const user = await pool.getUserByUsername(ctx, String(claims.username ?? claims.sub));
    if (!user) throw new NotAuthorizedError();
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] } as User);
    return {};
  };

// Real Cognito sends a reset code only to a verified address (account recovery is EMAIL_ONLY):
// an account whose address nobody proved cannot be reset, which is why an unproven account must
// never block the owner of its address (lambdas/accounts/accounts.ts). cognito-local sends one anyway.
const { InvalidParameterError } = require('cognito-local/lib/errors');
const forgotPassword = Targets.ForgotPassword;
type ForgotDeps = { cognito: { getUserPoolForClientId(ctx: unknown, id: string): Promise<Pool> } };
Targets.ForgotPassword = (deps: ForgotDeps) => {
  const send = forgotPassword(deps);
  return async (ctx: unknown, req: { ClientId: string; Username: string }) => {
    const pool = await deps.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    const verified = user?.Attributes?.some((a) => a.Name === 'email_verified' && a.Value === 'true');
    if (user && !verified) {
      throw new InvalidParameterError(
        'Cannot reset password for the user as there is no registered/verified email or phone_number',
      );
    }
    return send(ctx, req);
  };
};

// The deployed pool's usernames are case-insensitive (lib/auth.ts, signInCaseSensitive: false),
// and so is the local one's setting (UsernameConfiguration), which cognito-local ignores: there
// `Ann@x.org` neither signs in as `ann@x.org` nor is refused as a second account for that address.
// A user is found as Cognito finds it: by username or e-mail alias, whatever the letter case.
const { UserPoolServiceImpl } = require('cognito-local/lib/services/userPoolService');
type PoolService = {
  options?: { UsernameAttributes?: string[]; UsernameConfiguration?: { CaseSensitive?: boolean } };
  dataStore: { get(ctx: unknown, key: string, fallback: unknown): Promise<Record<string, User>> };
};
const getUserByUsername = UserPoolServiceImpl.prototype.getUserByUsername;
UserPoolServiceImpl.prototype.getUserByUsername = async function (this: PoolService, ctx: unknown, username: unknown) {
  const exact = (await getUserByUsername.call(this, ctx, username)) as User | null;
  if (exact || typeof username !== 'string' || this.options?.UsernameConfiguration?.CaseSensitive !== false) {
    return exact;
  }
  const wanted = username.toLowerCase();
  const aliases = this.options.UsernameAttributes ?? [];
  const users = Object.values(await this.dataStore.get(ctx, 'Users', {}));
  const sameName = (value: string | undefined) => value?.toLowerCase() === wanted;
  return (
    users.find((user) => sameName(user.Username)) ??
    users.find((user) => user.Attributes?.some((a) => aliases.includes(a.Name) && sameName(a.Value))) ??
    null
  );
};

// Cognito's VerifySoftwareToken only marks the authenticator verified; the user turns the second
// step on with SetUserMFAPreference. cognito-local also turns it on, so a user who abandons the
// set-up after the code would be asked for codes at sign-in: put the MFA list back as it was.
type MfaUser = User & { UserMFASettingList?: string[] };
type ClientDeps = { cognito: { getUserPoolForClientId(ctx: unknown, id: string): Promise<Pool> } };
const verifySoftwareToken = Targets.VerifySoftwareToken;
Targets.VerifySoftwareToken = (deps: ClientDeps) => {
  const verify = verifySoftwareToken(deps);
  return async (ctx: unknown, req: { AccessToken?: string }) => {
    const claims = JSON.parse(Buffer.from(req.AccessToken?.split('.')[1] ?? '', 'base64url').toString() || '{}') as {
      client_id?: string;
      sub?: string;
    };
    const pool = claims.client_id ? await deps.cognito.getUserPoolForClientId(ctx, claims.client_id) : null;
    const before = pool && claims.sub ? ((await pool.getUserByUsername(ctx, claims.sub)) as MfaUser | null) : null;
    const answer = await verify(ctx, req);
    const after = pool && claims.sub ? ((await pool.getUserByUsername(ctx, claims.sub)) as MfaUser | null) : null;
    if (pool && after)
      await pool.saveUser(ctx, { ...after, UserMFASettingList: before?.UserMFASettingList ?? [] } as User);
    return answer;
  };
};

// A sign-in finished by a challenge answer (the TOTP code) gives a refresh token that Cognito
// honours; cognito-local keeps only those of InitiateAuth, so the first refresh of a two-step
// sign-in would fail. Keep it on the user, as InitiateAuth does.
type StoringPool = Pool & { storeRefreshToken(ctx: unknown, token: string, user: User): Promise<void> };
const respondToAuthChallenge = Targets.RespondToAuthChallenge;
Targets.RespondToAuthChallenge = (deps: {
  cognito: { getUserPoolForClientId(ctx: unknown, id: string): Promise<StoringPool> };
}) => {
  const respond = respondToAuthChallenge(deps);
  return async (ctx: unknown, req: { ClientId: string; ChallengeResponses?: { USERNAME?: string } }) => {
    const answer = (await respond(ctx, req)) as { AuthenticationResult?: { RefreshToken?: string } };
    const token = answer.AuthenticationResult?.RefreshToken;
    if (token && req.ChallengeResponses?.USERNAME) {
      const pool = await deps.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.ChallengeResponses.USERNAME);
      if (user) await pool.storeRefreshToken(ctx, token, user);
    }
    return answer;
  };
};

// cognito-local has no AdminSetUserMFAPreference (the API's setTwoStep calls it): Cognito's rules,
// as cognito-local's own SetUserMFAPreference has them for a user's access token.
type MfaSettings = { Enabled?: boolean; PreferredMfa?: boolean };
type VerifiedUser = MfaUser & { SoftwareTokenMfaConfiguration?: { Verified?: boolean } };
Targets.AdminSetUserMFAPreference =
  ({ cognito }: { cognito: { getUserPool(ctx: unknown, id: string): Promise<Pool> } }) =>
  async (
    ctx: unknown,
    req: { UserPoolId: string; Username: string; SoftwareTokenMfaSettings?: MfaSettings; SMSMfaSettings?: MfaSettings },
  ) => {
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = (await pool.getUserByUsername(ctx, req.Username)) as VerifiedUser | null;
    if (!user) throw new UserNotFoundError('User does not exist.');
    const software = req.SoftwareTokenMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified) {
      throw new InvalidParameterError('User has not verified software token mfa');
    }
    if (req.SMSMfaSettings?.Enabled) throw new InvalidParameterError('SMS MFA is not enabled for this user pool');
    const methods = new Set(user.UserMFASettingList ?? []);
    if (software?.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
    else if (software) methods.delete('SOFTWARE_TOKEN_MFA');
    const preferred = software?.PreferredMfa && methods.has('SOFTWARE_TOKEN_MFA') ? 'SOFTWARE_TOKEN_MFA' : undefined;
    await pool.saveUser(ctx, { ...user, UserMFASettingList: [...methods], PreferredMfaSetting: preferred } as User);
    return {};
  };

// Cognito's refreshed ID and access tokens keep the sign-in's `auth_time` (when the password, and the
// code, were given); cognito-local stamps the refresh's own time, which would make a token refreshed
// from a password-only sign-in look like a new sign-in (platform/wiring/operatorMfa.ts relies on it).
// The refresh token carries its sign-in's time (`iat`, stamped with auth_time); the refreshed
// tokens are signed again with it, with cognito-local's own key.
const jwt = require('jsonwebtoken');
const { pem } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
const withAuthTime = (token: string | undefined, authTime: number) => {
  if (!token) return token;
  const { header, payload } = jwt.decode(token, { complete: true }) as {
    header: { kid?: string };
    payload: Record<string, unknown>;
  };
  return jwt.sign({ ...payload, auth_time: authTime }, pem, { algorithm: 'RS256', keyid: header.kid }) as string;
};
type AuthAnswer = { AuthenticationResult?: { IdToken?: string; AccessToken?: string } };
const initiateAuth = Targets.InitiateAuth;
Targets.InitiateAuth = (deps: unknown) => {
  const initiate = initiateAuth(deps);
  return async (ctx: unknown, req: { AuthFlow?: string; AuthParameters?: { REFRESH_TOKEN?: string } }) => {
    const answer = (await initiate(ctx, req)) as AuthAnswer;
    const refreshing = req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN';
    const signedIn = refreshing
      ? (jwt.decode(req.AuthParameters?.REFRESH_TOKEN ?? '') as { iat?: unknown } | null)
      : null;
    const result = answer.AuthenticationResult;
    if (result && typeof signedIn?.iat === 'number') {
      result.IdToken = withAuthTime(result.IdToken, signedIn.iat);
      result.AccessToken = withAuthTime(result.AccessToken, signedIn.iat);
    }
    return answer;
  };
};

const pino = require('pino');
const { createDefaultServer } = require('cognito-local/lib/server');
const server = await createDefaultServer(pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'warn' }));
await server.start();
