/**
 * Field rules shared by the forms (web/) and the handlers (lambdas/), with the messages users see.
 * No AWS imports here: this folder is bundled into the browser.
 */
// zod/mini: the same rules, tree-shakable (the full zod adds ~80 KB to every Lambda bundle and the SPA).
import * as z from 'zod/mini';

/** A basic x@y.z shape (and no control characters). */
export const EMAIL_SHAPE = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
/** What a form says of an address that is not one. */
export const EMAIL_MESSAGE = 'Please enter a valid email address.';
/** MM/DD: month 01-12, day 01-31 (02/30 passes: only the ranges are checked). */
export const MM_DD = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])$/;
export const ZIP5 = /^\d{5}$/;
export const ZIP5_OR_9 = /^\d{5}(-\d{4})?$/;

export const LIMITS = {
  name: 100,
  email: 254,
  password: 128,
  address: 200,
  phone: 30,
  groupName: 100,
  roleLabel: 50,
} as const;

export const PASSWORD_MIN = 6;

/**
 * Trimmed, with control characters (a pasted line break or tab, a NUL) turned into spaces first:
 * a name made only of them is empty, so "required" catches it, and none reaches a screen or the PDF.
 */
export const cleanText = () => z.overwrite((text: string) => text.replace(/\p{Cc}+/gu, ' ').trim());

/** A required text: cleaned, not empty, bounded. */
export const requiredText = (max: number, message: string) =>
  z
    .string({ error: message })
    .check(cleanText(), z.minLength(1, message), z.maxLength(max, `Please use at most ${max} characters.`));

/** Trimmed, required (`required` when empty), then shaped like an e-mail (`message`); lower-cased. */
export const emailField = (message: string, required = message) =>
  z.pipe(
    z
      .string({ error: required })
      .check(z.trim(), z.minLength(1, required), z.maxLength(LIMITS.email, message), z.regex(EMAIL_SHAPE, message)),
    z.transform((e: string) => e.toLowerCase()),
  );

/** Required (`required` when empty), at least PASSWORD_MIN characters (`message`). */
export const passwordField = (message: string, required = message) =>
  z
    .string({ error: required })
    .check(
      z.minLength(1, required),
      z.minLength(PASSWORD_MIN, message),
      z.maxLength(LIMITS.password, `Please use at most ${LIMITS.password} characters.`),
    );

export const US_STATES: readonly { code: string; name: string }[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District Of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code!, name: name! }));

export const isUsState = (code: string) => US_STATES.some((s) => s.code === code);

/** The first message of a failed parse: what a form shows and what a handler answers. */
export function firstMessage(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Invalid data provided. Please check your input.';
}
