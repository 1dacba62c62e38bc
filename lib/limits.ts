/**
 * Limits that keep one church, or one script, from taking the service down for every church: a
 * throttle per route sized to what a call costs, and reserved concurrency for the functions that
 * call Cognito's admin API and for the job tasks (it both caps them and keeps them from being
 * starved by the rest). docs/limits.md says what load
 * each limit admits, from the bench's figures.
 */
import type { IConstruct } from 'constructs';
import type { RouteDef } from '../lambdas/routes';

export interface Limit {
  /** Steady requests per second, across all churches. */
  readonly rate: number;
  readonly burst: number;
  /** Concurrent executions reserved for (and allowed to) the route's Lambda. */
  readonly reserved?: number;
}

export type LoadClass = 'read' | 'write' | NonNullable<RouteDef['load']>;

/** The stage's default, which the reads keep: a page is one read. */
export const STAGE_LIMIT: Limit = { rate: 100, burst: 200 };

export const ROUTE_LIMITS: Record<LoadClass, Limit> = {
  read: STAGE_LIMIT,
  // An edit is a person typing: 20 a second across all churches is 1,200 saves a minute.
  write: { rate: 20, burst: 40 },
  // Opening and finishing accounts call Cognito's admin API, whose account-wide quotas are shared.
  account: { rate: 5, burst: 10, reserved: 5 },
  // Starting a job is cheap, but what it starts is long.
  job: { rate: 1, burst: 2 },
  // A study's handout is drawn within its request (about a second of a 1 GB Lambda): 300 a minute.
  print: { rate: 5, burst: 10 },
};

/** Each job task's Lambda: jobs of several churches run side by side, never more than this many pages at once. */
export const JOB_TASK_RESERVED = 5;

export const loadOf = (route: Pick<RouteDef, 'method' | 'load'>): LoadClass =>
  route.load ?? (route.method === 'GET' ? 'read' : 'write');

/**
 * Reserved concurrency needs an account whose concurrency quota leaves 100 unreserved (the default
 * quota of 1,000 does; a new account's may be 10): `cdk deploy -c reservedConcurrency=off` deploys
 * without it, the throttles alone then holding the line.
 */
export const reservesConcurrency = (scope: IConstruct): boolean =>
  scope.node.tryGetContext('reservedConcurrency') !== 'off';
