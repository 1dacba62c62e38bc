/**
 * The church's administrators are told by e-mail that families' changes wait for them: once a day
 * at most (the first request of the day claims the day), with the link to the queue and nothing of
 * what was asked (the mail leaves the product; the page shows the rest to whoever signs in).
 * A mail that cannot be sent is logged and never fails the request.
 */
import { env } from '../platform/env';
import { log, safeError } from '../platform/log';
import { mailConfigured, sendMail } from '../platform/aws/ses';
import { isOperatorEmail } from '../accounts/operator';
import { quoted } from '../accounts/invitations';
import { getOrgName } from '../accounts/repos/orgs';
import { listUserRecords } from '../accounts/repos/users';
import { claimChangeNotice } from './repos/changeRequests';

/** Where administrators approve changes. */
export const changesLink = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}/admin/changes`;

export async function noticeAdmins(orgId: string, now = new Date()): Promise<void> {
  try {
    if (!mailConfigured() || !(await claimChangeNotice(orgId, now.toISOString().slice(0, 10)))) return;
    const [orgName, users] = await Promise.all([getOrgName(orgId), listUserRecords(orgId)]);
    const admins = users.filter((u) => u.admin && !isOperatorEmail(u.email));
    const church = quoted(orgName ?? 'your church');
    await Promise.all(
      admins.map((admin) =>
        sendMail({
          to: admin.email,
          subject: `Changes wait for your approval in the ${church} directory`,
          text: [
            'Hello,',
            '',
            `Families of ${church} have asked to change their details in the directory. Their changes show once an administrator approves them:`,
            '',
            changesLink(env('APP_URL')),
            '',
            'You are told at most once a day.',
          ].join('\n'),
        }),
      ),
    );
  } catch (error) {
    log.warn('change notice not sent', { orgId, error: safeError(error) });
  }
}
