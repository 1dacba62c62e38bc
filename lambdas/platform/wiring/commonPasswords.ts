/**
 * The common-password rule on the server (contract/commonPasswords.ts): the ranked list is a JSON
 * file shipped beside the bundle of the routes that set a password (`files: ['commonPasswords']`,
 * lib/bundling.ts), read once per container and only when a password is chosen, so no other
 * handler carries or loads it.
 */
import { readFile } from 'node:fs/promises';
import { COMMON_PASSWORDS_FILE, commonPasswordCheck } from '../../contract/commonPasswords';
import { invalid } from '../../core/errors';
import { shippedOrInstalled } from '../shipped';

const check = commonPasswordCheck(
  async () => JSON.parse(await readFile(shippedOrInstalled(COMMON_PASSWORDS_FILE), 'utf8')) as string[],
);

/** 400 with the form's message when the chosen password is one of the most common. */
export async function refuseCommonPassword(password: string): Promise<void> {
  const refusal = await check.refusal(password);
  if (refusal) throw invalid(refusal);
}
