/**
 * After a sequence: every read the directory offers (family list, each family's and member's page,
 * the dashboard of each month with data, groups), as several viewers: the administrator, an
 * account linked to a member in a group, one linked to a member of a family in no group, and one
 * linked to nobody (which the church does not list: refused every read). Each answer must equal the
 * model's view for that viewer (viewer-views.ts), and no value hidden from it may appear anywhere.
 */
import { expect } from 'vitest';
import type {
  DashboardResult,
  GetFamilyResult,
  GetMemberResult,
  ListFamiliesResult,
} from '../../../lambdas/contract/api';
import { NOT_LISTED } from '../../../lambdas/contract/listing';
import { call, type Answer } from '../api';
import { groupsWithRoles } from '../groups';
import { createAccountIn } from '../fixtures';
import { pick, type ChurchModel, type MemberModel, type Real } from './church';
import { byKey, expectStatus, familyByIds, inOrder } from './picture';
import type { Looker } from './privacy-model';
import { OPEN_RULES } from '../../../lambdas/contract/changeRules';
import { expectedDashboard, expectedViews, monthsWithData, type Views } from './viewer-views';

interface Viewer {
  kind: string;
  looker: Looker;
  token: string;
}

/** An account linked to this member (or to nobody), added to the model as the API now holds it. */
async function accountFor(m: ChurchModel, r: Real, kind: string, member: MemberModel | null): Promise<Viewer> {
  const link = { familyId: member?.familyId ?? null, memberId: member?.memberId ?? null };
  const account = await createAccountIn(
    r.church.orgId,
    member ? { familyId: member.familyId, memberId: member.memberId } : {},
  );
  m.users.set(account.userId, { userId: account.userId, email: account.email, admin: false, ...link });
  return { kind, looker: { admin: false, ...link }, token: account.token };
}

/** Counted for the test's summary, so a kind of viewer that never gets checked shows. */
export const note = (r: Real, what: string) => r.outcomes.set(what, (r.outcomes.get(what) ?? 0) + 1);

async function viewersOf(m: ChurchModel, r: Real, p: number): Promise<Viewer[]> {
  const grouped = new Set([...m.groups.values()].flatMap((g) => [...g.roles.keys()]));
  const members = [...m.members.values()];
  const inGroup = members.filter((x) => grouped.has(x.memberId));
  const apart = members.filter((x) => !members.some((y) => y.familyId === x.familyId && grouped.has(y.memberId)));
  const admin = { kind: 'admin', looker: { admin: true, familyId: null, memberId: null }, token: r.church.adminToken };
  return [
    admin,
    ...(await Promise.all([
      ...(inGroup.length ? [accountFor(m, r, 'member in a group', pick(inGroup, p))] : []),
      ...(apart.length ? [accountFor(m, r, 'member of a family in no group', pick(apart, p))] : []),
      accountFor(m, r, 'account linked to nobody', null),
    ])),
  ];
}

/** Every read as this viewer, at once. */
async function readsOf(m: ChurchModel, token: string) {
  const months = monthsWithData(m);
  const [list, groups, families, members, dashboards] = await Promise.all([
    call<ListFamiliesResult>('listFamilies', { token }),
    groupsWithRoles(token),
    Promise.all(
      [...m.families.keys()].map((familyId) => call<GetFamilyResult>('getFamily', { token, params: { familyId } })),
    ),
    Promise.all(
      [...m.members.keys()].map((memberId) => call<GetMemberResult>('getMember', { token, params: { memberId } })),
    ),
    Promise.all(months.map((month) => call<DashboardResult>('getDashboard', { token, query: `month=${month}` }))),
  ]);
  return {
    list,
    groups,
    families,
    members,
    dashboards: dashboards.map((answer, i) => ({ month: months[i]!, answer })),
  };
}

/** A read of something the viewer may not see: not found, as for a record that does not exist. */
const expectNotFound = (answer: Answer<unknown>) => expectStatus(answer, 404, 'not-found');

type Reads = Awaited<ReturnType<typeof readsOf>>;

