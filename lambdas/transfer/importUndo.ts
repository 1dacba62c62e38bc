/**
 * Undoing the church's last import (issue 31, part 3), while what it wrote is unchanged since.
 * Right after each page is written, the families it touched are read back and their versions kept
 * (`writtenStates`: the family's version and members version, each member's version and roles
 * version; every write to a family, a member, their privacy or their groups moves one of them).
 * The undo reads them again: if any family changed or went since, nothing is undone and the
 * administrator is told how many. Otherwise the church's own use cases take the import back:
 * each family it created is deleted (deleteFamily: members, addresses, roles, words, counts), each
 * family it changed gets back what it had (roles and members it added removed, members' and the
 * family's values and privacy as before), and each group it created, once empty, is deleted.
 */
import { AppError } from '../core/errors';
import { mapLimit } from '../platform/limit';
import { deleteFamily, updateFamily } from '../directory/families';
import { deleteMember, updateMember } from '../directory/members';
import { readFamily, type FamilyWithMembers } from '../directory/repos/directory';
import { deleteGroup, deleteRole } from '../groups/groups';
import { readGroup } from '../groups/repos/groups';
import { setFamilyPrivacy } from '../privacy/privacy';
import { importer, type ApplyOptions } from './importApply';
import type { Viewer } from '../core/viewer';
import type { FamilyUpdate, ImportPlan } from './importPlan';

/** Families read or undone side by side. */
const AT_ONCE = 8;

/** A family as the import left it: the versions every later change moves. */
export interface WrittenFamily {
  familyId: string;
  version: number;
  membersVersion: number;
  /** Member id → [version, roles version]. */
  members: Record<string, [number, number]>;
}

const stateOf = ({ family, members }: FamilyWithMembers): WrittenFamily => ({
  familyId: family.familyId,
  version: family.version,
  membersVersion: family.membersVersion ?? 0,
  members: Object.fromEntries(members.map((m) => [m.memberId, [m.version, m.rolesVersion ?? 0]])),
});

/** These families as they are now (one Query each); a family that is gone has no entry. */
export async function writtenStates(orgId: string, familyIds: readonly string[]): Promise<WrittenFamily[]> {
  const read = await mapLimit(familyIds, AT_ONCE, (id) => readFamily(orgId, id));
  return read.filter((f): f is FamilyWithMembers => f !== null).map(stateOf);
}

/** How many of the families the import wrote changed or went since. */
export async function changedSince(orgId: string, written: readonly WrittenFamily[]): Promise<number> {
  const now = new Map(
    (
      await writtenStates(
        orgId,
        written.map((w) => w.familyId),
      )
    ).map((w) => [w.familyId, w]),
  );
  return written.filter((w) => JSON.stringify(now.get(w.familyId)) !== JSON.stringify(w)).length;
}

/** A step of an undo that finds its record already as the undo wants it (a task run again) is passed over. */
async function unlessGone(step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof AppError && error.status === 404)) throw error;
  }
}

/** A changed family put back as it was, each write checking the version it reads now. */
async function restore(viewer: Viewer, u: FamilyUpdate): Promise<void> {
  const { orgId } = viewer;
  for (const r of u.roles) await unlessGone(() => deleteRole(viewer, r.groupId, r.memberId));
  for (const { member } of u.added) await unlessGone(() => deleteMember(viewer, member.memberId));
  const found = await readFamily(orgId, u.familyId);
  if (!found) return;
  const versions = new Map(found.members.map((m) => [m.memberId, m.version]));
  for (const m of u.changed) {
    const before = u.before.members.find((b) => b.memberId === m.memberId);
    const version = versions.get(m.memberId);
    if (before && version !== undefined)
      await updateMember(viewer, m.memberId, { ...before.fields, version }, { invite: false });
  }
  if (u.privacy)
    await setFamilyPrivacy(viewer, u.familyId, {
      unlisted: !u.before.listed,
      approximateLocation: u.before.approximate,
      family: u.before.privacy,
      members: Object.fromEntries(
        u.before.members.filter((b) => versions.has(b.memberId)).map((b) => [b.memberId, b.privacy]),
      ),
    });
  if (u.family) {
    const family = (await readFamily(orgId, u.familyId))!.family;
    await updateFamily(viewer, u.familyId, { ...u.before.fields, version: family.version });
  }
}

/** Takes the import back; the caller has checked that nothing it wrote changed since. */
export async function undoPlan(orgId: string, plan: ImportPlan, options: ApplyOptions): Promise<void> {
  const viewer = importer(orgId, options, 'undoImport');
  await mapLimit(plan.create, AT_ONCE, (c) => unlessGone(() => deleteFamily(viewer, c.family.familyId)));
  await mapLimit(plan.update, AT_ONCE, (u) => restore(viewer, u));
  for (const group of plan.groups) {
    const found = await readGroup(orgId, group.groupId);
    if (found && !found.roles.length) await unlessGone(() => deleteGroup(viewer, group.groupId));
  }
}
