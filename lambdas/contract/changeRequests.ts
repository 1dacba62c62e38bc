/**
 * A family's edit that waits for an administrator's approval (the church's rules say so,
 * contract/changeRules.ts): each field's old and new value, photos side by side; pending, then
 * approved (applied in one transaction with its decision) or rejected with the administrator's
 * note. Only administrators and the family itself ever see one. No AWS imports: bundled into the browser.
 */
import * as z from 'zod/mini';
import type { AuditChange } from './audit';
import { cleanText } from './fields';

export type RequestStatus = 'pending' | 'approved' | 'rejected';

export interface ChangeRequestView {
  requestId: string;
  familyId: string;
  /** "Okafor family". */
  familyName: string;
  /** What it changes: the family's details, or one member's. */
  kind: 'family' | 'member';
  recordId: string;
  /** "Okafor family", "Lydia Okafor". */
  recordName: string;
  status: RequestStatus;
  /** Each field asked to change, as it was when asked and as asked (a photo by `photo` below). */
  changes: AuditChange[];
  /** A new or removed family photo: both, as links that live a few minutes (null: none). */
  photo: { old: string | null; new: string | null } | null;
  /** Who asked (their e-mail address) and when. */
  by: string;
  createdAt: string;
  decidedAt: string | null;
  /** The administrator's note: why it was rejected, or a word with an approval. */
  note: string | null;
}

export interface ListChangeRequestsResult {
  success: true;
  /** The waiting requests, oldest first. */
  requests: ChangeRequestView[];
  /** The place after the last shown, for the next page. */
  next: string | null;
}

export interface DecideChangeResult {
  success: true;
  message: string;
  request: ChangeRequestView;
}

/** Requests a page of the queue holds. */
export const CHANGE_QUEUE_PAGE = 25;

/** A family's own requests its page lists: the latest. */
export const FAMILY_REQUESTS_SHOWN = 10;

export const NOTE_MAX = 500;

export const CHANGE_REQUEST_MESSAGES = {
  sent: 'Thank you! Your change was sent to your church office, and shows in the directory once an administrator approves it.',
  nothing: 'Nothing was changed.',
  approved: 'The change was approved and is now in the directory.',
  rejected: 'The change was rejected. The family will see your note.',
  noteRequired: 'Please write a note for the family: why the change was not made.',
  decision: 'Please choose to approve or reject the change.',
  decided: 'This change was already approved or rejected. Reload the page to see the waiting changes.',
  changed:
    'This record changed after the request was made, so the request cannot be applied as it is. Reject it with a note, and the family can ask again.',
  notFound: 'Change request not found.',
  pointer: 'That page of waiting changes is no longer valid. Please start from the first page.',
} as const;

export const STATUS_TEXTS: Record<RequestStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Not approved',
};

export const DecideChangeInput = z
  .object({
    approve: z.boolean({ error: CHANGE_REQUEST_MESSAGES.decision }),
    note: z.optional(
      z.nullable(
        z
          .string({ error: CHANGE_REQUEST_MESSAGES.noteRequired })
          .check(cleanText(), z.maxLength(NOTE_MAX, `Please use at most ${NOTE_MAX} characters.`)),
      ),
    ),
  })
  .check(z.refine((d) => d.approve || Boolean(d.note), CHANGE_REQUEST_MESSAGES.noteRequired));
export type DecideChangeInput = z.output<typeof DecideChangeInput>;

export const ChangeRequestParams = z.object({
  requestId: z
    .string({ error: CHANGE_REQUEST_MESSAGES.notFound })
    .check(z.regex(/^[0-9a-f-]{36}$/, CHANGE_REQUEST_MESSAGES.notFound)),
});

export const ChangeQueueQuery = z.object({
  after: z.optional(z.string().check(z.maxLength(200, CHANGE_REQUEST_MESSAGES.pointer))),
});
