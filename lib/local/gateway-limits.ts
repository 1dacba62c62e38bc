/**
 * The limits of API Gateway, CloudFront and Lambda that the local gateway keeps, so that a local
 * test sees what AWS would answer, and the answers AWS gives when one is passed.
 */
import type { IncomingMessage } from 'node:http';

/** API Gateway's largest request payload. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

/**
 * Lambda's largest synchronous response: the invocation result (the whole JSON object the handler
 * returns: status, headers and body) may be 6 MB, 6,291,556 bytes as Lambda counts them.
 */
export const MAX_LAMBDA_RESPONSE_BYTES = 6_291_556;

/**
 * How long a request may wait for its handler: API Gateway's integration timeout and CloudFront's
 * origin read timeout (lib/site.ts) are both 30 s; CloudFront, in front, answers 504.
 */
export const DEFAULT_INTEGRATION_TIMEOUT_MS = 30_000;

/** What API Gateway (or CloudFront before it) answers when a limit is passed: status and body. */
export const LIMIT_ANSWERS = {
  tooLarge: { status: 413, message: 'Request Entity Too Large' },
  /** Lambda refuses the oversized result and API Gateway reports the failed integration. */
  responseTooLarge: { status: 502, message: 'Internal Server Error' },
  timeout: { status: 504, message: 'Gateway Timeout' },
} as const;

export class RequestTooLarge extends Error {
  constructor() {
    super(LIMIT_ANSWERS.tooLarge.message);
    this.name = 'RequestTooLarge';
  }
}

/**
 * The request body, or RequestTooLarge once it passes MAX_REQUEST_BYTES. The rest is still read
 * (and dropped) so the caller can be answered 413: a socket closed mid-upload only shows the
 * caller a broken connection.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on('end', () => (size > MAX_REQUEST_BYTES ? reject(new RequestTooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** Whether a handler's result is more than Lambda can return. */
export const tooLargeForLambda = (result: unknown): boolean =>
  Buffer.byteLength(JSON.stringify(result) ?? '') > MAX_LAMBDA_RESPONSE_BYTES;

/** Runs `call`, or answers 'timeout' after `ms`; a late result is dropped (never awaited again). */
export async function withinTimeout<T>(ms: number, call: () => Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  const running = call();
  // A handler that fails after the answer was given must not become an unhandled rejection.
  running.catch(() => undefined);
  try {
    return await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
