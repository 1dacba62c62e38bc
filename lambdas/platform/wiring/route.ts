/**
 * Every HTTP handler is `defineRoute(operation, schemas, fn)`: a middy handler that looks up the
 * operation's access rule in the manifest, authorises the caller, parses the body and path with
 * zod, runs `fn`, and shapes the answer. Errors become `{ error: { code, message } }` with
 * the codes of core/errors.ts; only unexpected ones are 500, and those never leak details. Each
 * request is logged once with its operation, organisation and outcome (platform/wiring/observed.ts).
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { OperationResults } from '../../contract/api';
import { firstMessage } from '../../contract/fields';
import { invalid } from '../../core/errors';
import { takeWrite } from '../../core/writeRate';
import { routeFor, type AccessOf, type Operation } from '../../routes';
import { compressed } from './compression';
import { errorResponse } from './errorResponse';
import { assertThroughSite } from './origin';
import { observed } from './observed';
import { authorise, principalFromClaims, withActor, type Principal } from './principal';

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
type Result = APIGatewayProxyStructuredResultV2;

/** A body larger than this is refused before parsing (API Gateway's own limit is 10 MB). */
const MAX_BODY_BYTES = 256 * 1024;

/** Every route but a public one has a caller: authorise() refuses the request otherwise. */
export type PrincipalOf<Op extends Operation> = AccessOf<Op> extends 'public' ? Principal | null : Principal;

export interface RouteContext<Op extends Operation, B, P, Q, E = undefined> {
  event: Event;
  principal: PrincipalOf<Op>;
  body: B;
  params: P;
  query: Q;
  /** What the route's `early` read answered (undefined for a route without one). */
  early: E;
  /** The Idempotency-Key header: one per form submission, the same on its retries (core/once.ts). */
  requestKey: string | null;
}

const REQUEST_KEY = /^[A-Za-z0-9_-]{8,128}$/;

function readRequestKey(event: Event): string | null {
  const key = event.headers?.['idempotency-key'];
  if (key === undefined || key === '') return null;
  if (!REQUEST_KEY.test(key))
    throw invalid('The Idempotency-Key header must be 8 to 128 letters, digits, dashes or underscores.');
  return key;
}

type Schema = z.ZodMiniType | undefined;

interface Schemas<B extends Schema, P extends Schema, Q extends Schema, E> {
  body?: B;
  params?: P;
  query?: Q;
  /**
   * A read of the caller's own church (the token's, which the gateway verified) that needs nothing
   * the caller's admission decides: started beside the admission instead of after it, one round
   * trip fewer in a row. Its answer reaches `fn` only once the caller is admitted; a refused
   * request drops it unread.
   */
  early?: (orgId: string, query: Out<Q>, params: Out<P>) => Promise<E>;
  /** The route applies the visibility rule: the church's privacy item comes with the caller's record (Principal.church), one request for both. */
  church?: true;
  /**
   * A further check of the admitted caller, before the input is read: the super-admin's second
   * step (platform/wiring/operatorMfa.ts), which every `superAdmin` route must name.
   */
  admit?: (principal: Principal, event: Event) => Promise<void>;
}

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export function json(statusCode: number, payload: unknown): Result {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(payload),
  };
}

function readBody(event: Event): unknown {
  if (!event.body) return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw invalid('The request is too large.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid('The request body is not valid JSON.');
  }
  if (!wellFormed(parsed)) throw invalid('The request contains text that is not valid Unicode.');
  return parsed;
}

/**
 * A lone surrogate (`"\ud800"` is valid JSON, but not text: RFC 7493) cannot be stored: DynamoDB
 * refuses it, which made a 500. Walked without recursion, so a deeply nested body cannot overflow the stack.
 */
const LONE_SURROGATE = /\p{Cs}/u;

function wellFormed(root: unknown): boolean {
  const pending = [root];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === 'string' && LONE_SURROGATE.test(value)) return false;
    if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}

function parse<S extends z.ZodMiniType | undefined>(schema: S | undefined, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(firstMessage(result.error));
  return result.data as Out<S>;
}

/** The early read, when the route has one and the request's own query and path are valid (else the usual order decides the answer). */
function startEarly<P extends Schema, Q extends Schema, E>(
  schemas: Schemas<Schema, P, Q, E>,
  event: Event,
): Promise<E> | undefined {
  const orgId = principalFromClaims(event.requestContext?.authorizer?.jwt?.claims)?.orgId;
  if (!schemas.early || !orgId) return undefined;
  const query = schemas.query ? schemas.query.safeParse(event.queryStringParameters ?? {}) : null;
  const params = schemas.params ? schemas.params.safeParse(event.pathParameters ?? {}) : null;
  if (query?.success === false || params?.success === false) return undefined;
  const started = schemas.early(orgId, query?.data as Out<Q>, params?.data as Out<P>);
  started.catch(() => undefined); // a refused request never awaits it
  return started;
}

export function defineRoute<
  Op extends Operation,
  B extends Schema = undefined,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  E = undefined,
>(
  operation: Op,
  schemas: Schemas<B, P, Q, E>,
  fn: (ctx: RouteContext<Op, Out<B>, Out<P>, Out<Q>, E>) => Promise<OperationResults[Op]>,
) {
  const route = routeFor(operation);
  if (route.access === 'superAdmin' && !schemas.admit) {
    throw new Error(
      `${operation}: a superAdmin route must admit with requireOperatorTotp (http/admin/operatorAdmission.ts)`,
    );
  }
  return observed<Event, Result>({
    operation,
    keys: (event) => ({
      // API Gateway's id, the one its access log lines carry.
      requestId: event.requestContext?.requestId,
      orgId: principalFromClaims(event.requestContext?.authorizer?.jwt?.claims)?.orgId,
    }),
    answer: errorResponse,
    success: (result) => ({ status: result.statusCode }),
  }).handler(async (event) => {
    assertThroughSite(event.headers);
    const early = startEarly(schemas, event);
    const admitted = await authorise(route.access, event, schemas.church === true);
    const principal = (admitted && withActor(admitted, operation, event.requestContext?.requestId)) as PrincipalOf<Op>;
    if (schemas.admit && principal) await schemas.admit(principal, event);
    const body = parse<B>(schemas.body, readBody(event) ?? {});
    const params = parse<P>(schemas.params, event.pathParameters ?? {});
    const query = parse<Q>(schemas.query, event.queryStringParameters ?? {});
    // An ordinary write of a church counts against its write rate; accounts, jobs and prints have limits of their own.
    if (route.method !== 'GET' && !route.load && principal?.orgId) await takeWrite(principal.orgId);
    const requestKey = readRequestKey(event);
    const result = json(
      200,
      await fn({ event, principal, body, params, query, early: (await early) as E, requestKey }),
    );
    return compressed(result, event.headers?.['accept-encoding']);
  });
}
