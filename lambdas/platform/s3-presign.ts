/**
 * Presigned S3 requests without the S3 client: the SDK's own S3RequestPresigner signs a request
 * we describe. Every photo operation is a presigned URL (the browser's GET and PUT, and the
 * handlers' HEAD and DELETE through fetch), which keeps the S3 client (~150 KB) out of the
 * bundles of handlers that also talk to DynamoDB. Endpoint: AWS_ENDPOINT_URL_S3 (path-style, the
 * local stand-in) when set, else the bucket's virtual-hosted address in the Lambda's region.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { Hash } from '@smithy/core/serde';
import { HttpRequest } from '@smithy/core/transport';

const region = () => process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';

let presigner: S3RequestPresigner | undefined;
const signer = () => (presigner ??= new S3RequestPresigner({ credentials: fromEnv(), region: region(), sha256: Hash.bind(null, 'sha256') }));

/** Keys are ours (`<orgId>/photos/<uuid>.<ext>`); each segment is still escaped as S3 expects. */
const escapeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

function request(method: string, bucket: string, key: string, headers: Record<string, string>): HttpRequest {
  const custom = process.env.AWS_ENDPOINT_URL_S3;
  const url = custom ? new URL(`${custom.replace(/\/$/, '')}/${bucket}/${escapeKey(key)}`) : new URL(`https://${bucket}.s3.${region()}.amazonaws.com/${escapeKey(key)}`);
  return new HttpRequest({
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    headers: { host: url.host, ...headers },
  });
}

export interface PresignOptions {
  expiresIn: number;
  signingDate?: Date;
  /** Headers the caller must send exactly (e.g. content-type and content-length of an upload). */
  headers?: Record<string, string>;
}

export async function presignS3(method: 'GET' | 'PUT' | 'HEAD' | 'DELETE', bucket: string, key: string, options: PresignOptions): Promise<string> {
  const signed = await signer().presign(request(method, bucket, key, options.headers ?? {}), {
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

/** A HEAD or DELETE by presigned URL: the status code (404 for a missing object). */
export async function sendS3(method: 'HEAD' | 'DELETE', bucket: string, key: string): Promise<number> {
  const response = await fetch(await presignS3(method, bucket, key, { expiresIn: 60 }), { method });
  await response.body?.cancel();
  return response.status;
}
