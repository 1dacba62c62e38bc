/** A TOTP authenticator app, for tests (codes as lib/local/operator-totp.ts makes them). */
import { totpCode } from '../../lib/local/operator-totp';

export { totpCode };

/** A code of the same secret that is not valid now (ten periods away). */
export const staleTotpCode = (secret: string): string => {
  const now = totpCode(secret);
  const old = totpCode(secret, Date.now() - 5 * 60_000);
  return old === now ? totpCode(secret, Date.now() + 5 * 60_000) : old;
};
