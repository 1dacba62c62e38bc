/**
 * Our own mails (invitations) through SES v2 SendEmail, with the client created once per
 * container. Locally AWS_ENDPOINT_URL_SESV2 points at the mailbox's SES v2 endpoint
 * (lib/local/stack.ts).
 */
import { SendEmailCommand, SESv2Client, type SendEmailRequest } from '@aws-sdk/client-sesv2';
import { REQUEST_HANDLER } from './client-options';
import { env } from '../env';

const ses = /* @__PURE__ */ new SESv2Client({ requestHandler: REQUEST_HANDLER });

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Whether this deployment has a sender (CDK context sesFromEmail); without it nothing is sent. */
export const mailConfigured = () => Boolean(process.env.MAIL_FROM);

/** One plain-text mail to one address, in UTF-8. */
export function sendEmailRequest(mail: OutgoingMail, from: string): SendEmailRequest {
  return {
    FromEmailAddress: from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
      },
    },
  };
}

/** Sends one mail; answers SES's message id. */
export async function sendMail(mail: OutgoingMail): Promise<string | undefined> {
  const { MessageId } = await ses.send(new SendEmailCommand(sendEmailRequest(mail, env('MAIL_FROM'))));
  return MessageId;
}
