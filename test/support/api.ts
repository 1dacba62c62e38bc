/** Calling the local API the way the browser does: over HTTP, with a Cognito ID token. */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect } from 'vitest';
import { routeFor, type Operation } from '../../lambdas/routes';
import { stack } from './env';

const userClient = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint });

export async function idToken(email: string, password: string): Promise<string> {
  const { AuthenticationResult } = await userClient.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return AuthenticationResult!.IdToken!;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  /** The body as sent, byte for byte. */
  text: string;
  body: T & { error?: { code: string; message: string }; message?: string };
}

export async function call<T = Record<string, unknown>>(
  operation: Operation,
  options: {
    token?: string | null;
    body?: unknown;
    rawBody?: string;
    params?: Record<string, string>;
    query?: string;
    requestKey?: string;
  } = {},
): Promise<Answer<T>> {
  const route = routeFor(operation);
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
  const response = await fetch(`${stack.url}${path}${options.query ? `?${options.query}` : ''}`, {
    method: route.method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.requestKey ? { 'idempotency-key': options.requestKey } : {}),
    },
    body: route.method === 'GET' ? undefined : (options.rawBody ?? JSON.stringify(options.body ?? {})),
  });
  const text = await response.text();
  return { status: response.status, text, body: text ? JSON.parse(text) : {} };
}

/**
 * The job `operation` answers of (`jobOf` its body) once it no longer runs, asked every 100 ms for
 * at most `timeoutMs`: the tests follow the book, the export and the import this one way, as their pages do.
 */
export async function jobWhenEnded<T, J>(
  operation: Operation,
  token: string,
  jobOf: (body: T) => J,
  running: (job: J) => boolean,
  timeoutMs: number,
): Promise<J> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call<T>(operation, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const job = jobOf(answer.body);
    if (!running(job)) return job;
    if (Date.now() > deadline) throw new Error(`${operation}: the job did not finish in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
