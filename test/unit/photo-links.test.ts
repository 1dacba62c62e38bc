/**
 * Photo read links (lambdas/photos/photo-links.ts): the same URL all through a step of half the
 * lifetime, never alive longer than the lifetime after it is handed out, and never less than half.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LINK_SECONDS, linkSeconds, presignRead } from '../../lambdas/photos/photo-links';

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

/** When S3 stops taking the link: its signing time plus its lifetime. */
function endOf(url: string): number {
  const query = new URL(url).searchParams;
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date')!)!;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) + Number(query.get('X-Amz-Expires')) * 1000;
}

// The handlers' variables for this file only: vi.unstubAllEnvs puts the worker's back.
beforeAll(() => {
  vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4999');
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  vi.stubEnv('PHOTOS_BUCKET', 'photos');
});
afterAll(() => vi.unstubAllEnvs());

describe('photo read links', () => {
  it('last minutes, unless a local stack asks for seconds', () => {
    expect(LINK_SECONDS).toBe(300);
    vi.stubEnv('PHOTO_LINK_SECONDS', '10');
    expect(linkSeconds()).toBe(10);
    // Last, unset as in AWS: the other test signs with the product's lifetime.
    for (const wrong of ['0', '1', '2.5', 'ten', '']) {
      vi.stubEnv('PHOTO_LINK_SECONDS', wrong);
      expect(linkSeconds(), wrong).toBe(300);
    }
  });

  it('stay one URL through a step, and each works between half the lifetime and the lifetime after it is handed out', async () => {
    const step = (LINK_SECONDS * 1000) / 2;
    const first = await presignRead('org/photos/f/p/small.webp', T0 + 1000);
    expect(await presignRead('org/photos/f/p/small.webp', T0 + step - 1)).toBe(first);
    const next = await presignRead('org/photos/f/p/small.webp', T0 + step);
    expect(next).not.toBe(first);
    expect(next.split('?')[0]).toBe(first.split('?')[0]);
    for (const handedOut of [T0, T0 + 1000, T0 + step - 1000, T0 + step, T0 + 3 * step - 1]) {
      const end = endOf(await presignRead('org/photos/f/p/page.webp', handedOut));
      expect(end - handedOut, String(handedOut - T0)).toBeLessThanOrEqual(LINK_SECONDS * 1000);
      expect(end - handedOut, String(handedOut - T0)).toBeGreaterThan(step - 1000);
    }
    expect(new URL(first).searchParams.get('response-cache-control')).toBe('private, max-age=604800, immutable');
  });
});
