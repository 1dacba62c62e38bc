/**
 * A stand-in handler for the gateway-limit tests (test/integration/gateway-limits.test.ts). The
 * gateway loads handlers by the manifest's entry; this one sits at the entry of the public
 * registration route, so a test reaches it without a token. It answers after `waitMs` with a body
 * of `bytes` characters, as the request asks.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const { waitMs = 0, bytes = 2 } = JSON.parse(event.body ?? '{}') as { waitMs?: number; bytes?: number };
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return { statusCode: 200, headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(bytes) };
}
