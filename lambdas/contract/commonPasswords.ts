/**
 * The common-password rule, shared by the forms (web/) and the handlers (lambdas/): a new password
 * may not be one of the most common ones, compared without case ("Password" is guessed as soon as
 * "password"). The list is zxcvbn-ts's ranked list of leaked passwords (@zxcvbn-ts/language-common,
 * most common first); it is too large to travel in every bundle, so each side loads it its own
 * way (lambdas/platform/wiring/commonPasswords.ts, web/src/lib/commonPasswords.ts) and hands it here.
 */
import { PASSWORD_MIN } from './fields';

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common and easy to guess. Please choose another.';

/** How many of the most common passwords are refused: the top of the ranking, where guessing starts. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

/** The list's package and its plain JSON array, ranked (read beside the Lambda bundle or from node_modules). */
export const COMMON_PASSWORDS_FILE = {
  pkg: '@zxcvbn-ts/language-common',
  path: 'src/passwords.json',
  file: 'common-passwords.json',
} as const;

export type CommonPasswords = ReadonlySet<string>;

/** The refused set from the ranked list: its top entries that the length rule alone would let through. */
export function commonPasswordSet(ranked: readonly string[]): CommonPasswords {
  return new Set(
    ranked
      .slice(0, COMMON_PASSWORDS_REFUSED)
      .map((p) => p.toLowerCase())
      .filter((p) => p.length >= PASSWORD_MIN),
  );
}

export const isCommonPassword = (common: CommonPasswords, password: string): boolean =>
  common.has(password.toLowerCase());

/**
 * The check for one side, given how that side loads the ranked list: loaded on first use (or
 * `warm`) and kept; a failed load is tried again by the next call.
 */
export function commonPasswordCheck(load: () => Promise<readonly string[]>) {
  let loaded: Promise<CommonPasswords> | undefined;
  const common = () => {
    loaded ??= load().then(commonPasswordSet, (error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
  return {
    warm: () => void common().catch(() => undefined),
    /** The message to show when `password` is one of the most common, else null. */
    refusal: async (password: string): Promise<string | null> =>
      isCommonPassword(await common(), password) ? COMMON_PASSWORD_MESSAGE : null,
  };
}
