/**
 * The account request this browser just sent, for the page that takes the mailed code: the
 * password (the account is made with it only once the code is entered) and the request itself, to
 * send a new code. Held in memory only, never stored: another tab, a reload or another device asks
 * for the password again.
 */
export interface HeldRequest {
  email: string;
  password: string;
  resend: () => Promise<unknown>;
}

let held: HeldRequest | null = null;

export function holdRequest(request: HeldRequest): void {
  held = request;
}

/** The held request for this address, if this browser sent it. */
export function heldRequest(email: string): HeldRequest | null {
  return held && held.email.trim().toLowerCase() === email.trim().toLowerCase() ? held : null;
}

export function forgetRequest(): void {
  held = null;
}

/** The page that takes the code for an address (also linked from the mail). */
export const proofPath = (email: string) => `/verify-address?email=${encodeURIComponent(email.trim())}`;
