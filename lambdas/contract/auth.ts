/** Sign-in, sign-up, registration and password-reset rules, with the messages the forms show. */
import * as z from 'zod/mini';
import { emailField, isUsState, LIMITS, passwordField, requiredText, ZIP5 } from './fields';

export const LoginForm = z.object({
  email: emailField('Please enter a valid email address.'),
  password: z.string().check(z.minLength(1, 'Please enter your password.'), z.maxLength(LIMITS.password)),
});

export const ResetRequestForm = z.object({
  email: emailField('The email address format is invalid.', 'Please enter your email address.'),
});

const sixDigitCode = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Please enter the 6-digit code from the email.'));

export const ResetConfirmForm = z
  .object({
    code: sixDigitCode,
    password: passwordField('Password must be at least 6 characters long.'),
    confirmPassword: z.string(),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: 'Passwords do not match.',
      path: ['confirmPassword'],
    }),
  );

export const VerifyCodeForm = z.object({ code: sixDigitCode });

const ALL_REQUIRED = 'All fields are required.';

/** The church a registration makes: name, address, city, state, zip. */
export const ChurchInfo = z.object(
  {
    name: requiredText(LIMITS.name, ALL_REQUIRED),
    address: requiredText(LIMITS.address, ALL_REQUIRED),
    city: requiredText(LIMITS.name, ALL_REQUIRED),
    state: z.pipe(
      requiredText(2, ALL_REQUIRED),
      z.pipe(
        z.transform((s: string) => s.toUpperCase()),
        z.string().check(z.refine(isUsState, 'Please select a state from the list.')),
      ),
    ),
    zip: z
      .string({ error: ALL_REQUIRED })
      .check(z.trim(), z.minLength(1, ALL_REQUIRED), z.regex(ZIP5, 'Please enter a valid 5-digit Zip Code.')),
  },
  { error: ALL_REQUIRED },
);
export type ChurchInfo = z.infer<typeof ChurchInfo>;

/** The body of registerOrganization: churchInfo {name, address, city, state, zip}, adminInfo {name, email, password}. */
export const RegisterOrganizationInput = z.object({
  churchInfo: ChurchInfo,
  adminInfo: z.object(
    {
      name: requiredText(LIMITS.name, ALL_REQUIRED),
      email: emailField('Please enter a valid administrator email address.', ALL_REQUIRED),
      password: passwordField('Administrator password must be at least 6 characters long.', ALL_REQUIRED),
    },
    { error: ALL_REQUIRED },
  ),
});
export type RegisterOrganizationInput = z.infer<typeof RegisterOrganizationInput>;

/** The body of finishRegistration, once the administrator's address is proven: the same church. */
export const FinishRegistrationInput = z.object({ churchInfo: ChurchInfo }, { error: ALL_REQUIRED });
export type FinishRegistrationInput = z.infer<typeof FinishRegistrationInput>;

/** A form's refusal: each problem with the field it is about (its path), first the one to show. */
export interface FormIssue {
  path: readonly PropertyKey[];
  message: string;
}
export type FormCheck<T> = { ok: true; value: T } | { ok: false; issues: FormIssue[] };
const firstOf = <T>(checked: FormCheck<T>): { ok: true; value: T } | { ok: false; message: string } =>
  checked.ok ? checked : { ok: false, message: checked.issues[0]?.message ?? ALL_REQUIRED };

/** The registration form adds the confirmation (path `confirmPassword`), checked after every other rule. */
export function checkRegistrationForm(input: unknown, confirmPassword: string): FormCheck<RegisterOrganizationInput> {
  const parsed = RegisterOrganizationInput.safeParse(input);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  if (!confirmPassword) return { ok: false, issues: [{ path: ['confirmPassword'], message: ALL_REQUIRED }] };
  if (parsed.data.adminInfo.password !== confirmPassword)
    return { ok: false, issues: [{ path: ['confirmPassword'], message: 'Administrator passwords do not match.' }] };
  return { ok: true, value: parsed.data };
}

/** The registration form's first message (checkRegistrationForm). */
export const validateRegistrationForm = (input: unknown, confirmPassword: string) =>
  firstOf(checkRegistrationForm(input, confirmPassword));

/** Member signup: every field required, a basic e-mail shape, a password of 6 or more, matching confirmation. */
export const SIGNUP_MESSAGES = {
  required: 'All fields (Email, Full Name, Password, Confirm Password) are required.',
  email: 'Please enter a valid email address.',
  password: 'Password must be at least 6 characters long.',
  mismatch: 'Passwords do not match.',
} as const;

