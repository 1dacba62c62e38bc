/** Sign-in, sign-up, registration and password-reset rules (SPEC.md section 5). */
import { z } from 'zod';
import { emailField, firstMessage, isUsState, LIMITS, passwordField, requiredText, ZIP5 } from './fields';

export const LoginForm = z.object({
  email: emailField('Please enter a valid email address.'),
  password: z.string().min(1, 'Please enter your password.').max(LIMITS.password),
});

export const ResetRequestForm = z.object({
  email: z.string().trim().min(1, 'Please enter your email address.').pipe(emailField('The email address format is invalid.')),
});

export const ResetConfirmForm = z
  .object({
    code: z.string().trim().regex(/^\d{6}$/, 'Please enter the 6-digit code from the email.'),
    password: passwordField('Password must be at least 6 characters long.'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match.', path: ['confirmPassword'] });

export const VerifyCodeForm = z.object({
  code: z.string().trim().regex(/^\d{6}$/, 'Please enter the 6-digit code from the email.'),
});

const ALL_REQUIRED = 'All fields are required.';

/** The body of registerOrganization (SPEC.md section 7). */
export const RegisterOrganizationInput = z.object({
  churchInfo: z.object(
    {
      name: requiredText(LIMITS.name, ALL_REQUIRED),
      address: requiredText(LIMITS.address, ALL_REQUIRED),
      city: requiredText(LIMITS.name, ALL_REQUIRED),
      state: requiredText(2, ALL_REQUIRED)
        .transform((s) => s.toUpperCase())
        .refine(isUsState, 'Please select a state from the list.'),
      zip: z.string({ error: ALL_REQUIRED }).trim().min(1, ALL_REQUIRED).regex(ZIP5, 'Please enter a valid 5-digit Zip Code.'),
    },
    { error: ALL_REQUIRED },
  ),
  adminInfo: z.object(
    {
      name: requiredText(LIMITS.name, ALL_REQUIRED),
      email: z.string({ error: ALL_REQUIRED }).trim().min(1, ALL_REQUIRED).pipe(emailField('Please enter a valid administrator email address.')),
      password: z
        .string({ error: ALL_REQUIRED })
        .min(1, ALL_REQUIRED)
        .pipe(passwordField('Administrator password must be at least 6 characters long.')),
    },
    { error: ALL_REQUIRED },
  ),
});
export type RegisterOrganizationInput = z.infer<typeof RegisterOrganizationInput>;

/** The registration form adds the confirmation, checked after every other rule as SPEC.md lists them. */
export function validateRegistrationForm(
  input: unknown,
  confirmPassword: string,
): { ok: true; value: RegisterOrganizationInput } | { ok: false; message: string } {
  const parsed = RegisterOrganizationInput.safeParse(input);
  if (!parsed.success) return { ok: false, message: firstMessage(parsed.error) };
  if (!confirmPassword) return { ok: false, message: ALL_REQUIRED };
  if (parsed.data.adminInfo.password !== confirmPassword) return { ok: false, message: 'Administrator passwords do not match.' };
  return { ok: true, value: parsed.data };
}
