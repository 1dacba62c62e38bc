/**
 * DynamoDB and S3 failing for a moment, through the local stack's fault proxies: every request
 * either succeeds (the SDK's retries, or the browser sending the same request again) or fails
 * with a clear 503, and nothing is half-written: no family without its count, no orphan member,
 * no photo lost, no record added twice. The integrity report over the churches made here finds
 * nothing at the end.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResult, FamilyView } from '../../lambdas/contract/api';
import { call, type Answer } from '../support/api';
import { makeBook } from '../support/book';
import { clearFaults, withFaults } from '../support/faults';
import { addFamilyVia, createChurch, snapshotStorage, type Church } from '../support/fixtures';
import { runReport, superAdminIn } from '../support/jobs';
import { photoExists, settled, uploadNewFamilyPhoto, uploadPhoto } from '../support/upload';

const BUSY = { code: 'unavailable', message: 'The service is busy right now. Please try again in a moment.' };
/** The SDK's attempts per call (its standard retry strategy). */
const SDK_ATTEMPTS = 3;
/** A fault that hits this many times outlasts every retry of one request. */
const EVERY_ATTEMPT = 10;

let church: Church;

async function counts(token: string) {
  return (await call<DashboardResult>('getDashboard', { token, query: 'month=1' })).body.counts;
}

async function familiesNamed(token: string, surname: string) {
  const list = await call<{ families: FamilyView[] }>('listFamilies', { token });
  return list.body.families.filter((f) => f.surname === surname);
}

function expectBusy(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(503);
  expect(answer.body.error).toEqual(BUSY);
}

