/**
 * The super-admin must use two-step sign-in: its routes answer 403 with a clear message while the
 * account has no TOTP on (Cognito decides, read by AdminGetUser), and serve it once it is on.
 */
import { SetUserMFAPreferenceCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { OPERATOR_NEEDS_TOTP } from '../../lambdas/contract/mfa';
import { cognito } from '../../lambdas/platform/aws/cognito';
import { readOperatorTotpKey, signInWithTotp } from '../../lib/local/operator-totp';
import { call } from '../support/api';
import { stack } from '../support/env';
import { PASSWORD, createChurch, snapshotTable } from '../support/fixtures';
import { superAdminIn } from '../support/jobs';

const setTotp = (AccessToken: string, Enabled: boolean) =>
  cognito.send(
    new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled, PreferredMfa: Enabled } }),
  );

describe('the super-admin without two-step sign-in', () => {
  it('is refused every operator route with a clear 403 and nothing written; with it on, served', async () => {
    const church = await createChurch();
    const { email } = await superAdminIn(church.orgId);
    const key = readOperatorTotpKey(stack.dataDir)!;
    await setTotp((await signInWithTotp(email, PASSWORD, key)).AccessToken!, false);
    const passwordOnly = await signInWithTotp(email, PASSWORD, key);
    try {
      const before = await snapshotTable();
      const requests = [
        ['getAllOrganizations', {}],
        ['listOrganizationUsers', { params: { orgId: church.orgId } }],
        ['startIntegrityReport', {}],
        ['deleteAllDataForOrganization', { body: { orgId: church.orgId } }],
        ['getJob', { params: { jobId: 'job-1' } }],
        ['makeOrganizationAdmin', { params: { orgId: church.orgId, userId: 'user-1' } }],
      ] as const;
      for (const [operation, request] of requests) {
        const answer = await call(operation, { token: passwordOnly.IdToken!, ...request });
        expect(answer.status, operation).toBe(403);
        expect(answer.body, operation).toEqual({ error: { code: 'permission-denied', message: OPERATOR_NEEDS_TOTP } });
      }
      expect(await snapshotTable()).toBe(before);
    } finally {
      await setTotp(passwordOnly.AccessToken!, true);
    }
    const withCode = await signInWithTotp(email, PASSWORD, key);
    expect((await call('getAllOrganizations', { token: withCode.IdToken! })).status).toBe(200);
  });
});
