/**
 * The log lines of a real handler, run as Lambda runs it (an API Gateway event with the verified
 * token's claims and a Lambda context) against the test stack: each request's line says which
 * request, operation, organisation and outcome; no line says whom the request was about.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { handler as addMember } from '../../lambdas/http/members/addMember';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/platform/wiring/origin';
import { addFamilyVia, createChurch, unique } from '../support/fixtures';
import { outcomeLine, printedBy } from '../support/log-lines';

// Before the handler's logger is made: the test stack keeps handlers quiet (WARN), here every line counts.
vi.hoisted(() => (process.env.LOG_LEVEL = 'INFO'));

function invocation(token: string, body: unknown) {
  const requestId = randomUUID();
  const event = {
    version: '2.0',
    routeKey: 'POST /api/members',
    rawPath: '/api/members',
    // As CloudFront sends it (lambdas/platform/wiring/origin.ts).
    headers: { 'content-type': 'application/json', [ORIGIN_VERIFY_HEADER]: process.env.ORIGIN_VERIFY },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { requestId, authorizer: { jwt: { claims: decodeJwt(token), scopes: null } } },
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
  const context = {
    awsRequestId: randomUUID(),
    functionName: 'ChurchDirectory-addMember',
    getRemainingTimeInMillis: () => 29_000,
  } as unknown as Context;
  return { event, context, requestId };
}

async function addMemberLogged(token: string, body: Record<string, unknown>) {
  const { event, context, requestId } = invocation(token, body);
  let answer: APIGatewayProxyStructuredResultV2 | undefined;
  const printed = await printedBy(async () => (answer = await addMember(event, context)));
  return { answer: answer!, printed, requestId, lambdaRequestId: context.awsRequestId };
}

/** A person as a form sends them, each detail one no log line may repeat. */
function person() {
  const name = unique('Zebedee');
  return { name, email: `${name.toLowerCase()}@example.org`, cellphone: '+1 (919) 555-0142' };
}

function expectNothingAbout(text: string, who: ReturnType<typeof person>) {
  expect(text).not.toContain(who.name);
  expect(text.toLowerCase()).not.toContain(who.email);
  expect(text).not.toContain(who.cellphone);
  expect(text).not.toContain('9195550142');
  expect(text).not.toContain('555-0142');
}

describe('log lines of a handler', () => {
  it('say request id, operation, organisation and outcome of a success, and nothing about the member added', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken, { surname: 'Quill' });
    const who = person();

    const { answer, printed, requestId, lambdaRequestId } = await addMemberLogged(church.adminToken, {
      familyId,
      ...who,
      birthday: '12/01',
    });

    expect(answer.statusCode).toBe(200);
    expect(outcomeLine(printed, 'addMember')).toMatchObject({
      level: 'INFO',
      service: 'church-directory',
      requestId,
      function_request_id: lambdaRequestId,
      orgId: church.orgId,
      outcome: 'ok',
      status: 200,
    });
    // The invitation mailed to the member is logged too, placed by the same keys.
    expect(printed.json.find((line) => line.message === 'invitation sent')).toMatchObject({
      operation: 'addMember',
      orgId: church.orgId,
      requestId,
    });
    expectNothingAbout(printed.text, who);
  });

  it('say the error code of a refusal, and nothing about the member refused', async () => {
    const church = await createChurch();
    const who = person();

    const { answer, printed, requestId } = await addMemberLogged(church.adminToken, {
      familyId: randomUUID(),
      ...who,
      birthday: '12/01',
    });

    expect(answer.statusCode).toBe(404);
    expect(outcomeLine(printed, 'addMember')).toMatchObject({
      message: 'refused',
      requestId,
      orgId: church.orgId,
      outcome: 'not-found',
      status: 404,
    });
    expectNothingAbout(printed.text, who);
  });
});
