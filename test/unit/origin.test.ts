/**
 * The API serves only what came through CloudFront (lambdas/platform/wiring/origin.ts): a request to the
 * API's own address, which carries no origin secret or a wrong one, is refused before anything
 * else, whatever its token.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOT_THROUGH_SITE, ORIGIN_VERIFY_HEADER } from '../../lambdas/platform/wiring/origin';
import { defineRoute } from '../../lambdas/platform/wiring/route';

const context = { awsRequestId: 'origin-test', functionName: 'fn' } as unknown as Context;
const event = (headers: Record<string, string>) =>
  ({ headers, requestContext: { requestId: 'r' } }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

describe('the origin secret', () => {
  let ran = 0;
  const handler = defineRoute('registerOrganization', {}, async () => {
    ran++;
    return { success: true } as never;
  });
  beforeEach(() => {
    process.env.ORIGIN_VERIFY = 'the-secret-cloudfront-sends';
    ran = 0;
  });
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY;
  });

  it('refuses a request without it, or with another value, before the route runs', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY_HEADER]: 'guess' },
      { [ORIGIN_VERIFY_HEADER]: '' },
    ];
    for (const headers of attempts) {
      const answer = await handler(event(headers), context);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(answer.body!)).toEqual({ error: { code: 'permission-denied', message: NOT_THROUGH_SITE } });
    }
    expect(ran).toBe(0);
  });

  it('lets a request that carries it through to the route', async () => {
    const answer = await handler(event({ [ORIGIN_VERIFY_HEADER]: 'the-secret-cloudfront-sends' }), context);
    expect(answer.statusCode).toBe(200);
    expect(ran).toBe(1);
  });
});
