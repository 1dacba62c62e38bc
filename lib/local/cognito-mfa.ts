/**
 * Two-step sign-in (TOTP) as Cognito does it, where cognito-local is looser. cognito-local 5.3
 * keeps the secret, verifies codes (otplib) and asks for one at sign-in (cognito-host.ts corrects
 * what it does on verification); the proxy adds what it lacks:
 *  - the access token of a token operation is verified (signature, issuer, client, expiry), where
 *    cognito-local only decodes it: a forged token must not turn off someone's second step;
 *  - every challenge's Session is Cognito's (SOFTWARE_TOKEN_MFA, SMS_MFA, SELECT_MFA_TYPE,
 *    NEW_PASSWORD_REQUIRED, whichever InitiateAuth or an earlier answer issued): for the user and
 *    the challenge it was issued for, usable once, for 3 minutes; a made-up, spent, stale or
 *    another challenge's one is NotAuthorizedException. cognito-local takes any Session and a
 *    USERNAME, which would hand out any account's tokens (the super-admin's too), and set its
 *    password through NEW_PASSWORD_REQUIRED.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { type CognitoAnswer, cognitoError } from './cognito-answer';
import type { LocalPool } from './cognito';

/** How long Cognito accepts the answer to a sign-in challenge. */
export const CHALLENGE_SESSION_MS = 3 * 60 * 1000;

export const EXPIRED_SESSION = 'Invalid session for the user, session is expired.';
export const SPENT_SESSION = 'Invalid session for the user, session can only be used once.';

const jwksByIssuer = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Cognito's refusal of the request's access token, or null when the token is the pool's, for its client, and current. */
export async function accessTokenRefusal(
  pool: LocalPool,
  payload: Record<string, unknown>,
): Promise<CognitoAnswer | null> {
  if (!('AccessToken' in payload)) return null;
  const jwks = jwksByIssuer.get(pool.issuer) ?? createRemoteJWKSet(new URL(`${pool.issuer}/.well-known/jwks.json`));
  jwksByIssuer.set(pool.issuer, jwks);
  try {
    if (typeof payload.AccessToken !== 'string') throw new Error('not a token');
    const { payload: claims } = await jwtVerify(payload.AccessToken, jwks, { issuer: pool.issuer });
    if (claims.token_use !== 'access' || claims.client_id !== pool.clientId) throw new Error('not an access token');
    return null;
  } catch {
    return cognitoError('NotAuthorizedException', 'Invalid Access Token');
  }
}

interface Challenge {
  /** The challenge the Session was issued for. */
  name: string;
  /** The names the user may be given by in the answer: the sign-in name and the USER_ID_FOR_SRP. */
  names: Set<string>;
  clientId: unknown;
  issued: number;
  spent: boolean;
}

export class MfaSessions {
  private readonly bySession = new Map<string, Challenge>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Keeps the Session of an answer that asks for a challenge: InitiateAuth's, or a
   * RespondToAuthChallenge's that asks for the next one (for the user the request named).
   */
  issued(payload: Record<string, unknown>, answer: CognitoAnswer): void {
    if (answer.status !== 200) return;
    const body = JSON.parse(answer.body) as {
      ChallengeName?: string;
      Session?: string;
      ChallengeParameters?: Record<string, string>;
    };
    if (!body.ChallengeName || !body.Session) return;
    const given = (payload.AuthParameters ?? payload.ChallengeResponses) as Record<string, unknown> | undefined;
    const names = [given?.USERNAME, body.ChallengeParameters?.USER_ID_FOR_SRP].filter((n) => typeof n === 'string');
    this.forgetOld();
    this.bySession.set(body.Session, {
      name: body.ChallengeName,
      names: new Set(names.map((n) => (n as string).toLowerCase())),
      clientId: payload.ClientId,
      issued: this.now(),
      spent: false,
    });
  }

  /** Cognito's refusal of a RespondToAuthChallenge whose Session is not a live one for that user, else null. */
  refusal(payload: Record<string, unknown>): CognitoAnswer | null {
    const challenge = typeof payload.Session === 'string' ? this.bySession.get(payload.Session) : undefined;
    const username = (payload.ChallengeResponses as Record<string, unknown> | undefined)?.USERNAME;
    if (
      !challenge ||
      challenge.name !== payload.ChallengeName ||
      challenge.clientId !== payload.ClientId ||
      typeof username !== 'string' ||
      !challenge.names.has(username.toLowerCase()) ||
      this.now() - challenge.issued > CHALLENGE_SESSION_MS
    ) {
      return cognitoError('NotAuthorizedException', EXPIRED_SESSION);
    }
    return challenge.spent ? cognitoError('NotAuthorizedException', SPENT_SESSION) : null;
  }

  /** A right answer spends the Session (a wrong code leaves it for another try, as Cognito does); a next challenge's Session is kept. */
  answered(payload: Record<string, unknown>, answer: CognitoAnswer): void {
    const challenge = typeof payload.Session === 'string' ? this.bySession.get(payload.Session) : undefined;
    if (challenge && answer.status === 200) challenge.spent = true;
  }

  private forgetOld(): void {
    for (const [session, challenge] of this.bySession) {
      if (this.now() - challenge.issued > 2 * CHALLENGE_SESSION_MS) this.bySession.delete(session);
    }
  }
}
