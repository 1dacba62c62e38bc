/**
 * A whole church's read (readDirectory: the book, the backfills) is cut into parts by the first
 * character of the family's id and read side by side. Families whose ids sit on every cut, between
 * the cuts, and outside hex altogether come back once each, with their own members, in key order;
 * and so they do from the church read in slices (the book job's, one invocation each), joined.
 */
import { describe, expect, it } from 'vitest';
import type { Family, Member } from '../../lambdas/core/entities';
import { batchPutAll } from '../../lambdas/core/repos/batch';
import { readDirectory } from '../../lambdas/directory/repos/directory';
import { directoryItems } from '../../lambdas/directory/repos/items';
import { stack } from '../support/env';
import { createChurch, newId } from '../support/fixtures';

/** Ids on each cut (a single character), just after one, between hex's digits and letters, and past 'f'. */
const FAMILY_IDS = [
  ...'0123456789abcdef',
  ...['1', '9', 'a', 'f'].map((c) => `${c}${newId()}`),
  '-dash',
  'A-upper',
  'Z',
  '_under',
  'g-after-f',
  'zz',
  newId(),
  newId(),
];

describe("a whole church's read", () => {
  it('brings every family once, with its members, in key order, whatever its id', async () => {
    const { orgId } = await createChurch();
    const stamp = new Date().toISOString();
    const base = { orgId, version: 1, createdAt: stamp, updatedAt: stamp };
    const families = FAMILY_IDS.map((familyId) => ({ ...base, familyId, surname: `S ${familyId}` }) as Family);
    const members = families.flatMap(({ familyId, surname }) =>
      [1, 2].map((n) => ({ ...base, memberId: `${familyId}-m${n}`, familyId, surname, name: `M${n}` }) as Member),
    );
    await batchPutAll(stack.env.TABLE_NAME!, directoryItems(families, members));

    for (const of of [1, 3, 4, 16]) {
      const slices = await Promise.all(Array.from({ length: of }, (_, index) => readDirectory(orgId, { index, of })));
      const read = slices.flat();
      expect(
        read.map(({ family }) => family.familyId),
        `${of} slices`,
      ).toEqual([...FAMILY_IDS].sort());
      for (const { family, members: own } of read)
        expect(own.map((m) => m.memberId).sort(), `${family.familyId} in ${of} slices`).toEqual([
          `${family.familyId}-m1`,
          `${family.familyId}-m2`,
        ]);
    }
  });
});
