/**
 * Bad input on the super-admin's write routes (issue 6): a clear 400, never a 500, nothing written
 * and no job started. getJob with a malformed id is refused the same way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { expectRefusedUnchanged, type BadInputCase } from '../support/bad-input';
import { createChurch } from '../support/fixtures';
import { superAdminIn } from '../support/jobs';

const long = (n: number) => 'x'.repeat(n);
const BAD_ID = 'Invalid data provided. Please check your input.';

let token: string;
beforeAll(async () => {
  token = (await superAdminIn((await createChurch()).orgId)).token;
});

const cases: BadInputCase[] = [
  ['deletion without an orgId', 'deleteAllDataForOrganization', () => ({ body: {} }), BAD_ID],
  ['deletion with orgId null', 'deleteAllDataForOrganization', () => ({ body: { orgId: null } }), BAD_ID],
  ['deletion with orgId a number', 'deleteAllDataForOrganization', () => ({ body: { orgId: 42 } }), BAD_ID],
  ['deletion with orgId an object', 'deleteAllDataForOrganization', () => ({ body: { orgId: { S: 'x' } } }), BAD_ID],
  [
    'deletion with a path in orgId',
    'deleteAllDataForOrganization',
    () => ({ body: { orgId: '../ORGNAME#x' } }),
    BAD_ID,
  ],
  [
    'deletion with a key separator in orgId',
    'deleteAllDataForOrganization',
    () => ({ body: { orgId: 'a#USER#b' } }),
    BAD_ID,
  ],
  [
    'deletion with an orgId of 65 characters',
    'deleteAllDataForOrganization',
    () => ({ body: { orgId: long(65) } }),
    BAD_ID,
  ],
  [
    'deletion body not JSON',
    'deleteAllDataForOrganization',
    () => ({ rawBody: '{"orgId":' }),
    'The request body is not valid JSON.',
  ],
  ['deletion body an array', 'deleteAllDataForOrganization', () => ({ rawBody: '["x"]' })],
  [
    'deletion body over 256 KB',
    'deleteAllDataForOrganization',
    () => ({ rawBody: JSON.stringify({ orgId: long(300_000) }) }),
    'The request is too large.',
  ],
  ['report body not JSON', 'startIntegrityReport', () => ({ rawBody: '{' }), 'The request body is not valid JSON.'],
  [
    'report body over 256 KB',
    'startIntegrityReport',
    () => ({ rawBody: JSON.stringify({ x: long(300_000) }) }),
    'The request is too large.',
  ],
];

describe('super-admin routes refuse bad input', () => {
  it.each(cases)('%s', async (_label, operation, request, message) => {
    await expectRefusedUnchanged(token, operation, request(), message);
  });

  it('refuses a malformed job id with a 400', async () => {
    for (const jobId of ['<script>', long(100), 'a b']) {
      const answer = await call('getJob', { token, params: { jobId } });
      expect(answer.status, jobId).toBe(400);
      expect(answer.body.error?.code).toBe('invalid-argument');
    }
  });
});