/** The church to join, from /create-account/{orgId}: absent, null or '' means "find it by the e-mail". */
const orgIdToJoin = z.pipe(
  z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(64, 'Invalid data provided. Please check your input.'))),
  ),
  z.transform((v: string | null | undefined) => (v ? v : null)),
);

/** What the sign-up page says, and getOrganizationName answers (404), for a link that names no church. */
export const SIGNUP_LINK_UNKNOWN =
  'This sign-up link does not match any church. Please ask your church administrator for your church’s sign-up link.';

/**
 * getOrganizationName's path. An id that is not one of ours (too long, other characters) names no
 * church: it reads as null, so the route answers it the same 404 as an unknown id, never a 400.
 */
export const OrganizationNameParams = z.object({
  orgId: z.catch(z.nullable(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, SIGNUP_LINK_UNKNOWN))), null),
});

/** The body of newUser: email, fullName, password, orgId (null without the church's link). The confirmation is the form's alone. */
export const MemberSignupInput = z.object(
  {
    email: emailField(SIGNUP_MESSAGES.email, SIGNUP_MESSAGES.required),
    fullName: requiredText(LIMITS.name, SIGNUP_MESSAGES.required),
    password: passwordField(SIGNUP_MESSAGES.password, SIGNUP_MESSAGES.required),
    orgId: orgIdToJoin,
  },
  { error: SIGNUP_MESSAGES.required },
);
export type MemberSignupInput = z.infer<typeof MemberSignupInput>;

/** The body of finishSignUp, once the address is proven: the church of the sign-up link, if any. */
export const FinishSignUpInput = z.object(
  { orgId: orgIdToJoin },
  { error: 'Invalid data provided. Please check your input.' },
);
export type FinishSignUpInput = z.infer<typeof FinishSignUpInput>;

/** The signup form's checks in this order: every field present first, then shapes, then the confirmation. */
export function checkSignupForm(
  fields: { email: string; fullName: string; password: string; confirmPassword: string },
  orgId: string | null,
): FormCheck<MemberSignupInput> {
  const { email, fullName, password, confirmPassword } = fields;
  const given = { email: email.trim(), fullName: fullName.trim(), password, confirmPassword };
  const empty = Object.entries(given).filter(([, v]) => !v);
  if (empty.length)
    return { ok: false, issues: empty.map(([k]) => ({ path: [k], message: SIGNUP_MESSAGES.required })) };
  const parsed = MemberSignupInput.safeParse({ email, fullName, password, orgId });
  if (!parsed.success) return { ok: false, issues: parsed.error.issues };
  if (password !== confirmPassword)
    return { ok: false, issues: [{ path: ['confirmPassword'], message: SIGNUP_MESSAGES.mismatch }] };
  return { ok: true, value: parsed.data };
}

/** The signup form's first message (checkSignupForm). */
export const validateSignupForm = (
  fields: { email: string; fullName: string; password: string; confirmPassword: string },
  orgId: string | null,
) => firstOf(checkSignupForm(fields, orgId));

/**
 * The last step of opening an account (proveAddress): the address, the code mailed to it, and the
 * account's password (the browser that asked for the code still holds it; another device asks
 * for it again). The account is made only now, proven.
 */
export const ProveAddressInput = z.object(
  {
    email: emailField(SIGNUP_MESSAGES.email, SIGNUP_MESSAGES.required),
    code: sixDigitCode,
    password: passwordField(SIGNUP_MESSAGES.password, SIGNUP_MESSAGES.required),
  },
  { error: SIGNUP_MESSAGES.required },
);
export type ProveAddressInput = z.infer<typeof ProveAddressInput>;

/** The form that proves an address: the code, and the password unless this browser still holds it. */
export const ProveAddressForm = z
  .object({ code: sixDigitCode, password: z.string(), confirmPassword: z.string() })
  .check(
    z.refine((v) => v.password === v.confirmPassword, { message: SIGNUP_MESSAGES.mismatch, path: ['confirmPassword'] }),
  );

/** The answers of opening an account and proving its address: the same for every address. */
export const PROOF_MESSAGES = {
  mailed: 'We sent a message to this address. Enter the code from it to finish.',
  wrongCode: 'That code is not correct. Please check the email and try again.',
  spent: 'That code has expired or was tried too many times. Please start again to get a new one.',
  tooManyMails:
    'We have sent this address as many codes as we send in a day. Use the code from the last message, or try again tomorrow.',
  noSender: 'Accounts cannot be opened yet: this directory has no mail sender. Please tell its operator.',
} as const;
