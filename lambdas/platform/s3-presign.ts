/**
 * Presigned S3 requests without the S3 client: the SDK's own S3RequestPresigner signs a request
 * we describe. Every photo operation is a presigned URL (the browser's GET and PUT, and the
 * handlers' HEAD and DELETE through fetch), which keeps the S3 client (~150 KB) out of the
 * bundles of handlers that also talk to DynamoDB. Endpoint: AWS_ENDPOINT_URL_S3 (path-style, the
 * local stand-in) when set, else the bucket's virtual-hosted address in the Lambda's region.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { once } from 'node:events';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { Hash } from '@smithy/core/serde';
import { HttpRequest } from '@smithy/core/transport';

const region = () => process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';

let presigner: S3RequestPresigner | undefined;
const signer = () =>
  (presigner ??= new S3RequestPresigner({
    credentials: fromEnv(),
    region: region(),
    sha256: Hash.bind(null, 'sha256'),
  }));

/** Keys are ours (`<orgId>/photos/<uuid>.<ext>`); each segment is still escaped as S3 expects. */
const escapeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

function request(
  method: string,
  bucket: string,
  key: string,
  headers: Record<string, string>,
  query: Record<string, string> = {},
): HttpRequest {
  const custom = process.env.AWS_ENDPOINT_URL_S3;
  const url = custom
    ? new URL(`${custom.replace(/\/$/, '')}/${bucket}/${escapeKey(key)}`)
    : new URL(`https://${bucket}.s3.${region()}.amazonaws.com/${escapeKey(key)}`);
  return new HttpRequest({
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query,
    headers: { host: url.host, ...headers },
  });
}

export interface PresignOptions {
  expiresIn: number;
  signingDate?: Date;
  /** Headers the caller must send exactly (e.g. content-type and content-length of an upload). */
  headers?: Record<string, string>;
  /** Signed query parameters, e.g. S3's `response-content-disposition` for a download's file name. */
  query?: Record<string, string>;
}

export async function presignS3(
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE',
  bucket: string,
  key: string,
  options: PresignOptions,
): Promise<string> {
  const signed = await signer().presign(request(method, bucket, key, options.headers ?? {}, options.query), {
    expiresIn: options.expiresIn,
    signingDate: options.signingDate,
    // Keep the given headers signed (not hoisted into the query): S3 then refuses other values.
    unhoistableHeaders: new Set(Object.keys(options.headers ?? {})),
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(signed.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== null && v !== undefined) query.append(name, v);
  }
  const port = signed.port ? `:${signed.port}` : '';
  return `${signed.protocol}//${signed.hostname}${port}${signed.path}?${query.toString()}`;
}

const ATTEMPTS = 3;

/** S3 could not be reached (after retries): the error answer maps this name to 503, like the SDK's own. */
export class S3Unavailable extends Error {
  override readonly name = 'ServiceUnavailable';
}

/**
 * fetch for idempotent S3 requests (GET, HEAD, DELETE), retried as the SDK would retry them: a
 * dropped connection or a 5xx is tried again, three times in all, with a short backoff.
 */
export async function fetchS3(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    let failure: unknown;
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
      if (response.status < 500 || attempt === ATTEMPTS) return response;
      await response.body?.cancel();
      failure = new Error(`S3 answered ${response.status}`);
    } catch (error) {
      failure = error;
    }
    if (attempt === ATTEMPTS) throw new S3Unavailable(`S3 unreachable: ${String(failure)}`, { cause: failure });
    await new Promise((r) => setTimeout(r, 50 * 4 ** (attempt - 1)));
  }
}

/** A HEAD or DELETE by presigned URL: the status code (404 for a missing object). */
export async function sendS3(method: 'HEAD' | 'DELETE', bucket: string, key: string): Promise<number> {
  const response = await fetchS3(await presignS3(method, bucket, key, { expiresIn: 60 }), { method });
  await response.body?.cancel();
  return response.status;
}

const xmlText = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The first `max` object keys under a prefix (ListObjectsV2 by presigned GET, no S3 client): the
 * organisation deletion lists a page, deletes it and lists again from the start.
 */
export async function listS3Keys(
  bucket: string,
  prefix: string,
  max: number,
): Promise<{ keys: string[]; truncated: boolean }> {
  const custom = process.env.AWS_ENDPOINT_URL_S3;
  const url = custom
    ? new URL(`${custom.replace(/\/$/, '')}/${bucket}`)
    : new URL(`https://${bucket}.s3.${region()}.amazonaws.com/`);
  const query = { 'list-type': '2', prefix, 'max-keys': String(max) };
  const signed = await signer().presign(
    new HttpRequest({
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query,
      headers: { host: url.host },
    }),
    { expiresIn: 60 },
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(signed.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== null && v !== undefined) search.append(name, v);
  }
  const port = signed.port ? `:${signed.port}` : '';
  const response = await fetchS3(`${signed.protocol}//${signed.hostname}${port}${signed.path}?${search.toString()}`);
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(`ListObjectsV2 ${bucket}/${prefix} answered ${response.status}: ${body.slice(0, 200)}`);
  const keys = [...body.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => xmlText(m[1]!));
  return { keys, truncated: /<IsTruncated>true<\/IsTruncated>/.test(body) };
}

/**
 * A PUT of `size` bytes given in chunks, through a presigned URL, written as they come (with
 * backpressure): a large file is never whole in memory. node:http(s) rather than fetch, which
 * copies a body into its own buffer and sends a stream without a length (S3 needs the length).
 */
export async function putS3Stream(
  bucket: string,
  key: string,
  contentType: string,
  size: number,
  chunks: AsyncIterable<Uint8Array>,
): Promise<void> {
  const headers = { 'content-type': contentType, 'content-length': String(size) };
  const url = new URL(await presignS3('PUT', bucket, key, { expiresIn: 900, headers }));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const req: ClientRequest = send(url, { method: 'PUT', headers });
  const answered = once(req, 'response') as Promise<[IncomingMessage]>;
  // An early failure (refused connection, S3 answering before the end) surfaces through these.
  answered.catch(() => undefined);
  try {
    for await (const chunk of chunks) {
      if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answered]);
    }
    req.end();
    const [response] = await answered;
    let body = '';
    for await (const part of response) body += String(part);
    if ((response.statusCode ?? 0) >= 300)
      throw new Error(`S3 PUT answered ${response.statusCode}: ${body.slice(0, 300)}`);
  } catch (error) {
    req.destroy();
    throw error;
  }
}
