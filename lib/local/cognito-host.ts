/**
 * Runs cognito-local in its own process (its data folder is relative to the working directory),
 * with two corrections so it behaves like Cognito: code mails go to the local mailbox (with the
 * texts the deployed pool uses, COGNITO_MAIL) instead of a console box, and an unverified
 * e-mail reads false in the ID token.
 */
import { createRequire } from 'node:module';
import { COGNITO_MAIL } from '../settings';

const require = createRequire(import.meta.url);
const mailboxUrl = process.argv[2]!;

type User = { Username: string; Attributes?: { Name: string; Value?: string }[] };
const { MessagesService } = require('cognito-local/lib/services/messages');
MessagesService.prototype.deliver = async function deliver(
  _ctx: unknown,
  source: string,
  _clientId: unknown,
  _poolId: unknown,
  user: User,
  code: string,
  _meta: unknown,
  details: { Destination?: string } | undefined,
) {
  const template = source === 'ForgotPassword' ? COGNITO_MAIL.passwordReset : COGNITO_MAIL.verification;
  const to = details?.Destination ?? user.Attributes?.find((a) => a.Name === 'email')?.Value ?? user.Username;
  await fetch(mailboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, subject: template.subject, text: template.body.replace('{####}', code), code, source: `cognito:${source}` }),
  });
};

// cognito-local writes email_verified as Boolean("false") === true; real Cognito says false.
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');
const generate = JwtTokenGenerator.prototype.generate;
JwtTokenGenerator.prototype.generate = function (this: unknown, ctx: unknown, user: User, ...rest: unknown[]) {
  const Attributes = user.Attributes?.filter((a) => a.Name !== 'email_verified' || a.Value === 'true');
  return generate.call(this, ctx, { ...user, Attributes }, ...rest);
};

const pino = require('pino');
const { createDefaultServer } = require('cognito-local/lib/server');
const server = await createDefaultServer(pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'warn' }));
await server.start();
