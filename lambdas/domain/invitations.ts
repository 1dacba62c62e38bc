/**
 * The invitation a member receives when the church adds its e-mail address (or changes it): the
 * church's sign-up link, /create-account/<orgId>. Sent after the member is saved; a mail that
 * cannot be sent is logged and never undoes or fails the save.
 */
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { count } from '../platform/metrics';
import { mailConfigured, sendMail, type OutgoingMail } from '../platform/ses';
import { getOrgName } from './repos/orgs';

export const signUpLink = (appUrl: string, orgId: string) =>
  `${appUrl.replace(/\/+$/, '')}/create-account/${encodeURIComponent(orgId)}`;

export function invitationMail(input: { to: string; name: string; orgName: string; link: string }): OutgoingMail {
  return {
    to: input.to,
    subject: `You're invited to join the ${input.orgName} directory`,
    text: [
      `Hello ${input.name},`,
      '',
      `${input.orgName} has added you to its online directory. Create your account with this email address (${input.to}) to see the directory and keep your family's details up to date:`,
      '',
      input.link,
      '',
      'If you already have an account, you can sign in as usual. If you were not expecting this email, you can ignore it.',
    ].join('\n'),
  };
}

/** Sends the invitation; answers whether it went out. Never throws. */
export async function inviteMember(orgId: string, member: { email: string; name: string }): Promise<boolean> {
  try {
    if (!mailConfigured()) {
      log.warn('invitation not sent: no sender configured (MAIL_FROM)', { orgId });
      return false;
    }
    const orgName = await getOrgName(orgId);
    if (!orgName) return false;
    const messageId = await sendMail(
      invitationMail({ to: member.email, name: member.name, orgName, link: signUpLink(env('APP_URL'), orgId) }),
    );
    log.info('invitation sent', { orgId, messageId });
    count('InvitationsSent');
    return true;
  } catch (error) {
    // The member is saved all the same: the failure shows on the dashboard's invitation counts.
    log.error('invitation not sent', { orgId, error: safeError(error) });
    count('InvitationsFailed');
    return false;
  }
}
