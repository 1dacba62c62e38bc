import { describe, expect, it } from 'vitest';
import { MemberSignupInput, SIGNUP_MESSAGES, validateSignupForm } from '../../lambdas/contract/auth';
import { SetAdminInput, UserParams } from '../../lambdas/contract/users';

const valid = { email: ' Ruth@Example.org ', fullName: ' Ruth Boaz ', password: 'secret1', confirmPassword: 'secret1' };

describe('member signup rules', () => {
  it('accepts a complete form: e-mail trimmed and lower-cased, the link’s church or none', () => {
    expect(validateSignupForm(valid, 'org-1')).toEqual({
      ok: true,
      value: { email: 'ruth@example.org', fullName: 'Ruth Boaz', password: 'secret1', orgId: 'org-1' },
    });
    expect(validateSignupForm(valid, null)).toMatchObject({ ok: true, value: { orgId: null } });
  });

  it.each([
    [{ ...valid, email: '' }, SIGNUP_MESSAGES.required],
    [{ ...valid, fullName: '   ' }, SIGNUP_MESSAGES.required],
    [{ ...valid, password: '', confirmPassword: '' }, SIGNUP_MESSAGES.required],
    [{ ...valid, confirmPassword: '' }, SIGNUP_MESSAGES.required],
    // Every field present is checked before shapes: an empty name wins over a bad e-mail.
    [{ ...valid, email: 'ruth@example', fullName: '' }, SIGNUP_MESSAGES.required],
    [{ ...valid, email: 'ruth@example' }, 'Please enter a valid email address.'],
    [{ ...valid, password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters long.'],
    [{ ...valid, confirmPassword: 'secret2' }, 'Passwords do not match.'],
  ])('refuses %#', (fields, message) => {
    expect(validateSignupForm(fields, null)).toEqual({ ok: false, message });
  });

  it('reads an empty or missing orgId in the body as none', () => {
    for (const orgId of [undefined, null, '', '  ']) {
      const parsed = MemberSignupInput.safeParse({ email: 'a@b.co', fullName: 'A', password: 'secret1', orgId });
      expect(parsed.success && parsed.data.orgId).toBeNull();
    }
  });
});

describe('user management input', () => {
  it('takes a boolean admin flag only, and our id shape', () => {
    expect(SetAdminInput.safeParse({ setAdminStatus: false }).success).toBe(true);
    for (const setAdminStatus of ['true', 1, null, undefined])
      expect(SetAdminInput.safeParse({ setAdminStatus }).success).toBe(false);
    expect(UserParams.safeParse({ userId: '3f1c2a9e-1b2c-4d5e-8f90-123456789abc' }).success).toBe(true);
    expect(UserParams.safeParse({ userId: '../x' }).success).toBe(false);
  });
});
