/**
 * The local gateway's stand-in for API Gateway's JWT authorizer: the token from the Authorization
 * header, verified against the pool's JWKS, issuer and audience; the claims as strings.
 */
import type { IncomingMessage } from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { LocalPool } from './cognito';

/**
 * The token in an Authorization header. API Gateway takes the header as the token, or what follows
 * `Bearer ` (that spelling only): `bearer <token>` is read as a token that starts with "bearer".
 */
export function tokenOf(header: string | undefined): string {
  if (!header) return '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : header;
}

/** API Gateway passes claims as strings. */
function claimsOf(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [
      k,
      Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'object' ? JSON.stringify(v) : String(v),
    ]),
  );
}

/** The authorizer: the request's claims, or null when API Gateway would answer 401. */
export function jwtAuthorizer(pool: LocalPool) {
  const jwks = createRemoteJWKSet(new URL(`${pool.issuer}/.well-known/jwks.json`));
  return async (req: IncomingMessage): Promise<Record<string, string> | null> => {
    const token = tokenOf(req.headers.authorization);
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: pool.issuer });
      // Like API Gateway: the audience is checked against `aud` (ID token) or `client_id` (access token).
      if (payload.aud !== pool.clientId && payload.client_id !== pool.clientId) return null;
      return claimsOf(payload);
    } catch {
      return null;
    }
  };
}
