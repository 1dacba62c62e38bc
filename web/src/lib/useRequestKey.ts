/**
 * One request key per create form: sent as the Idempotency-Key header with each submission, and
 * the same on a retry, so a save whose answer was lost (the connection dropped after the server
 * wrote) answers the record already made instead of adding it twice (lambdas/core/once.ts).
 * The forms are done after a success, so a key never names two different records.
 */
import { useState } from 'react';

export function useRequestKey(): string {
  return useState(() => crypto.randomUUID())[0];
}
