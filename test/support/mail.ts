/** What the local mailbox holds for an address (newest first), and the code an account request mailed it. */
import { expect } from 'vitest';
import type { Mail } from '../../lib/local/mailbox';
import { call } from './api';
import { stack } from './env';

export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${stack.url}/_local/mailbox.json?to=${encodeURIComponent(address.trim())}`);
  return (await response.json()) as Mail[];
}

/** The code of the newest mail to the address; undefined when that mail carries none (the address has an account). */
export const mailedCode = async (address: string) => (await mailsTo(address))[0]?.code;

/** Proves the address with its mailed code: its account is made with this password. */
export async function proveMailedAddress(address: string, password: string) {
  const code = await mailedCode(address);
  expect(code, `a code mailed to ${address}`).toBeDefined();
  return call('proveAddress', { body: { email: address, code, password } });
}
