/**
 * Answers compressed when the caller accepts it. Neither API Gateway's HTTP API nor CloudFront's
 * /api behaviour (caching disabled, which rules out CloudFront's own compression) compresses an
 * answer, so the function does: a phone on a slow network then downloads the family list in about
 * an eighth of its bytes. Brotli at quality 1: a page of families (58 KB) in 0.09 ms, to 7.3 KB;
 * quality 4 took 0.47 ms for 6.8 KB and gzip 0.3-0.6 ms for 7-8 KB, on the page's hot path for
 * a few hundred bytes; quality 11 would cost ~100x that.
 */
// negotiator's encoding part alone: the whole package (charsets, languages, media types too) is
// 6 KB of every handler's bundle.
import preferredEncodings from 'negotiator/lib/encoding';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

type Result = APIGatewayProxyStructuredResultV2;

/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;
/** The server's preference, among those the caller accepts at all. */
const ENCODINGS = ['br', 'gzip'];

const encoders: Record<string, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => gzipSync(body),
};

export function compressed(result: Result, acceptEncoding: string | undefined): Result {
  const vary = { ...result.headers, vary: 'Accept-Encoding' };
  // Characters first: a body shorter than MIN_BYTES characters is shorter in bytes too, and is not encoded at all.
  if (!result.body || result.isBase64Encoded || result.body.length < MIN_BYTES) return { ...result, headers: vary };
  const bytes = Buffer.from(result.body);
  if (bytes.length < MIN_BYTES) return { ...result, headers: vary };
  const accepted = preferredEncodings(acceptEncoding ?? '', ENCODINGS);
  const encoding = ENCODINGS.find((name) => accepted.includes(name));
  const encode = encoding && encoders[encoding];
  if (!encoding || !encode) return { ...result, headers: vary };
  return {
    ...result,
    headers: { ...vary, 'content-encoding': encoding },
    body: encode(bytes).toString('base64'),
    isBase64Encoded: true,
  };
}
