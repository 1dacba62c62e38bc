/**
 * Every HTTP handler is `defineRoute(operation, schemas, fn)`: a middy handler that looks up the
 * operation's access rule in the manifest, authorises the caller, parses the body and path with
 * zod, runs `fn`, and shapes the answer. Errors become `{ error: { code, message } }` with
 * SPEC.md's codes; only unexpected ones are 500, and those never leak details.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { OperationResults } from '../contract/api';
import { firstMessage } from '../contract/fields';
import { invalid } from '../domain/errors';
import { routeFor, type Operation } from '../routes';
import { errorResponse } from './errorResponse';
import { authorise, type Principal } from './principal';

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
type Result = APIGatewayProxyStructuredResultV2;

/** A body larger than this is refused before parsing (API Gateway's own limit is 10 MB). */
const MAX_BODY_BYTES = 256 * 1024;

export interface RouteContext<B, P, Q> {
  event: Event;
  principal: Principal | null;
  body: B;
  params: P;
  query: Q;
}

type Schema = z.ZodMiniType | undefined;

interface Schemas<B extends Schema, P extends Schema, Q extends Schema> {
  body?: B;
  params?: P;
  query?: Q;
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
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid('The request body is not valid JSON.');
  }
}

function parse<S extends z.ZodMiniType | undefined>(schema: S | undefined, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(firstMessage(result.error));
  return result.data as Out<S>;
}

export function defineRoute<Op extends Operation, B extends Schema = undefined, P extends Schema = undefined, Q extends Schema = undefined>(
  operation: Op,
  schemas: Schemas<B, P, Q>,
  fn: (ctx: RouteContext<Out<B>, Out<P>, Out<Q>>) => Promise<OperationResults[Op]>,
) {
  const route = routeFor(operation);
  return middy<Event, Result>()
    .use({ onError: (request) => void (request.response = errorResponse(request.error, operation)) })
    .handler(async (event) => {
      const principal = await authorise(route.access, event);
      const body = parse<B>(schemas.body, readBody(event) ?? {});
      const params = parse<P>(schemas.params, event.pathParameters ?? {});
      const query = parse<Q>(schemas.query, event.queryStringParameters ?? {});
      return json(200, await fn({ event, principal, body, params, query }));
    });
}

