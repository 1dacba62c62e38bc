/**
 * Our own mails (invitations) through SES v2 SendEmail. Not with @aws-sdk/client-sesv2: that
 * client adds about 83 KB to a handler bundle (see aws-signed.ts); this is the same request,
 * signed by the SDK's signer. Locally AWS_ENDPOINT_URL_SESV2 points at the mailbox's SES v2
 * endpoint (lib/local/stack.ts), which test/integration/invitations.test.ts also drives with
 * the official client, so both speak the same wire format.
 */
import { signedJsonCall } from './aws-signed';
import { env } from './env';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Whether this deployment has a sender (CDK context sesFromEmail); without it nothing is sent. */
export const mailConfigured = () => Boolean(process.env.MAIL_FROM);

/** The SES v2 SendEmail request (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html). */
export function sendEmailRequest(mail: OutgoingMail, from: string) {
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
  const { MessageId } = await signedJsonCall<{ MessageId?: string }>({
    endpointId: 'SESV2',
    defaultHost: (region) => `email.${region}.amazonaws.com`,
    signingName: 'ses',
    method: 'POST',
    path: '/v2/email/outbound-emails',
    body: sendEmailRequest(mail, env('MAIL_FROM')),
  });
  return MessageId;
}
