/**
 * Only requests that came through CloudFront are served. The API's own address
 * (<id>.execute-api.<region>.amazonaws.com) answers anyone who finds it, around the WAF's rate and
 * challenge rules; CloudFront adds this header, with a secret only it and the functions know
 * (lib/origin-secret.ts), to every request it sends the API, overwriting any a viewer sent. The
 * local gateway does the same (lib/local/gateway.ts), so local tests see the same rule.
 */
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../core/errors';
import { env } from '../env';

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

export const NOT_THROUGH_SITE = "Requests reach the directory through its site's address only.";

export function assertThroughSite(headers: Record<string, string | undefined> | undefined): void {
  const expected = Buffer.from(env('ORIGIN_VERIFY'));
  const sent = Buffer.from(headers?.[ORIGIN_VERIFY_HEADER] ?? '');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected))
    throw new AppError('permission-denied', NOT_THROUGH_SITE);
}
