import { afterEach, describe, expect, it } from 'vitest';
import { principalFromClaims } from '../../lambdas/platform/wiring/principal';

const claims = (extra: Record<string, string>) => ({
  sub: 'u1',
  email: 'Super@Example.org',
  email_verified: 'true',
  ...extra,
});

describe('principalFromClaims', () => {
  afterEach(() => {
    delete process.env.SUPER_ADMIN_EMAIL;
  });

  it('reads API Gateway’s string claims', () => {
    const p = principalFromClaims(claims({ 'custom:orgId': 'o1', 'custom:familyId': 'f1', 'custom:admin': 'true' }));
    expect(p).toMatchObject({
      userId: 'u1',
      email: 'super@example.org',
      emailVerified: true,
      orgId: 'o1',
      familyId: 'f1',
      memberId: null,
    });
    // The token's admin claim is never trusted: only the user record sets admin.
    expect(p?.admin).toBe(false);
  });

  it('recognises the super-admin case-insensitively, only with a verified e-mail', () => {
    process.env.SUPER_ADMIN_EMAIL = 'super@EXAMPLE.org';
    expect(principalFromClaims(claims({}))?.superAdmin).toBe(true);
    expect(principalFromClaims(claims({ email_verified: 'false' }))?.superAdmin).toBe(false);
    expect(principalFromClaims(claims({ email: 'other@example.org' }))?.superAdmin).toBe(false);
  });

  it('has no super-admin when none is configured', () => {
    expect(principalFromClaims(claims({ email: '' }))?.superAdmin).toBe(false);
  });

  it('is nobody without a subject', () => {
    expect(principalFromClaims(undefined)).toBeNull();
    expect(principalFromClaims({ email: 'a@b.c' })).toBeNull();
  });
});
