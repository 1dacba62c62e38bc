/**
 * The local gateway keeps Lambda's response limit and the 30 s timeout. A second gateway, in this
 * file's process, runs a stand-in handler that answers as slowly or as largely as a test asks
 * (test/support/gateway-handlers), with a short timeout so no test waits 30 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../../lib/local/gateway';
import { MAX_LAMBDA_RESPONSE_BYTES } from '../../lib/local/gateway-limits';
import { Mailbox } from '../../lib/local/mailbox';
import { stack } from '../support/env';

const TIMEOUT_MS = 400;
// Between its stack's four ports and the next stack's (test/support/stacks.ts: ten apart).
const port = Number(new URL(stack.url).port) + 5;
const url = `http://127.0.0.1:${port}`;
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gateway-limits-'));
let server: http.Server;

beforeAll(async () => {
  server = await startGateway({
    port,
    pool: {
      endpoint: stack.cognitoEndpoint,
      issuer: `${stack.cognitoEndpoint}/${stack.userPoolId}`,
      userPoolId: stack.userPoolId,
      clientId: stack.clientId,
    },
    mailbox: new Mailbox(path.join(dataDir, 'mailbox.json'), false),
    webDir: dataDir,
    webConfig: {
      region: 'us-east-1',
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.clientId,
      mapStyle: '/_local/map/style.json',
      signInFlow: 'USER_PASSWORD_AUTH',
      apiBase: '',
    },
    handlersDir: path.join(here, '../support/gateway-handlers'),
    verbose: false,
    integrationTimeoutMs: TIMEOUT_MS,
    originVerify: 'gateway-limits-test',
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

const ask = (request: { waitMs?: number; bytes?: number }) =>
  fetch(`${url}/api/organizations`, { method: 'POST', body: JSON.stringify(request) });

/** Everything the gateway writes on one kept-alive connection within `ms`, for one request. */
function rawExchange(body: string, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.write(
      `POST /api/organizations HTTP/1.1\r\nHost: local\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, ms);
  });
}

describe('local gateway limits (Lambda and API Gateway)', () => {
  it('answers a handler result over 6 MB with 502, as API Gateway does when Lambda refuses it', async () => {
    const over = await ask({ bytes: MAX_LAMBDA_RESPONSE_BYTES });
    expect(over.status).toBe(502);
    expect(await over.json()).toEqual({ message: 'Internal Server Error' });

    const under = await ask({ bytes: 6_000_000 });
    expect(under.status).toBe(200);
    expect((await under.text()).length).toBe(6_000_000);
  });

  it('answers 504 when the handler is too slow, and drops its late answer', async () => {
    const started = Date.now();
    const exchange = await rawExchange(JSON.stringify({ waitMs: TIMEOUT_MS * 2, bytes: 5 }), TIMEOUT_MS * 4);
    expect(exchange).toMatch(/^HTTP\/1\.1 504 /);
    expect(exchange).toContain('{"message":"Gateway Timeout"}');
    // One answer only: the handler's own (status 200, body "xxxxx") never follows on the connection.
    expect(exchange.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(exchange).not.toContain('xxxxx');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS);
  });

  it('answers a handler within the timeout', async () => {
    const answer = await ask({ waitMs: TIMEOUT_MS / 4, bytes: 3 });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('xxx');
  });
});
