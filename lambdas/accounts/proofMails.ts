/**
 * The two messages that answer a request for an account, one of which every address gets: the
 * code that proves it, or, when the address already has an account, the way into that account.
 * Neither carries text the requester chose (a name could carry a link or an insult to a stranger's
 * address): only the address itself and the product's own links.
 */
import { COGNITO_MAIL } from '../../lib/settings';
import type { OutgoingMail } from '../platform/aws/ses';

const page = (appUrl: string, path: string) => `${appUrl.replace(/\/+$/, '')}${path}`;

/** The page that takes the code, on whichever device reads the mail. */
export const proofPage = (appUrl: string, email: string) =>
  page(appUrl, `/verify-address?email=${encodeURIComponent(email)}`);

export function codeMail(to: string, code: string, appUrl: string): OutgoingMail {
  return {
    to,
    subject: COGNITO_MAIL.verification.subject,
    text: [
      `Welcome to the church directory. Your verification code is ${code}.`,
      '',
      `Enter it on the page where you asked for it, or here: ${proofPage(appUrl, to)}`,
      '',
      'The code lasts a day. If you did not ask for an account, you can ignore this email: nothing is made without the code.',
    ].join('\n'),
  };
}

export const ACCOUNT_EXISTS_SUBJECT = 'You already have a church directory account';

export function accountExistsMail(to: string, appUrl: string): OutgoingMail {
  return {
    to,
    subject: ACCOUNT_EXISTS_SUBJECT,
    text: [
      'Someone, perhaps you, asked for a new church directory account with this email address. You already have one, so nothing was changed and there is no code.',
      '',
      `Log in with your password: ${page(appUrl, '/login')}`,
      `Forgot it? Set a new one: ${page(appUrl, '/forgot-password')}`,
      '',
      'If you did not ask, you can ignore this email.',
    ].join('\n'),
  };
}
