/**
 * SigV4 query signatures (presigned URLs) checked as S3 checks them, for the local S3 stand-in
 * (s3-door.ts): s3rver takes a presigned URL's X-Amz-Date and X-Amz-Expires on trust and checks
 * no SigV4 signature, so a link whose date was edited would read on after its end, as no S3 link
 * can. Pure: the request as it arrived, the secret of its key, the time.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface ArrivedRequest {
  method: string;
  /** The path and query exactly as sent. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** S3's answer to a presigned request: go on, or its 403 with S3's error code and message. */
export type Verdict = { ok: true } | { ok: false; code: string; message: string };

const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986: everything but unreserved characters escaped, as SigV4 wants. */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A query's part decoded as S3 decodes it: `+` is a space. */
const decodeQuery = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));

/** The query's parameters, decoded, in the order sent. */
function parameters(query: string): [string, string][] {
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [decodeQuery(name), decodeQuery(value)];
    });
}

/** X-Amz-Date's yyyyMMddTHHmmssZ as a time; NaN when malformed. */
function amzTime(stamp: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(stamp);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Whether a presigned request is signed by the key it names (`secretOf`: its secret, undefined
 * for a key S3 does not know) and still within its lifetime.
 */
export function checkPresigned(
  request: ArrivedRequest,
  secretOf: (accessKeyId: string) => string | undefined,
  now = Date.now(),
): Verdict {
  try {
    return check(request, secretOf, now);
  } catch {
    // A malformed escape (decodeURIComponent) is a request S3 cannot read either.
    return { ok: false, code: 'AuthorizationQueryParametersError', message: 'Error parsing the query string' };
  }
}

function check(request: ArrivedRequest, secretOf: (accessKeyId: string) => string | undefined, now: number): Verdict {
  const at = request.url.indexOf('?');
  const rawPath = at < 0 ? request.url : request.url.slice(0, at);
  const params = parameters(at < 0 ? '' : request.url.slice(at + 1));
  const param = (name: string) => params.find(([n]) => n === name)?.[1];
  const [signature, credential, stamp, signedHeaders, expires] = [
    'X-Amz-Signature',
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-SignedHeaders',
    'X-Amz-Expires',
  ].map(param);
  if (param('X-Amz-Algorithm') !== ALGORITHM || !signature || !credential || !stamp || !signedHeaders || !expires)
    return { ok: false, code: 'AccessDenied', message: 'Access Denied' };
  const [accessKeyId, ...scopeParts] = credential.split('/');
  const secret = secretOf(accessKeyId!);
  if (secret === undefined)
    return {
      ok: false,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  const [date, region, service] = scopeParts;

  // S3 reads the key from the path and signs it escaped once, each segment by itself.
  const canonicalPath = rawPath
    .split('/')
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = params
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headerNames = signedHeaders.split(';');
  const canonicalHeaders = headerNames
    .map((name) => {
      const value = request.headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonical = [
    request.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = scopeParts.join('/');
  const toSign = [ALGORITHM, stamp, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date ?? ''), region ?? ''), service ?? ''), 'aws4_request');
  const expected = Buffer.from(hmac(key, toSign).toString('hex'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return {
      ok: false,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  if (now > amzTime(stamp) + Number(expires) * 1000 || !(Number(expires) >= 0))
    return { ok: false, code: 'AccessDenied', message: 'Request has expired' };
  return { ok: true };
}
