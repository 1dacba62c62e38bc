import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD_MESSAGE,
  COMMON_PASSWORDS_FILE,
  COMMON_PASSWORDS_REFUSED,
  commonPasswordSet,
  isCommonPassword,
} from '../../lambdas/contract/commonPasswords';
import { refuseCommonPassword } from '../../lambdas/platform/wiring/commonPasswords';
import { shippedOrInstalled } from '../../lambdas/platform/shipped';

const ranked = JSON.parse(readFileSync(shippedOrInstalled(COMMON_PASSWORDS_FILE), 'utf8')) as string[];
const common = commonPasswordSet(ranked);

describe('the most common passwords', () => {
  it('are the top of the ranked list, without those the 6-character minimum already refuses', () => {
    expect(ranked.slice(0, 4)).toEqual(['123456', 'password', '12345678', 'qwerty']);
    expect(common.size).toBeLessThanOrEqual(COMMON_PASSWORDS_REFUSED);
    expect(common.size).toBeGreaterThan(COMMON_PASSWORDS_REFUSED * 0.8);
    expect(common.has('1234')).toBe(false);
    // Below the top: not refused (the list goes on for ~49,000 entries).
    expect(common.has(ranked[COMMON_PASSWORDS_REFUSED + 10]!.toLowerCase())).toBe(false);
  });

  it.each(['123456', 'password', 'qwerty', 'Password', 'LETMEIN', 'iloveyou', 'qwerty123'])('refuses %s', (pw) => {
    expect(isCommonPassword(common, pw)).toBe(true);
  });

  it.each(['correct-horse-1', 'grace-admin-1', 'Tr0ub4dor&3x', 'password-for-ruth'])('accepts %s', (pw) => {
    expect(isCommonPassword(common, pw)).toBe(false);
  });

  it('the server loads the list from the package and answers 400 with the form’s message', async () => {
    await expect(refuseCommonPassword('monkey')).rejects.toMatchObject({
      code: 'invalid-argument',
      message: COMMON_PASSWORD_MESSAGE,
    });
    await expect(refuseCommonPassword('correct-horse-1')).resolves.toBeUndefined();
  });
});
