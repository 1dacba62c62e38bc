/** What the member form and User Management say about the invitation a save sent, or did not. */

/** Invitations a church may send in one day (UTC), whatever the addresses. */
export const INVITATIONS_PER_DAY = 100;

export type InvitationOutcome = 'sent' | 'invited-today' | 'church-limit' | 'failed';

export interface InvitationResult {
  to: string;
  outcome: InvitationOutcome;
  /** The sentence the form shows. */
  message: string;
}

export function invitationMessage(to: string, outcome: InvitationOutcome): string {
  switch (outcome) {
    case 'sent':
      return `Invitation sent to ${to}.`;
    case 'invited-today':
      return `No invitation sent: ${to} was already invited in the last day.`;
    case 'church-limit':
      return `No invitation sent: your church has sent its ${INVITATIONS_PER_DAY} invitations for today. Please try again tomorrow.`;
    case 'failed':
      return `The invitation to ${to} could not be sent.`;
  }
}

/** What the import page says of the invitations an import queued for the next days. */
export function waitingMessage(waiting: number): string {
  const invitations = waiting === 1 ? '1 invitation waits' : `${waiting} invitations wait`;
  const days = Math.ceil(waiting / INVITATIONS_PER_DAY);
  return days <= 1
    ? `${invitations} for tomorrow: your church sends at most ${INVITATIONS_PER_DAY} a day.`
    : `${invitations}: your church sends at most ${INVITATIONS_PER_DAY} a day, so the last go out in ${days} days.`;
}
