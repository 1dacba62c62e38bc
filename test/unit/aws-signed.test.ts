/**
 * The signed SES v2 call (lambdas/platform/aws-signed.ts, ses.ts): the endpoint rules of the SDK,
 * the request SES v2 SendEmail expects, and a SigV4 signature equal to the one the SDK's signer
 * computes with an independent SHA-256 implementation.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Sha256 as ReferenceSha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AwsServiceError, endpointUrl } from '../../lambdas/platform/aws-signed';
import { sendEmailRequest, sendMail } from '../../lambdas/platform/ses';

const saved = { ...process.env };
afterEach(() => {
  for (const name of [
    'AWS_ENDPOINT_URL_SESV2',
    'AWS_ENDPOINT_URL',
    'AWS_REGION',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_SESSION_TOKEN',
    'MAIL_FROM',
  ]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const ses = {
  endpointId: 'SESV2',
  defaultHost: (r: string) => `email.${r}.amazonaws.com`,
  path: '/v2/email/outbound-emails',
};

describe('endpointUrl', () => {
  it('uses the regional AWS endpoint by default', () => {
    delete process.env.AWS_ENDPOINT_URL_SESV2;
    delete process.env.AWS_ENDPOINT_URL;
    expect(endpointUrl(ses, 'eu-west-1').href).toBe('https://email.eu-west-1.amazonaws.com/v2/email/outbound-emails');
  });

  it('honours AWS_ENDPOINT_URL_<SERVICE>, then AWS_ENDPOINT_URL, keeping a base path', () => {
    delete process.env.AWS_ENDPOINT_URL_SESV2;
    process.env.AWS_ENDPOINT_URL = 'http://127.0.0.1:9000';
    expect(endpointUrl(ses, 'us-east-1').href).toBe('http://127.0.0.1:9000/v2/email/outbound-emails');
    process.env.AWS_ENDPOINT_URL_SESV2 = 'http://127.0.0.1:4000/_local/ses/';
    expect(endpointUrl(ses, 'us-east-1').href).toBe('http://127.0.0.1:4000/_local/ses/v2/email/outbound-emails');
  });
});

describe('sendMail', () => {
  let server: http.Server;
  let seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  let answer: { status: number; headers?: Record<string, string>; body: string } = {
    status: 200,
    body: '{"MessageId":"m-1"}',
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const configure = () => {
    const { port } = server.address() as AddressInfo;
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${port}/ses`,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      MAIL_FROM: 'directory@example.org',
    });
    delete process.env.AWS_SESSION_TOKEN;
    seen = [];
  };

  it('posts SES v2 SendEmail JSON, signed as the SDK signs it', async () => {
    configure();
    answer = { status: 200, body: '{"MessageId":"m-1"}' };
    const mail = { to: 'ruth@example.org', subject: 'Welcome', text: 'Hello Ruth' };
    expect(await sendMail(mail)).toBe('m-1');

    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', url: '/ses/v2/email/outbound-emails' });
    expect(JSON.parse(request!.body)).toEqual(sendEmailRequest(mail, 'directory@example.org'));
    expect(JSON.parse(request!.body)).toMatchObject({
      FromEmailAddress: 'directory@example.org',
      Destination: { ToAddresses: ['ruth@example.org'] },
      Content: { Simple: { Subject: { Data: 'Welcome' }, Body: { Text: { Data: 'Hello Ruth' } } } },
    });
    const authorization = String(request!.headers.authorization);
    expect(authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/ses\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/,
    );

    // The same request signed by the SDK's signer with another SHA-256 implementation at the same moment.
    const amzDate = String(request!.headers['x-amz-date']);
    const signingDate = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const reference = await new SignatureV4({
      service: 'ses',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
      sha256: ReferenceSha256,
    }).sign(
      {
        method: 'POST',
        protocol: 'http:',
        hostname: '127.0.0.1',
        port: Number(process.env.AWS_ENDPOINT_URL_SESV2!.split(':')[2]!.split('/')[0]),
        path: '/ses/v2/email/outbound-emails',
        query: {},
        headers: { host: String(request!.headers.host), 'content-type': 'application/json' },
        body: request!.body,
      },
      { signingDate },
    );
    expect(authorization).toBe(reference.headers.authorization);
  });

  it('turns an SES error answer into an error named by its type', async () => {
    configure();
    answer = {
      status: 400,
      headers: { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/' },
      body: '{"message":"Email address is not verified."}',
    };
    const failed = sendMail({ to: 'x@example.org', subject: 's', text: 't' });
    await expect(failed).rejects.toBeInstanceOf(AwsServiceError);
    await expect(failed).rejects.toMatchObject({
      name: 'MessageRejected',
      message: 'Email address is not verified.',
      status: 400,
    });
  });
});
