/**
 * getOrganizationName: the sign-up page's church. A sign-up link is the church's public
 * invitation, so anyone holding it may read the church's name, and only its name; an id that
 * names no church, unknown or malformed, gets one and the same not-found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeResult, OrganizationNameResult } from '../../lambdas/contract/api';
import { SIGNUP_LINK_UNKNOWN } from '../../lambdas/contract/auth';
import { call } from '../support/api';
import { stack } from '../support/env';
import { createChurch, newId, snapshotTable, type Church } from '../support/fixtures';

let mine: Church & { orgName: string };
let theirs: Church & { orgName: string };

async function named(church: Church) {
  const me = await call<MeResult>('getMe', { token: church.adminToken });
  expect(me.status).toBe(200);
  return { ...church, orgName: me.body.orgName };
}

beforeAll(async () => {
  [mine, theirs] = await Promise.all([createChurch().then(named), createChurch().then(named)]);
});

describe('getOrganizationName', () => {
  it('answers a church’s name, and nothing else, to a caller without a token', async () => {
    const answer = await call<OrganizationNameResult>('getOrganizationName', { params: { orgId: mine.orgId } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ orgName: mine.orgName });
  });

  it('answers another church’s link with that church’s name only, whoever asks', async () => {
    for (const token of [null, mine.adminToken]) {
      const answer = await call<OrganizationNameResult>('getOrganizationName', {
        token,
        params: { orgId: theirs.orgId },
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ orgName: theirs.orgName });
      expect(answer.text).not.toContain(mine.orgId);
      expect(answer.text).not.toContain(mine.orgName);
    }
  });

  it('answers an unknown id with a clear not-found', async () => {
    const answer = await call('getOrganizationName', { params: { orgId: newId() } });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: { code: 'not-found', message: SIGNUP_LINK_UNKNOWN } });
  });

  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['a key of the table', 'ORG#x'],
    ['an id of 65 characters', 'a'.repeat(65)],
    ['an id of 2,000 characters', 'b'.repeat(2000)],
    ['white space', ' '],
    ['a control character', 'a\u0000b'],
    ['unicode', 'Église-Ø'],
    ['a path', 'a/../b'],
  ])('answers a malformed id (%s) exactly as an unknown one, never a 400 or 500', async (_label, orgId) => {
    const unknown = await call('getOrganizationName', { params: { orgId: newId() } });
    const answer = await call('getOrganizationName', { params: { orgId } });
    expect(answer.status, answer.text).toBe(404);
    expect(answer.text).toBe(unknown.text);
  });

  it('a real id with a space after it is not that church', async () => {
    const answer = await call('getOrganizationName', { params: { orgId: `${mine.orgId} ` } });
    expect(answer.status, answer.text).toBe(404);
  });

  it('reads the table with GetItem alone, and writes nothing', async () => {
    const before = await snapshotTable();
    await call('getOrganizationName', { params: { orgId: mine.orgId } });
    await call('getOrganizationName', { params: { orgId: newId() } });
    expect(await snapshotTable()).toBe(before);
    const sent = (await (await fetch(`${stack.url}/_local/table-access`)).json()) as Record<string, string[]>;
    expect(sent.getOrganizationName).toEqual(['GetItem']);
  });
});
