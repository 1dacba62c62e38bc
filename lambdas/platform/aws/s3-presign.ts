/**
 * Presigned S3 URLs for the browser (photo reads and uploads, the PDF's download): the SDK's own
 * S3RequestPresigner signs a request we describe, so the many handlers that only hand out photo
 * URLs (family list and pages, dashboard) load no S3 client at cold start; the handlers that
 * read, write, check or delete objects use the client (s3.ts). Endpoint: AWS_ENDPOINT_URL_S3
 * (path-style, the local stand-in) when set, else the bucket's virtual-hosted address in the
 * Lambda's region. Credentials: the SDK's default chain, as every client has.
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { Hash } from '@smithy/core/serde';
import { HttpRequest } from '@smithy/core/transport';

const region = () => process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';

let presigner: S3RequestPresigner | undefined;
const signer = () =>
  (presigner ??= new S3RequestPresigner({
    credentials: defaultProvider(),
    region: region(),
    sha256: Hash.bind(null, 'sha256'),
  }));

/** Keys are ours (`<orgId>/photos/<familyId>/<uuid>.<ext>`, photos/photo-keys.ts); each segment is still escaped as S3 expects. */
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
  method: 'GET' | 'PUT',
  bucket: string,
  key: string,
  options: PresignOptions,
): Promise<string> {
  const signed = await signer().presign(request(method, bucket, key, options.headers ?? {}, options.query), {
    expiresIn: options.expiresIn,
    signingDate: options.signingDate,
    // Keep the given headers signed (not hoisted into the query): S3 then refuses other values.
    // Not content-type: the SDK's S3 presigner never signs it.
    unhoistableHeaders: new Set(Object.keys(options.headers ?? {})),
  });
  const query: string[] = [];
  for (const [name, value] of Object.entries(signed.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value])
      if (v !== null && v !== undefined) query.push(`${escapeQuery(name)}=${escapeQuery(v)}`);
  }
  const port = signed.port ? `:${signed.port}` : '';
  return `${signed.protocol}//${signed.hostname}${port}${signed.path}?${query.join('&')}`;
}

/** Escaped as the signature saw it (RFC 3986: a space is %20, never the `+` of a form). */
const escapeQuery = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
