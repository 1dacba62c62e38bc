/**
 * The local S3 stand-in's door (lib/local/s3-host.ts puts it before s3rver's own routes), as
 * strict as the deployed buckets, which block public access: s3rver alone serves an unsigned
 * request (a photo link with its query cut off would read on for ever) and takes a presigned
 * URL's date and lifetime on trust. Here:
 *  - an unsigned request is refused with S3's 403 AccessDenied, but for CORS preflights (which
 *    S3 answers unsigned) and the host's own requests (its UploadPartCopy, marked by a header
 *    whose value is new at each start);
 *  - a presigned request must be signed by the stand-in's key and within its lifetime
 *    (s3-signature.ts), or it gets S3's 403: so a photo link stops working when S3's would.
 * Requests signed in the Authorization header (the SDK's, from the handlers) go on to s3rver,
 * which checks that they name its key.
 */
import type { S3rverContext } from 's3rver';
import { checkPresigned } from './s3-signature';

/** s3rver's one account (its default): the credentials the local stack gives every handler. */
const KEYS: Record<string, string> = { S3RVER: 'S3RVER' };

/** The header the host marks its own requests with. */
export const INTERNAL_HEADER = 'x-local-s3-internal';

const STATUS: Record<string, number> = { AuthorizationQueryParametersError: 400 };

export function s3Door(internalToken: string) {
  return async function door(ctx: S3rverContext, next: () => Promise<unknown>): Promise<unknown> {
    if (ctx.method === 'OPTIONS' || ctx.get(INTERNAL_HEADER) === internalToken || ctx.get('authorization'))
      return next();
    const verdict = checkPresigned(
      { method: ctx.method, url: ctx.originalUrl, headers: ctx.headers },
      (id) => KEYS[id],
    );
    if (verdict.ok) return next();
    ctx.status = STATUS[verdict.code] ?? 403;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${verdict.code}</Code><Message>${verdict.message}</Message></Error>`;
    return undefined;
  };
}
