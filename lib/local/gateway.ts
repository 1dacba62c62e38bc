/**
 * The local gateway: one HTTP server on one origin, standing in for CloudFront + API Gateway.
 *  - /api/*          routed by the manifest (lambdas/routes.ts) to the real handlers, with the
 *                    ID token verified against the pool's JWKS (jose) as API Gateway's JWT
 *                    authorizer does, and the same v2 event shape (claims as strings).
 *  - /cognito        the Cognito compatibility proxy (the SPA's userPoolEndpoint).
 *  - /_local/...     the mailbox page, its JSON, the mail drop used by cognito-local, and
 *                    SES v2 SendEmail (/_local/ses/v2/email/outbound-emails) for our own mails,
 *                    and, in test stacks, /_local/faults (DynamoDB or S3 failing for a while);
 *                    /_local/s3/events (s3rver's object events, lib/local/s3-events.ts) and
 *                    /_local/settled (answers once that work and the jobs are done);
 *                    /_local/table-access (the DynamoDB calls of each route, lib/local/table-access.ts).
 *  - /config.json    the SPA's runtime configuration.
 *  - /_local/map/... the member map's local style and its outlines (lib/local/map-style.ts).
 *  - everything else the built SPA, with index.html for client-side routes.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { invalid } from '../../lambdas/core/errors';
import { errorResponse } from '../../lambdas/platform/wiring/errorResponse';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/platform/wiring/origin';
import { routes, type RouteDef } from '../../lambdas/routes';
import type { WebConfig } from '../settings';
import type { LocalPool } from './cognito';
import { cognitoProxy } from './cognito-proxy';
import type { Fault, FaultProxy } from './fault-proxy';
import { jwtAuthorizer } from './gateway-auth';
import {
  DEFAULT_INTEGRATION_TIMEOUT_MS,
  LIMIT_ANSWERS,
  RequestTooLarge,
  readBody,
  tooLargeForLambda,
  withinTimeout,
} from './gateway-limits';
import { asInvocation } from './invocation';
import { asOperation, tableAccess } from './table-access';
import type { Mailbox } from './mailbox';
import { MAP_OUTLINES_PATH, MAP_STYLE_PATH, mapOutlines, mapStyle } from './map-style';
import type { LocalS3Events } from './s3-events';
import type { LocalStepFunctions } from './stepfunctions';

/** The SES v2 API's base path on this gateway (AWS_ENDPOINT_URL_SESV2 = <gateway>/_local/ses). */
export const SES_V2_PREFIX = '/_local/ses';
/** The Step Functions API on this gateway (AWS_ENDPOINT_URL_SFN = <gateway>/_local/sfn). */
export const SFN_PREFIX = '/_local/sfn';

type Handler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

export interface GatewayOptions {
  port: number;
  pool: LocalPool;
  mailbox: Mailbox;
  webDir: string;
  webConfig: WebConfig;
  handlersDir: string;
  verbose: boolean;
  /** The jobs' state machines (lib/local/stepfunctions.ts), served at SFN_PREFIX. */
  stepFunctions?: LocalStepFunctions;
  /** The Lambdas S3 invokes for new objects: s3rver's events arrive at /_local/s3/events. */
  s3Events?: LocalS3Events;
  /** The fault proxies in front of DynamoDB and S3, told what to do at /_local/faults (tests only). */
  faults?: FaultProxy[];
  /** How long a handler may take before the caller gets 504 (30 s, as in AWS; tests shorten it). */
  integrationTimeoutMs?: number;
  /** The secret CloudFront adds to every API request (lambdas/platform/wiring/origin.ts); the gateway plays CloudFront. */
  originVerify: string;
}

interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
}

function compile(route: RouteDef): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { route, names, pattern: new RegExp(`^${source}$`) };
}

const compiled = routes.map((r) => compile(r));

/**
 * The route for a method and path; like API Gateway, a known path with another method is no route.
 * Throws URIError for a path parameter whose percent-encoding is malformed.
 */
function match(method: string, pathname: string) {
  for (const c of compiled) {
    const m = c.route.method === method ? c.pattern.exec(pathname) : null;
    if (!m) continue;
    const pathParameters = Object.fromEntries(c.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    return { route: c.route, pathParameters };
  }
  return null;
}

/** A path that cannot be decoded is the caller's mistake, answered as the API answers bad input. */
const BAD_PATH = errorResponse(invalid('The request path is not valid.'));

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(body);
}

