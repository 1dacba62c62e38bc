/**
 * Random sequences often end with a thin church (few members, nobody sharing a group), where the
 * viewers' check would have little to look at. Before the end-of-sequence checks the church gets a
 * cast, generated with the sequence, through the API with the model following: a member for each
 * of up to three families that have none, two families sharing a group, and one family's choices.
 */
import fc from 'fast-check';
import type { AddGroupResult, SavedResult } from '../../../lambdas/contract/api';
import { call } from '../api';
import { membersOf, pick, type ChurchModel, type Real } from './church';
import { expectStatus } from './picture';
import { familyChoices, setFamilyPrivacy } from './privacy-commands';
import { freshEmail, freshGroupName, memberFields } from './values';
import { note } from './viewers';

export const viewerCast = fc.record({
  pick: fc.nat(),
  members: fc.tuple(memberFields, memberFields, memberFields),
  choices: familyChoices,
});
export type ViewerCast = typeof viewerCast extends fc.Arbitrary<infer T> ? T : never;

async function addMembers(m: ChurchModel, r: Real, cast: ViewerCast): Promise<void> {
  const peopled = new Set([...m.members.values()].map((x) => x.familyId)).size;
  const empty = [...m.families.values()].filter((f) => !membersOf(m, f.familyId).length);
  for (const [i, family] of empty.slice(0, Math.max(0, 3 - peopled)).entries()) {
    const body = { familyId: family.familyId, ...cast.members[i]!, email: freshEmail() };
    const answer = expectStatus(await call<SavedResult>('addMember', { token: r.church.adminToken, body }), 200);
    m.members.set(answer.body.id, { memberId: answer.body.id, ...body, version: answer.body.version });
    note(r, 'viewers: a member added');
  }
}

/** One member of each of two families in a group, unless some group already holds two families. */
async function shareAGroup(m: ChurchModel, r: Real): Promise<void> {
  const families = (memberIds: Iterable<string>) => new Set([...memberIds].map((id) => m.members.get(id)!.familyId));
  const firsts = [...new Map([...m.members.values()].map((x) => [x.familyId, x])).values()].slice(0, 2);
  if (firsts.length < 2 || [...m.groups.values()].some((g) => families(g.roles.keys()).size > 1)) return;
  const token = r.church.adminToken;
  if (!m.groups.size) {
    const groupName = freshGroupName();
    const { groupId } = expectStatus(await call<AddGroupResult>('addGroup', { token, body: { groupName } }), 200).body;
    m.groups.set(groupId, { groupId, groupName, roles: new Map() });
  }
  const group = [...m.groups.values()][0]!;
  for (const { memberId } of firsts.filter((x) => !group.roles.has(x.memberId))) {
    const answer = await call('addRole', {
      token,
      params: { groupId: group.groupId },
      body: { memberId, label: null },
    });
    expectStatus(answer, 200);
    group.roles.set(memberId, null);
  }
  note(r, 'viewers: two families put in a group');
}

export async function castForViewers(m: ChurchModel, r: Real, cast: ViewerCast): Promise<void> {
  await addMembers(m, r, cast);
  await shareAGroup(m, r);
  const peopled = [...m.families.values()].filter((f) => membersOf(m, f.familyId).length);
  if (peopled.length) await setFamilyPrivacy(m, pick(peopled, cast.pick), r.church.adminToken, cast.choices);
}
