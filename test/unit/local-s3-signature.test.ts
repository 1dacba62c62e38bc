/**
 * The local S3 stand-in checks presigned URLs as S3 does (lib/local/s3-signature.ts): the links
 * the product signs (lambdas/platform/aws/s3-presign.ts) pass while they last, and a link edited
 * to last longer, cut of its signature or signed by a key S3 does not know does not.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkPresigned } from '../../lib/local/s3-signature';
import { presignS3 } from '../../lambdas/platform/aws/s3-presign';

const ENDPOINT = 'http://127.0.0.1:4999';
const SIGNED_AT = Date.UTC(2026, 10, 27, 12, 0, 0);
const secretOf = (id: string) => (id === 'S3RVER' ? 'S3RVER' : undefined);

/** The request a browser makes for a presigned URL. */
const arrived = (url: string, method = 'GET', headers: Record<string, string> = {}) => {
  const { host, pathname, search } = new URL(url);
  return { method, url: `${pathname}${search}`, headers: { host, ...headers } };
};

const edited = (url: string, name: string, value: string) => {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
};

// The handlers' variables for this file only: vi.unstubAllEnvs puts the worker's back.
beforeAll(() => {
  vi.stubEnv('AWS_ENDPOINT_URL_S3', ENDPOINT);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
});
afterAll(() => vi.unstubAllEnvs());

const link = (key: string, options: { expiresIn: number; query?: Record<string, string> }) =>
  presignS3('GET', 'photos', key, { ...options, signingDate: new Date(SIGNED_AT) });

describe("the local S3 stand-in's presigned URLs", () => {
  it('pass while they last, with their signed query parameters, and not a second after', async () => {
    const url = await link('org-1/photos/fam-1/a b.jpg/small.webp', {
      expiresIn: 300,
      query: { 'response-cache-control': 'private, max-age=604800, immutable' },
    });
    expect(checkPresigned(arrived(url), secretOf, SIGNED_AT)).toEqual({ ok: true });
    expect(checkPresigned(arrived(url), secretOf, SIGNED_AT + 300_000)).toEqual({ ok: true });
    // A space written as a form writes it (+) is still a space to S3.
    const [path, query] = url.split('?');
    expect(checkPresigned(arrived(`${path}?${query!.replace(/%20/g, '+')}`), secretOf, SIGNED_AT)).toEqual({
      ok: true,
    });
    expect(checkPresigned(arrived(url), secretOf, SIGNED_AT + 301_000)).toMatchObject({
      ok: false,
      code: 'AccessDenied',
      message: 'Request has expired',
    });
  });

  it('refuse a link edited to last longer, to another object or to other response headers', async () => {
    const url = await link('org-1/photos/fam-1/x.jpg', { expiresIn: 300 });
    const later = edited(url, 'X-Amz-Date', '20261127T130000Z');
    const longer = edited(url, 'X-Amz-Expires', '604800');
    const other = url.replace('x.jpg', 'y.jpg');
    const header = edited(url, 'response-content-type', 'text/html');
    for (const changed of [later, longer, other, header])
      expect(checkPresigned(arrived(changed), secretOf, SIGNED_AT + 400_000)).toMatchObject({
        ok: false,
        code: 'SignatureDoesNotMatch',
      });
  });

  it('refuse a link without its signature, and one signed with a key S3 does not know', async () => {
    const url = await link('org-1/photos/fam-1/x.jpg', { expiresIn: 300 });
    expect(checkPresigned(arrived(url.slice(0, url.indexOf('?'))), secretOf, SIGNED_AT)).toMatchObject({
      ok: false,
      code: 'AccessDenied',
    });
    const stranger = edited(url, 'X-Amz-Credential', 'SOMEONE/20261127/us-east-1/s3/aws4_request');
    expect(checkPresigned(arrived(stranger), secretOf, SIGNED_AT)).toMatchObject({
      ok: false,
      code: 'InvalidAccessKeyId',
    });
  });

  // The SDK's S3 presigner never signs content-type (browsers may change it): only the length holds.
  it('take an upload only with the length it was signed for', async () => {
    const url = await presignS3('PUT', 'photos', 'uploads/org-1/fam-1/x.jpg', {
      expiresIn: 600,
      signingDate: new Date(SIGNED_AT),
      headers: { 'content-type': 'image/jpeg', 'content-length': '1234' },
    });
    const put = (type: string, length: string) =>
      checkPresigned(arrived(url, 'PUT', { 'content-type': type, 'content-length': length }), secretOf, SIGNED_AT);
    expect(put('image/jpeg', '1234')).toEqual({ ok: true });
    expect(put('image/jpeg', '99999')).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
  });
});