describe('faults in DynamoDB and S3', () => {
  beforeAll(async () => {
    church = await createChurch();
  });
  afterEach(clearFaults);

  it('DynamoDB down: reads and writes answer a clear 503 and write nothing; back up, the same request succeeds', async () => {
    const before = await snapshotStorage();
    const body = { surname: 'Outage', city: 'Raleigh' };
    const { result, hits } = await withFaults([{ service: 'dynamodb', kind: 'refuse' }], async () => ({
      add: await call('addFamily', { token: church.adminToken, body }),
      list: await call('listFamilies', { token: church.adminToken }),
    }));
    expectBusy(result.add);
    expectBusy(result.list);
    expect(hits[0]).toBeGreaterThanOrEqual(2 * SDK_ATTEMPTS);
    expect(await snapshotStorage()).toBe(before);
    expect((await call('addFamily', { token: church.adminToken, body })).status).toBe(200);
    expect(await familiesNamed(church.adminToken, 'Outage')).toHaveLength(1);
  });

  it('DynamoDB refusing one request: the SDK retries and the request succeeds once', async () => {
    const familiesBefore = (await counts(church.adminToken)).families;
    const { result } = await withFaults(
      [{ service: 'dynamodb', kind: 'refuse', operation: 'TransactWriteItems', times: 1 }],
      () => call('addFamily', { token: church.adminToken, body: { surname: 'Blip' } }),
    );
    expect(result.status).toBe(200);
    expect(await familiesNamed(church.adminToken, 'Blip')).toHaveLength(1);
    expect((await counts(church.adminToken)).families).toBe(familiesBefore + 1);
  });

  it('DynamoDB slow: every request waits and succeeds', async () => {
    const family = await addFamilyVia(church.adminToken);
    const { result } = await withFaults([{ service: 'dynamodb', kind: 'delay', delayMs: 1500 }], async () => ({
      update: await call('updateFamily', {
        token: church.adminToken,
        params: { familyId: family.familyId },
        body: { surname: 'Slow', version: family.familyVersion },
      }),
      read: await call<{ family: FamilyView }>('getFamily', {
        token: church.adminToken,
        params: { familyId: family.familyId },
      }),
    }));
    expect(result.update.status).toBe(200);
    expect(result.read.body.family.surname).toBe('Slow');
  });

  it('a transaction whose answer is lost once: the SDK’s retry carries the same ClientRequestToken, so it succeeds without a second write', async () => {
    const before = await counts(church.adminToken);
    const { result, hits } = await withFaults(
      [{ service: 'dynamodb', kind: 'lose-answer', operation: 'TransactWriteItems', times: 1 }],
      () => call('addFamily', { token: church.adminToken, body: { surname: 'Echo' } }),
    );
    expect(hits).toEqual([1]);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(await familiesNamed(church.adminToken, 'Echo')).toHaveLength(1);
    expect((await counts(church.adminToken)).families).toBe(before.families + 1);
  });

  it('a transaction whose answers are all lost: the handler finds its own write by the request key and answers it', async () => {
    const before = await counts(church.adminToken);
    const { result } = await withFaults(
      [{ service: 'dynamodb', kind: 'lose-answer', operation: 'TransactWriteItems', times: EVERY_ATTEMPT }],
      () =>
        call<{ id: string }>('addFamily', {
          token: church.adminToken,
          body: { surname: 'Found' },
          requestKey: randomUUID(),
        }),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect((await familiesNamed(church.adminToken, 'Found')).map((f) => f.familyId)).toEqual([result.body.id]);
    expect((await counts(church.adminToken)).families).toBe(before.families + 1);
  });

  describe('a Lambda failing after its transaction, then the browser sending the request again (same Idempotency-Key)', () => {
    /**
     * Every attempt's answer lost, and DynamoDB gone for the rest of the call, so the handler cannot
     * look its write up: the write happened, the caller hears 503. The repeat (and a third send)
     * answers the same record.
     */
    async function failThenRepeat(operation: 'addFamily' | 'addMember' | 'addGroup', body: Record<string, unknown>) {
      const requestKey = randomUUID();
      const { result: first } = await withFaults(
        [
          { service: 'dynamodb', kind: 'lose-answer', operation: 'TransactWriteItems', times: EVERY_ATTEMPT },
          { service: 'dynamodb', kind: 'refuse', after: 'TransactWriteItems' },
        ],
        () => call<{ id?: string; groupId?: string }>(operation, { token: church.adminToken, body, requestKey }),
      );
      expectBusy(first);
      const repeat = await call<{ id?: string; groupId?: string }>(operation, {
        token: church.adminToken,
        body,
        requestKey,
      });
      expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
      const again = await call<{ id?: string; groupId?: string }>(operation, {
        token: church.adminToken,
        body,
        requestKey,
      });
      // The same record; a new member's invitation goes out once, so the third send is told it went already.
      const { invitation: _repeated, ...record } = repeat.body as Record<string, unknown>;
      const { invitation: _again, ...sameRecord } = again.body as Record<string, unknown>;
      expect(sameRecord).toEqual(record);
      if (_again) expect(_again).toMatchObject({ outcome: 'invited-today' });
      return repeat.body.id ?? repeat.body.groupId!;
    }

    it('addFamily: one family, counted once', async () => {
      const before = await counts(church.adminToken);
      const id = await failThenRepeat('addFamily', { surname: 'Once', city: 'Durham' });
      const found = await familiesNamed(church.adminToken, 'Once');
      expect(found.map((f) => f.familyId)).toEqual([id]);
      expect((await counts(church.adminToken)).families).toBe(before.families + 1);
    });

    it('addMember: one member, counted once, its e-mail claimed once', async () => {
      const family = await addFamilyVia(church.adminToken);
      const before = await counts(church.adminToken);
      const email = `once-${randomUUID().slice(0, 8)}@example.org`;
      const id = await failThenRepeat('addMember', { familyId: family.familyId, name: 'Onesimus', email });
      const read = await call<{ family: FamilyView }>('getFamily', {
        token: church.adminToken,
        params: { familyId: family.familyId },
      });
      expect(read.body.family.members.filter((m) => m.name === 'Onesimus').map((m) => m.memberId)).toEqual([id]);
      expect((await counts(church.adminToken)).members).toBe(before.members + 1);
      // The claim is the member's own: a different member with the address is still refused.
      const twin = await call('addMember', {
        token: church.adminToken,
        body: { familyId: family.familyId, name: 'Twin', email },
      });
      expect(twin.status).toBe(409);
    });

    it('addGroup: one group, counted once, its name still unique', async () => {
      const before = await counts(church.adminToken);
      const groupName = `Once ${randomUUID().slice(0, 8)}`;
      const id = await failThenRepeat('addGroup', { groupName });
      const groups = await call<{ groups: { groupId: string; groupName: string }[] }>('listGroups', {
        token: church.adminToken,
      });
      expect(groups.body.groups.filter((g) => g.groupName === groupName).map((g) => g.groupId)).toEqual([id]);
      expect((await counts(church.adminToken)).groups).toBe(before.groups + 1);
      const other = await call('addGroup', { token: church.adminToken, body: { groupName } });
      expect(other.status).toBe(409);
    });
  });

  it('a malformed Idempotency-Key is refused with a clear 400 and writes nothing', async () => {
    const before = await snapshotStorage();
    const answer = await call('addFamily', {
      token: church.adminToken,
      body: { surname: 'Keyless' },
      requestKey: 'no spaces <allowed>',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(
      'The Idempotency-Key header must be 8 to 128 letters, digits, dashes or underscores.',
    );
    expect(await snapshotStorage()).toBe(before);
  });

  it('S3 down while a new photo is saved: the save needs no S3 and succeeds; the clean-up deletes the old photo once S3 is back', async () => {
    const old = await uploadNewFamilyPhoto(church.adminToken);
    const family = await addFamilyVia(church.adminToken, { photo: old.photo }, old.requestKey);
    const newPhoto = await uploadPhoto(church.adminToken, family.familyId);
    const { result } = await withFaults([{ service: 's3', kind: 'refuse' }], () =>
      call('updateFamily', {
        token: church.adminToken,
        params: { familyId: family.familyId },
        body: { surname: 'Pictured', photo: newPhoto, version: family.familyVersion },
      }),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const read = await call<{ family: FamilyView }>('getFamily', {
      token: church.adminToken,
      params: { familyId: family.familyId },
    });
    expect((await fetch(read.body.family.photoUrl!)).status).toBe(200);
    // The clean-up job's retries outlast the outage.
    await settled();
    expect(await photoExists(newPhoto)).toBe(true);
    expect(await photoExists(old.photo)).toBe(false);
  });

  it("S3 refusing the photo pipeline's read once: the SDK retries and the photo is prepared", async () => {
    const { result } = await withFaults([{ service: 's3', kind: 'refuse', operation: 'GET', times: 1 }], () =>
      uploadNewFamilyPhoto(church.adminToken),
    );
    const added = await call('addFamily', {
      token: church.adminToken,
      body: { surname: 'Retried', photo: result.photo },
      requestKey: result.requestKey,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  });

  it('S3 down while a family is deleted: the family and its members go; the photo object stays for the integrity report, never a family without its photo', async () => {
    const { photo, requestKey } = await uploadNewFamilyPhoto(church.adminToken);
    const family = await addFamilyVia(church.adminToken, { photo }, requestKey);
    const { result } = await withFaults([{ service: 's3', kind: 'refuse' }], () =>
      call('deleteFamily', { token: church.adminToken, params: { familyId: family.familyId } }),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect((await call('getFamily', { token: church.adminToken, params: { familyId: family.familyId } })).status).toBe(
      404,
    );
    expect((await call('getMember', { token: church.adminToken, params: { memberId: family.memberId } })).status).toBe(
      404,
    );
  });

  it('S3 slow: the printed book is still made', async () => {
    const { photo, requestKey } = await uploadNewFamilyPhoto(church.adminToken);
    await addFamilyVia(church.adminToken, { photo }, requestKey);
    const { result } = await withFaults([{ service: 's3', kind: 'delay', delayMs: 1000 }], () =>
      makeBook(church.adminToken),
    );
    expect(result.bytes).not.toBeNull();
  });

  it('afterwards the integrity report finds nothing wrong in the church of these tests', async () => {
    const superAdmin = await superAdminIn(church.orgId);
    const report = await runReport(superAdmin.token);
    expect(report.status).toBe('SUCCEEDED');
    expect(report.report!.issues.filter((issue) => issue.problematicOrgId === church.orgId)).toEqual([]);
  });
});