const answerLimit = (res: ServerResponse, answer: { status: number; message: string }) =>
  send(res, answer.status, JSON.stringify({ message: answer.message }));

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg)/;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export async function startGateway(options: GatewayOptions): Promise<http.Server> {
  const verify = jwtAuthorizer(options.pool);
  const integrationTimeoutMs = options.integrationTimeoutMs ?? DEFAULT_INTEGRATION_TIMEOUT_MS;
  const handlers = new Map<string, Promise<Handler>>();
  const loadHandler = (route: RouteDef) => {
    let loaded = handlers.get(route.operation);
    if (!loaded) {
      const file = pathToFileURL(path.join(options.handlersDir, `${route.entry}.ts`)).href;
      loaded = import(file).then((m: { handler: Handler }) => m.handler);
      handlers.set(route.operation, loaded);
    }
    return loaded;
  };

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET';
    let found: ReturnType<typeof match>;
    try {
      found = match(method, url.pathname);
    } catch (error) {
      if (!(error instanceof URIError)) throw error;
      return send(res, BAD_PATH.statusCode, BAD_PATH.body, BAD_PATH.headers);
    }
    if (!found) return send(res, 404, JSON.stringify({ message: 'Not Found' }));
    const { route, pathParameters } = found;

    let claims: Record<string, string> | null = null;
    if (route.access !== 'public') {
      claims = await verify(req);
      if (!claims) return send(res, 401, JSON.stringify({ message: 'Unauthorized' }), { 'www-authenticate': 'Bearer' });
    }

    const body = await readBody(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    // As CloudFront's origin custom header: set on every request, over any the caller sent.
    headers[ORIGIN_VERIFY_HEADER] = options.originVerify;
    const now = new Date();
    const requestId = randomUUID();
    const event = {
      version: '2.0',
      routeKey: `${route.method} ${route.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: {
          method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: `${route.method} ${route.path}`,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        ...(claims ? { authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: null } } } : {}),
      },
    } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
    const deadline = Date.now() + integrationTimeoutMs;
    const context = {
      awsRequestId: requestId,
      functionName: route.operation,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    } as unknown as Context;

    const handler = await loadHandler(route);
    try {
      const result = await withinTimeout(integrationTimeoutMs, () =>
        asInvocation(requestId, () => asOperation(route.operation, () => handler(event, context))),
      );
      if (result === 'timeout') return answerLimit(res, LIMIT_ANSWERS.timeout);
      if (tooLargeForLambda(result)) {
        console.error(`${route.operation} answered more than Lambda's 6 MB: API Gateway would answer 502.`);
        return answerLimit(res, LIMIT_ANSWERS.responseTooLarge);
      }
      const resultHeaders = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]));
      res.writeHead(result.statusCode ?? 200, resultHeaders);
      res.end(result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? ''));
      if (options.verbose) console.log(`${method} ${url.pathname} → ${result.statusCode}`);
    } catch (error) {
      console.error(`${route.operation} threw outside its error middleware:`, error);
      send(res, 500, JSON.stringify({ message: 'Internal Server Error' }));
    }
  }

  function staticFile(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const webDir = path.resolve(options.webDir);
    let file = path.resolve(webDir, `.${decodeURIComponent(pathname)}`);
    if (file !== webDir && !file.startsWith(webDir + path.sep)) return send(res, 404, '{"message":"Not Found"}');
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      // Client-side routes get the app; a missing asset is a real 404.
      if (path.extname(pathname)) return send(res, 404, 'Not Found', { 'content-type': 'text/plain' });
      file = path.join(webDir, 'index.html');
      if (!existsSync(file)) return send(res, 503, 'The web app is not built yet.', { 'content-type': 'text/plain' });
    }
    // Vite's content hash: 8 base64url characters, which may themselves hold '-' or '_'.
    const hashed = /\/assets\/[^/]+-[\w-]{8}\.\w+$/.test(file);
    const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    // CloudFront compresses text for browsers that accept it; so does the local stand-in.
    const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': type,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    const stream = createReadStream(file);
    if (gzip) stream.pipe(createGzip()).pipe(res);
    else stream.pipe(res);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const route = async () => {
      if (url.pathname.startsWith('/api/')) return api(req, res, url);
      if (url.pathname === '/cognito' || url.pathname === '/cognito/') {
        if (req.method === 'OPTIONS') return send(res, 204, '');
        const answer = await cognitoProxy(options.pool, {
          target: req.headers['x-amz-target'] as string | undefined,
          signed: Boolean(req.headers.authorization),
          body: (await readBody(req)).toString('utf8'),
        });
        return send(res, answer.status, answer.body, answer.headers);
      }
      // The member map's style locally: outlines, no tiles (lib/local/map-style.ts).
      if (url.pathname === MAP_STYLE_PATH)
        return send(res, 200, JSON.stringify(mapStyle(`http://${req.headers.host ?? 'localhost'}`)), {
          'cache-control': 'no-cache',
        });
      if (url.pathname === MAP_OUTLINES_PATH) return send(res, 200, mapOutlines());
      if (url.pathname === '/config.json')
        return send(res, 200, JSON.stringify(options.webConfig), { 'cache-control': 'no-cache' });
      if (url.pathname === SES_V2_PREFIX + '/v2/email/outbound-emails' && req.method === 'POST') {
        const answer = options.mailbox.sesSendEmail((await readBody(req)).toString('utf8'));
        return send(res, answer.status, answer.body, answer.headers);
      }
      if (
        options.stepFunctions &&
        (url.pathname === SFN_PREFIX || url.pathname === `${SFN_PREFIX}/`) &&
        req.method === 'POST'
      ) {
        const answer = await options.stepFunctions.handle(
          req.headers['x-amz-target'] as string | undefined,
          (await readBody(req)).toString('utf8'),
        );
        return send(res, answer.status, answer.body, answer.headers);
      }
      if (options.stepFunctions && url.pathname === `${SFN_PREFIX}/faults`) {
        // Local only, like Step Functions Local's mocked failures: make a task fail (tests of resumable jobs).
        if (req.method === 'DELETE') options.stepFunctions.setFault(null);
        else if (req.method === 'POST')
          options.stepFunctions.setFault(JSON.parse((await readBody(req)).toString('utf8')));
        else return send(res, 405, '{"message":"Method Not Allowed"}');
        return send(res, 204, '');
      }
      if (options.s3Events && url.pathname === '/_local/s3/events' && req.method === 'POST') {
        options.s3Events.receive(JSON.parse((await readBody(req)).toString('utf8')));
        return send(res, 202, '{}');
      }
      if (url.pathname === '/_local/table-access' && req.method === 'GET')
        return send(res, 200, JSON.stringify(tableAccess()));
      if (url.pathname === '/_local/settled' && req.method === 'GET') {
        // Local only: answers once the work started off the request path is done (S3 events, then
        // the jobs they or the requests started), so a test can look at the result.
        await options.s3Events?.settled();
        await options.stepFunctions?.settled();
        await options.s3Events?.settled();
        return send(res, 200, '{}');
      }
      if (options.faults?.length && url.pathname === '/_local/faults') {
        // Local only: make DynamoDB or S3 refuse, lose answers or slow down for a while (fault tests).
        if (req.method === 'POST') {
          const faults = JSON.parse((await readBody(req)).toString('utf8')) as Fault[];
          for (const proxy of options.faults) proxy.set(faults);
        } else if (req.method === 'DELETE') for (const proxy of options.faults) proxy.set([]);
        else if (req.method !== 'GET') return send(res, 405, '{"message":"Method Not Allowed"}');
        return send(res, 200, JSON.stringify(options.faults.flatMap((proxy) => proxy.report())));
      }
      if (url.pathname === '/_local/mailbox' && req.method === 'POST') {
        const mail = JSON.parse((await readBody(req)).toString('utf8'));
        return send(res, 201, JSON.stringify(options.mailbox.add(mail)));
      }
      if (url.pathname === '/_local/mailbox')
        return send(res, 200, options.mailbox.html(), { 'content-type': 'text/html; charset=utf-8' });
      if (url.pathname === '/_local/mailbox.json')
        return send(res, 200, JSON.stringify(options.mailbox.list(url.searchParams.get('to') ?? undefined)));
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, '{"message":"Method Not Allowed"}');
      return staticFile(req, res, url.pathname);
    };
    route().catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof RequestTooLarge) return answerLimit(res, LIMIT_ANSWERS.tooLarge);
      if (error instanceof URIError) return send(res, 400, 'Bad Request', { 'content-type': 'text/plain' });
      console.error('gateway error', error);
      send(res, 500, JSON.stringify({ message: 'Internal Server Error' }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return server;
}
