/**
 * An import's plan written to a church by the church's own use cases (issue 31, part 3), run in
 * this process against the test stack's DynamoDB: imported families are found by the list, the
 * search and the dashboard's counts as typed ones are, with their groups and privacy choices; the
 * same file again changes nothing; and the round trip holds: a church exported, imported into an
 * empty church and exported again gives the same file.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListFamiliesResult, SearchDirectoryResult } from '../../lambdas/contract/api';
import { readDirectory, readOrganization } from '../../lambdas/directory/repos/directory';
import { readGroups } from '../../lambdas/groups/repos/groups';
import { readSheet } from '../../lambdas/transfer/import/readSheet';
import { parseImport } from '../../lambdas/transfer/import/parseImport';
import { planImport } from '../../lambdas/transfer/importPlan';
import { createFamilies, createGroups, updateFamilies } from '../../lambdas/transfer/importApply';
import { call } from '../support/api';
import { addMemberGroupsAndChoices, exportChurch } from '../support/exports';
import { addFamilyVia, createChurch, newId, type Church } from '../support/fixtures';

/** Reads, plans and writes a file into the church, as the import job does. */
async function importFile(orgId: string, bytes: Uint8Array, name: string) {
  const reading = parseImport(await readSheet(bytes, name));
  const [families, { groups, church }, org] = await Promise.all([
    readDirectory(orgId),
    readGroups(orgId),
    readOrganization(orgId),
  ]);
  const importId = newId();
  const plan = planImport(importId, orgId, reading, { org: org!, families, groups, church });
  expect(plan.refusal).toBeNull();
  const options = { importId };
  await createGroups(orgId, plan.groups, options);
  const refused = [...(await createFamilies(plan.create)), ...(await updateFamilies(orgId, plan.update, options))];
  return { reading, plan, refused };
}

const fixture = (name: string) => new Uint8Array(readFileSync(`test/fixtures/import/${name}`));

describe('an import written to the church', () => {
  let church: Church;

  beforeAll(async () => {
    church = await createChurch();
  });

  it("writes Planning Center's households so that the list, the search and the counts find them", async () => {
    const { plan, refused } = await importFile(church.orgId, fixture('planning-center.csv'), 'people.csv');
    expect(refused).toEqual([]);
    expect(plan.counts.families.created).toBeGreaterThan(0);
    const list = await call<ListFamiliesResult>('listFamilies', { token: church.adminToken });
    const surnames = list.body.families.map((f) => f.surname);
    expect(surnames).toContain('García-Smith Household');
    const found = await call<SearchDirectoryResult>('searchDirectory', {
      token: church.adminToken,
      query: 'q=Ana',
    });
    expect(found.body.families.map((f) => f.surname)).toContain('García-Smith Household');
    const org = await readOrganization(church.orgId);
    expect(org!.familyCount).toBe(plan.counts.families.created);
    expect(org!.memberCount).toBe(plan.counts.members.created);
  });

  it('creates nothing when the same file comes again', async () => {
    const before = await readOrganization(church.orgId);
    const { plan, refused } = await importFile(church.orgId, fixture('planning-center.csv'), 'people.csv');
    expect(refused).toEqual([]);
    expect(plan.counts.families.created).toBe(0);
    expect(plan.counts.members.created).toBe(0);
    expect(plan.counts.groups.created).toBe(0);
    expect(await readOrganization(church.orgId)).toEqual(before);
  });

  it('gives back the same file: exported, imported into an empty church, exported again', async () => {
    const source = await createChurch();
    const { familyId, memberId } = await addFamilyVia(source.adminToken, { surname: 'Ødegård' });
    const { groupId } = await addMemberGroupsAndChoices(source.adminToken, familyId, {
      email: `x${newId().slice(0, 8)}@example.org`,
      cellphone: '+1 919-555-0111',
      groupName: 'Choir; Evening',
    });
    await call('addRole', { token: source.adminToken, params: { groupId }, body: { memberId } });
    await addFamilyVia(source.adminToken, { surname: 'Adams', street: '=1+1' });

    const first = await exportChurch(source.adminToken);
    const empty = await createChurch();
    const { refused } = await importFile(empty.orgId, new TextEncoder().encode(first.csv), 'church-directory.csv');
    expect(refused).toEqual([]);
    const again = await exportChurch(empty.adminToken);
    expect(again.csv).toBe(first.csv);
  });
});
