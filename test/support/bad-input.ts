/** The shared check of every bad-input table: a clear 400 (with the form's message where given) and nothing written. */
import { expect } from 'vitest';
import type { Operation } from '../../lambdas/routes';
import { call, type Answer } from './api';
import { snapshotTable } from './fixtures';

export interface BadRequest {
  body?: unknown;
  rawBody?: string;
  params?: Record<string, string>;
  query?: string;
}

export type BadInputCase = [label: string, operation: Operation, request: () => BadRequest, message?: string];

export async function expectRefusedUnchanged(
  token: string | null,
  operation: Operation,
  request: BadRequest,
  message?: string,
): Promise<Answer> {
  const before = await snapshotTable();
  const answer = await call(operation, { token, ...request });
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.error?.code).toBe('invalid-argument');
  if (message) expect(answer.body.error?.message).toBe(message);
  expect(await snapshotTable()).toBe(before);
  return answer;
}
