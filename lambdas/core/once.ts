/**
 * Creates that happen once, however often they are sent. The browser sends a request key (the
 * Idempotency-Key header) with each form submission and keeps it for that submission's retries.
 * The new record's id is derived from the key, so when a request is sent again because its
 * answer was lost (a dropped connection, a Lambda stopped after its write), the second attempt
 * names the same record: its write is refused, the record is found, and that is the answer,
 * instead of a second family or member.
 */
import { randomUUID } from 'node:crypto';
import { v5 as uuidV5 } from 'uuid';

/** The namespace of ids derived from request keys (a fixed, random UUID). */
const REQUEST_KEY_NAMESPACE = '3f5b8e84-6a0c-4d6f-9c27-1f0a5e2d8b71';

/** The id of the record a create adds: derived from the request key, or random without one. */
export const newRecordId = (orgId: string, kind: string, requestKey: string | null): string =>
  requestKey ? uuidV5(`${orgId}/${kind}/${requestKey}`, REQUEST_KEY_NAMESPACE) : randomUUID();

export interface Created<T> {
  record: T;
  /** True when the record was there already: this was a repeat of an earlier request. */
  repeated: boolean;
}

/**
 * Runs a keyed create; when it is refused (its conditions failed: the record is there), answers
 * the record its key names if it exists. Without a key, or with no such record, the refusal stands.
 */
export async function createOnce<T>(
  requestKey: string | null,
  create: () => Promise<T>,
  existing: () => Promise<T | null>,
): Promise<Created<T>> {
  try {
    return { record: await create(), repeated: false };
  } catch (error) {
    const found = requestKey ? await existing() : null;
    if (!found) throw error;
    return { record: found, repeated: true };
  }
}