/** The family list, and each family's and member's page: the viewer's view, or not found. */
function expectDirectory(m: ChurchModel, viewer: Viewer, views: Views, reads: Reads) {
  const list = expectStatus(reads.list, 200).body;
  expect(list.canAddFamily).toBe(viewer.looker.admin);
  expect(list.families.map(familyByIds).sort(byKey((f) => f.familyId)), `${viewer.kind}: families`).toEqual(
    views.families,
  );

  const families = new Map(views.families.map((f) => [f.familyId, f]));
  [...m.families.keys()].forEach((familyId, i) => {
    const family = families.get(familyId);
    if (!family) expectNotFound(reads.families[i]!);
    else
      expect(familyByIds(expectStatus(reads.families[i]!, 200).body.family), `${viewer.kind}: family`).toEqual(family);
  });
  const members = new Map(views.families.flatMap((f) => f.members.map((x) => [x.memberId, { x, f }] as const)));
  [...m.members.keys()].forEach((memberId, i) => {
    const seen = members.get(memberId);
    if (!seen) expectNotFound(reads.members[i]!);
    else
      expect(expectStatus(reads.members[i]!, 200).body, `${viewer.kind}: member`).toEqual({
        member: seen.x,
        canEdit: seen.f.canEdit,
        // The church's rules (the model's church never sets them) for those who may change the family only.
        rules: seen.f.canEdit ? OPEN_RULES : null,
      });
  });
}

function expectDashboards(m: ChurchModel, viewer: Viewer, views: Views, reads: Reads) {
  const byDay = (list: { dayOfMonth: number }[]) => inOrder(list, (a, b) => a.dayOfMonth - b.dayOfMonth);
  for (const { month, answer } of reads.dashboards) {
    const dashboard = expectStatus(answer, 200).body;
    expect(byDay(dashboard.birthdays) && byDay(dashboard.anniversaries), `month ${month} by day`).toBe(true);
    // The counts are of what the viewer sees: no family left out of the directory, nor its members (issue 30).
    expect(dashboard.counts, `${viewer.kind}: counts`).toEqual({
      families: views.families.length,
      members: views.families.reduce((n, f) => n + f.members.length, 0),
      groups: m.groups.size,
      lessons: 0,
    });
    const seen = {
      birthdays: [...dashboard.birthdays].sort(byKey((b) => b.memberId)),
      anniversaries: dashboard.anniversaries
        .map(({ photoUrl, ...a }) => ({ ...a, hasPhoto: photoUrl !== null }))
        .sort(byKey((a) => a.familyId)),
    };
    expect(seen, `${viewer.kind}: dashboard of month ${month}`).toEqual(expectedDashboard(views, month));
  }
}

function expectGroups(viewer: Viewer, views: Views, reads: Reads) {
  const groups = expectStatus(reads.groups, 200).body;
  expect(groups.canManage).toBe(viewer.looker.admin);
  // No list of the church's members: the Add Member modal finds people by search.
  expect(groups).not.toHaveProperty('members');
  // A group's count is of the members the viewer sees in it.
  for (const g of groups.groups) expect(g.memberCount, `${viewer.kind}: ${g.groupName}'s count`).toBe(g.roles.length);
  const seen = groups.groups.map((g) => ({
    groupId: g.groupId,
    groupName: g.groupName,
    roles: g.roles.map(({ cDate: _cDate, ...role }) => role).sort(byKey((role) => role.memberId)),
  }));
  expect(seen.sort(byKey((g) => g.groupId)), `${viewer.kind}: groups`).toEqual(views.groups);
}

/** No unique value hidden from the viewer (an id, an e-mail, a photo key) is anywhere in what it received. */
const answersOf = (reads: Reads): Answer<unknown>[] => [
  reads.list,
  reads.groups,
  ...reads.families,
  ...reads.members,
  ...reads.dashboards.map((d) => d.answer),
];

function leaks(views: Views, reads: Reads): string[] {
  const received = JSON.stringify(answersOf(reads).map((a) => a.body)).toLowerCase();
  return views.secrets.filter((s) => received.includes(s.toLowerCase()));
}

/** An account linked to no member is not listed by the church: every read is refused, saying why. */
function expectRefused(reads: Reads) {
  for (const answer of answersOf(reads)) expect(expectStatus(answer, 403).body.error?.message).toBe(NOT_LISTED);
}

/** Each viewer's reads agree with the model's view for it, and leak nothing. `p` picks the members the accounts are linked to. */
export async function expectViewersSeeTheirShare(m: ChurchModel, r: Real, p: number): Promise<void> {
  for (const viewer of await viewersOf(m, r, p)) {
    const views = expectedViews(m, viewer.looker);
    const reads = await readsOf(m, viewer.token);
    expect(leaks(views, reads), `hidden from ${viewer.kind}, yet received`).toEqual([]);
    if (!viewer.looker.admin && !viewer.looker.memberId) expectRefused(reads);
    else {
      expectDirectory(m, viewer, views, reads);
      expectDashboards(m, viewer, views, reads);
      expectGroups(viewer, views, reads);
    }
    note(r, `viewer: ${viewer.kind}`);
  }
}
