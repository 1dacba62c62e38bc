/**
 * The one logger: Powertools Logger, one JSON object a line with the service, the Lambda context
 * (function, request id, cold start) and the keys a request appends (operation, orgId, outcome).
 * Level: Lambda's advanced logging controls (AWS_LAMBDA_LOG_LEVEL, set by CDK) first, else
 * LOG_LEVEL in any case (the local stack makes it WARN unless told), else INFO.
 *
 * Log lines name organisations and records by id only: never a person's name, e-mail or phone.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import { SERVICE_NAME } from './telemetry';

export const log = new Logger({
  serviceName: SERVICE_NAME,
  logLevel: process.env.LOG_LEVEL?.toUpperCase() as LogLevel | undefined,
});

// SDK and service messages may quote what was sent (SES names the refused recipient address).
// Addresses need a dotted domain, so `node_modules/@middy/core` in a stack stays readable.
const EMAIL = /[^\s@"'<>(),;:/\\]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
const NUMBER_RUN = /\+?\d[\d\s().-]{5,}\d/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Seven digits or more, however grouped, may be a phone number; a date may stay. */
const maskNumber = (run: string) => (run.replace(/\D/g, '').length >= 7 && !ISO_DATE.test(run) ? '[number]' : run);
const redact = (text: string) => text.replace(EMAIL, '[email]').replace(NUMBER_RUN, maskNumber);

/** An error as it may be logged: its name, its message and stack with addresses and numbers masked. */
export function safeError(error: unknown): { name: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { name: typeof error, message: redact(String(error)) };
  return { name: error.name, message: redact(error.message), stack: error.stack && redact(error.stack) };
}
