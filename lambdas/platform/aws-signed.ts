/**
 * One SigV4-signed JSON call to an AWS API, for a service whose SDK v3 client does not fit the
 * Lambda bundle budget: @aws-sdk/client-sesv2 adds about 83 KB to a handler (its schema module,
 * every operation of the service, does not tree-shake), this adds under 2 KB, because the SDK's
 * own signer (@smithy/signature-v4) and env credentials are in every bundle already.
 *
 * Configuration is the SDK's: region from AWS_REGION, credentials from the environment (a
 * Lambda's role), endpoint from AWS_ENDPOINT_URL_<SERVICE> or AWS_ENDPOINT_URL when set (the local
 * stack points them at its stand-ins), otherwise the service's regional AWS endpoint.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { Hash } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';

/** An error answered by the service: `name` is its exception type (e.g. MessageRejected). */
export class AwsServiceError extends Error {
  constructor(
    name: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = name;
  }
}

export interface SignedCall {
  /** The SDK's service id for AWS_ENDPOINT_URL_<id>, e.g. SESV2. */
  endpointId: string;
  /** The regional host when no endpoint is configured, e.g. (r) => `email.${r}.amazonaws.com`. */
  defaultHost: (region: string) => string;
  /** The SigV4 signing name, e.g. ses. */
  signingName: string;
  method: 'POST' | 'PUT' | 'GET' | 'DELETE';
  /** The operation's path, e.g. /v2/email/outbound-emails (appended to the endpoint's own path). */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export function endpointUrl(call: Pick<SignedCall, 'endpointId' | 'defaultHost' | 'path'>, region: string): URL {
  const configured = process.env[`AWS_ENDPOINT_URL_${call.endpointId}`] || process.env.AWS_ENDPOINT_URL;
  const base = new URL(configured || `https://${call.defaultHost(region)}`);
  base.pathname = `${base.pathname.replace(/\/+$/, '')}${call.path}`;
  return base;
}

export async function signedJsonCall<T>(call: SignedCall): Promise<T> {
  const region = process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('AWS_REGION is not set');
  const url = endpointUrl(call, region);
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const signer = new SignatureV4({
    service: call.signingName,
    region,
    credentials: fromEnv(),
    sha256: Hash.bind(null, 'sha256'),
  });
  const signed = await signer.sign({
    method: call.method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    headers: { host: url.host, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...call.headers },
    body,
  });
  // fetch sets Host itself (to the same value that was signed).
  const { host: _host, ...headers } = signed.headers;
  const response = await fetch(url, {
    method: call.method,
    headers,
    body,
    signal: AbortSignal.timeout(call.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  const payload = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!response.ok) {
    const type = (response.headers.get('x-amzn-errortype') ?? String(payload.__type ?? 'UnknownError'))
      .split(':')[0]!
      .split('#')
      .pop()!;
    throw new AwsServiceError(
      type,
      String(payload.message ?? payload.Message ?? `HTTP ${response.status}`),
      response.status,
    );
  }
  return payload as T;
}
