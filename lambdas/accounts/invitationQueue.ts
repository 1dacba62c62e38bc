/**
 * Invitations an import asked for (transfer/importRun.ts) go out within the church's daily cap
 * (INVITATIONS_PER_DAY), the rest on the following days: the import queues every new member with
 * an address, sends the day's share when it ends, and the hourly invitationQueue job sends each
 * church's share of each new day (UTC) until none waits. Each goes through inviteMember, so the
 * limits per address and per church hold as for the forms. A member deleted, given another address
 * or signed up meanwhile is not mailed; a mail that fails is tried again on the next runs, a few
 * times.
 */
import { INVITATIONS_PER_DAY } from '../contract/invitations';
import type { Member } from '../core/entities';
import { inviteMember } from './invitations';
import {
  churchesWaiting,
  closeQueue,
  countAttempt,
  dropWaiting,
  putWaiting,
  queuedAt,
  readWaiting,
  sentOn,
  stillWanted,
} from './repos/invitationQueue';

/** Mails tried for one member before it is given up (logged as failed each time). */
const MAX_ATTEMPTS = 3;

/** Churches served by one task run: each sends at most a day's cap of mails, one after another. */
const CHURCHES_PER_PAGE = 10;

export { countWaiting as invitationsWaiting, dropWaiting } from './repos/invitationQueue';

/** Queues the invitations of these new members (those with an address). */
export async function queueInvitations(orgId: string, members: readonly Member[]): Promise<void> {
  const queuedAtNow = new Date().toISOString();
  await putWaiting(
    orgId,
    members
      .filter((m) => m.email)
      .map((m) => ({
        memberId: m.memberId,
        familyId: m.familyId,
        email: m.email!,
        name: m.name,
        queuedAt: queuedAtNow,
        attempts: 0,
      })),
  );
}

/** Sends as many of the church's waiting invitations as today's cap leaves room for; how many went. */
export async function sendWaiting(orgId: string): Promise<number> {
  const since = await queuedAt(orgId);
  if (!since) return 0;
  const room = INVITATIONS_PER_DAY - (await sentOn(orgId, new Date().toISOString().slice(0, 10)));
  if (room <= 0) return 0;
  const waiting = await readWaiting(orgId, room);
  const wanted = new Set(await stillWanted(orgId, waiting));
  const done: string[] = [];
  let sent = 0;
  for (const w of waiting) {
    if (!wanted.has(w)) {
      done.push(w.memberId);
      continue;
    }
    const { outcome } = await inviteMember(orgId, { email: w.email, name: w.name });
    // Another mail of the church took the day's last place: the rest wait for tomorrow.
    if (outcome === 'church-limit') break;
    if (outcome === 'failed' && w.attempts + 1 < MAX_ATTEMPTS) await countAttempt(orgId, w.memberId);
    else done.push(w.memberId);
    if (outcome === 'sent') sent++;
  }
  await dropWaiting(orgId, done);
  // Every waiting one was read (fewer than room) and none is left: the queue closes.
  if (waiting.length < room && done.length === waiting.length) await closeQueue(orgId, since);
  return sent;
}

export interface QueuePage {
  /** The last church served; null at the start. */
  after: string | null;
  done: boolean;
  sent: number;
}

/** Task SendPage of the invitationQueue job: the next churches with invitations waiting. */
export async function sendQueuesPage(state: Partial<QueuePage>): Promise<QueuePage> {
  const { orgIds, next } = await churchesWaiting(state.after ?? null, CHURCHES_PER_PAGE);
  let sent = state.sent ?? 0;
  for (const orgId of orgIds) sent += await sendWaiting(orgId);
  return { after: next, done: next === null, sent };
}
