import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressed } from '../../lambdas/platform/wiring/compression';

const big = JSON.stringify({ families: Array.from({ length: 50 }, (_, i) => ({ surname: `Family ${i}` })) });
const answer = (body: string) => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body });

describe('compressed answers', () => {
  it('chooses brotli when the caller accepts it, and the body decodes to the same text', () => {
    const result = compressed(answer(big), 'gzip, deflate, br, zstd');
    expect(result.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(result.isBase64Encoded).toBe(true);
    expect(brotliDecompressSync(Buffer.from(result.body!, 'base64')).toString()).toBe(big);
  });

  it('falls back to gzip, and honours a refusal (q=0)', () => {
    const gzip = compressed(answer(big), 'gzip');
    expect(gzip.headers?.['content-encoding']).toBe('gzip');
    expect(gunzipSync(Buffer.from(gzip.body!, 'base64')).toString()).toBe(big);
    expect(compressed(answer(big), 'br;q=0, gzip').headers?.['content-encoding']).toBe('gzip');
  });

  it('leaves the body as it is for a caller that accepts neither, and for a small body', () => {
    for (const [body, accept] of [
      [big, undefined],
      [big, 'identity'],
      [big, 'br;q=0, gzip;q=0'],
      ['{"ok":true}', 'br, gzip'],
    ] as const) {
      const result = compressed(answer(body), accept);
      expect(result.body, String(accept)).toBe(body);
      expect(result.isBase64Encoded, String(accept)).toBeUndefined();
      expect(result.headers, String(accept)).toMatchObject({ vary: 'Accept-Encoding' });
      expect(result.headers?.['content-encoding'], String(accept)).toBeUndefined();
    }
  });
});
