/**
 * The handler wrappers' logs and metrics (platform/wiring/observed.ts): a fault is logged with its cause
 * but without the addresses or numbers a service message may quote, and counted by its code; a job
 * task's failure is logged with its job and organisation, counted, and thrown on to Step Functions.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { safeError } from '../../lambdas/platform/log';
import { defineRoute } from '../../lambdas/platform/wiring/route';
import { defineTask } from '../../lambdas/platform/wiring/task';
import { outcomeLine, printedBy } from '../support/log-lines';

// Before the handlers' logger and metrics are made: every line printed, metrics on.
vi.hoisted(() => Object.assign(process.env, { LOG_LEVEL: 'INFO', POWERTOOLS_METRICS_DISABLED: 'false' }));

const QUOTED = 'Message rejected: ann.example@example.org is not verified (call +44 20 7946 0958)';
const context = { awsRequestId: 'lambda-request-1', functionName: 'fn' } as unknown as Context;

/** The EMF lines' metrics, as `name=value code=...`. */
const metricsIn = (json: Record<string, any>[]) =>
  json
    .filter((line) => line._aws)
    .flatMap((line) =>
      line._aws.CloudWatchMetrics[0].Metrics.map(
        ({ Name }: { Name: string }) => `${Name}=${line[Name]}${line.code ? ` code=${line.code}` : ''}`,
      ),
    );

describe('an API route that fails', () => {
  const handler = defineRoute('registerOrganization', {}, async () => {
    throw new Error(QUOTED);
  });

  it('answers a bare 500, logs the cause with addresses and numbers masked, and counts the code', async () => {
    process.env.ORIGIN_VERIFY = 'from-cloudfront';
    const event = {
      headers: { 'x-origin-verify': 'from-cloudfront' },
      requestContext: { requestId: 'api-request-1' },
    } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
    let answer: Awaited<ReturnType<typeof handler>> | undefined;
    const printed = await printedBy(async () => (answer = await handler(event, context)));

    expect(answer!.statusCode).toBe(500);
    expect(answer!.body).not.toContain('example.org');
    expect(outcomeLine(printed, 'registerOrganization')).toMatchObject({
      level: 'ERROR',
      message: 'failed',
      requestId: 'api-request-1',
      function_request_id: 'lambda-request-1',
      outcome: 'internal',
      status: 500,
      error: { name: 'Error', message: 'Message rejected: [email] is not verified (call [number])' },
    });
    expect(printed.text).not.toContain('ann.example');
    expect(printed.text).not.toContain('7946');
    expect(metricsIn(printed.json)).toEqual(['Errors=1 code=internal']);
  });
});

describe('a job task', () => {
  it('logs its success with the job and organisation, and counts what it was defined to count', async () => {
    const handler = defineTask(
      'orgDeletion/finish',
      async (event: { jobId: string; orgId: string }) => event,
      'OrganizationsDeleted',
    );
    const printed = await printedBy(() => handler({ jobId: 'job-1', orgId: 'org-1' }, context));
    expect(outcomeLine(printed, 'orgDeletion/finish')).toMatchObject({ outcome: 'ok', jobId: 'job-1', orgId: 'org-1' });
    expect(metricsIn(printed.json)).toEqual(['OrganizationsDeleted=1']);
  });

  it('logs and counts its failure, then throws it on for the state machine to retry or catch', async () => {
    const failure = Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
    const handler = defineTask('orgDeletion/deletePage', async (_event: { jobId: string; orgId: string }) => {
      throw failure;
    });
    let thrown: unknown;
    const printed = await printedBy(() =>
      handler({ jobId: 'job-2', orgId: 'org-2' }, context).catch((e) => (thrown = e)),
    );
    expect(thrown).toBe(failure);
    expect(outcomeLine(printed, 'orgDeletion/deletePage')).toMatchObject({
      message: 'failed',
      outcome: 'unavailable',
      jobId: 'job-2',
      orgId: 'org-2',
      error: { name: 'ThrottlingException' },
    });
    expect(metricsIn(printed.json)).toEqual(['Errors=1 code=unavailable']);
  });
});

describe('safeError', () => {
  it('masks e-mail addresses and phone-like numbers in the message and the stack, and keeps the rest', () => {
    const safe = safeError(new TypeError(QUOTED));
    expect(safe.name).toBe('TypeError');
    expect(safe.message).toBe('Message rejected: [email] is not verified (call [number])');
    expect(safe.stack).toMatch(/^TypeError: Message rejected: \[email\]/);
    expect(safeError('to bob@example.org')).toEqual({ name: 'string', message: 'to [email]' });
    expect(safeError('at file:///app/node_modules/@middy/core/index.js:215:23 on 2026-11-23, id 123456').message).toBe(
      'at file:///app/node_modules/@middy/core/index.js:215:23 on 2026-11-23, id 123456',
    );
    expect(safeError('call 919 555 0142, 555-0142 or 5550142').message).toBe('call [number], [number] or [number]');
  });
});
