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
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g;
const PHONE_LIKE = /\+?\d[\d\s().-]{6,}\d/g;
const redact = (text: string) => text.replace(EMAIL, '[email]').replace(PHONE_LIKE, '[number]');

/** An error as it may be logged: its name, its message and stack with addresses and numbers masked. */
export function safeError(error: unknown): { name: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { name: typeof error, message: redact(String(error)) };
  return { name: error.name, message: redact(error.message), stack: error.stack && redact(error.stack) };
}
