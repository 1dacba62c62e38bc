/**
 * The invitation a member receives when the church adds its e-mail address (or changes it): the
 * church's sign-up link, /create-account/<orgId>. Sent after the member is saved; a mail that
 * cannot be sent is logged and never undoes or fails the save.
 *
 * Invitations cannot be used to spam: at most one per address a day and INVITATIONS_PER_DAY per
 * church (accounts/repos/invitations.ts), and the text users chose (the church's and the member's names)
 * is quoted as text that cannot form a link, since mail programs turn anything like a web address
 * into one.
 */
import { INVITATIONS_PER_DAY, invitationMessage, type InvitationResult } from '../contract/invitations';
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { count } from '../platform/metrics';
import { mailConfigured, sendMail, type OutgoingMail } from '../platform/aws/ses';
import { claimInvitation, releaseInvitation } from './repos/invitations';
import { getOrgName } from './repos/orgs';

export const signUpLink = (appUrl: string, orgId: string) =>
  `${appUrl.replace(/\/+$/, '')}/create-account/${encodeURIComponent(orgId)}`;

/**
 * A user's text inside a mail: one line, in quotation marks, and no link: a dot, colon, slash, @
 * or backslash between two characters is bracketed, as in example[.]org. NFKC first, so look-alike
 * dots (full-width, one-dot leader) that web addresses accept become plain ones and are bracketed too.
 */
export function quoted(text: string): string {
  const line = text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/["“”]/g, "'");
  return `“${line.replace(/(?<=\S)([.:/@\\])(?=\S)/g, '[$1]')}”`;
}

export function invitationMail(input: { to: string; name: string; orgName: string; link: string }): OutgoingMail {
  const church = quoted(input.orgName);
  return {
    to: input.to,
    subject: `You're invited to join the ${church} directory`,
    text: [
      `Hello ${quoted(input.name)},`,
      '',
      `The church ${church} has added you to its online directory. Create your account with this email address (${input.to}) to see the directory and keep your family's details up to date:`,
      '',
      input.link,
      '',
      'If you already have an account, you can sign in as usual. If you were not expecting this email, you can ignore it.',
    ].join('\n'),
  };
}

const result = (to: string, outcome: InvitationResult['outcome']): InvitationResult => ({
  to,
  outcome,
  message: invitationMessage(to, outcome),
});

/** Sends the invitation if the limits allow; answers what happened, for the form. Never throws. */
export async function inviteMember(orgId: string, member: { email: string; name: string }): Promise<InvitationResult> {
  const now = new Date();
  let claimed = false;
  try {
    if (!mailConfigured()) {
      log.warn('invitation not sent: no sender configured (MAIL_FROM)', { orgId });
      return result(member.email, 'failed');
    }
    const claim = await claimInvitation(orgId, member.email, now, INVITATIONS_PER_DAY);
    if (claim !== 'claimed') {
      log.info('invitation not sent: limit', { orgId, limit: claim });
      return result(member.email, claim);
    }
    claimed = true;
    const orgName = await getOrgName(orgId);
    if (!orgName) throw new Error('the church is gone');
    const messageId = await sendMail(
      invitationMail({ to: member.email, name: member.name, orgName, link: signUpLink(env('APP_URL'), orgId) }),
    );
    log.info('invitation sent', { orgId, messageId });
    count('InvitationsSent');
    return result(member.email, 'sent');
  } catch (error) {
    // The member is saved all the same: the failure shows on the dashboard's invitation counts.
    log.error('invitation not sent', { orgId, error: safeError(error) });
    count('InvitationsFailed');
    if (claimed) await releaseInvitation(orgId, member.email, now).catch(() => undefined);
    return result(member.email, 'failed');
  }
}
