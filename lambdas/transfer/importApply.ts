/**
 * An import's plan written to the church (importPlan.ts), by the church's own use cases, as an
 * administrator: its new groups by addGroup (their ids derived from the import, so a repeat finds
 * them), each new family whole in one transaction of the forms' items (directory/familyCreation.ts),
 * a few at a time, and each change to a family the church has by the forms' own writes
 * (updateFamily, addMember, updateMember, setFamilyPrivacy, addRole). What is already written (a
 * task that runs again) is passed over; a family the church refuses (a limit reached, an address
 * taken meanwhile) is said with its line, and the rest goes on. No write here mails: when the
 * administrator asked for invitations, the new members the church took are queued
 * (accounts/invitationQueue.ts), which sends them within the church's daily cap.
 */
import { AppError } from '../core/errors';
import { CONCURRENT_WRITE, ConditionFailed, transact } from '../core/repos/transact';
import { ItemType } from '../core/repos/table';
import type { Viewer } from '../core/viewer';
import { mapLimit } from '../platform/limit';
import { familyCreationSteps } from '../directory/familyCreation';
import { updateFamily } from '../directory/families';
import { addMember, updateMember } from '../directory/members';
import { addGroup, addRole } from '../groups/groups';
import { setFamilyPrivacy } from '../privacy/privacy';
import { GROUP_MESSAGES } from '../contract/groups';
import type { Group, Member } from '../core/entities';
import { groupKey, memberKey, type FamilyCreation, type FamilyUpdate } from './importPlan';

/** A new family's address claimed meanwhile by a member the plan did not see. */
const ADDRESS_TAKEN = 'one of its addresses was given to another member meanwhile.';

/** Families written side by side: each is one transaction of a few dozen items. */
const FAMILIES_AT_ONCE = 8;

export interface ApplyOptions {
  importId: string;
  /** The administrator who started it: the audit trail names them for its changes. */
  by?: ImportAuthor;
}

export interface ImportAuthor {
  userId: string;
  email: string;
}

/**
 * The administrator an import writes (or takes back) as: it sees and may change every family of
 * the church, and the audit trail names the one who started it, the import's id as the request.
 */
export const importer = (orgId: string, options?: ApplyOptions, operation = 'import'): Viewer => ({
  orgId,
  admin: true,
  familyId: null,
  memberId: null,
  user: null,
  actor: options?.by ? { ...options.by, operation, requestId: options.importId } : null,
});

export interface Refused {
  line: number;
  message: string;
}

const refusalOf = (line: number, error: unknown): Refused => {
  if (error instanceof AppError) return { line, message: `line ${line}: not imported: ${error.message}` };
  throw error;
};

/** The plan's new groups (a group whose name the church has by now is the church's). */
export async function createGroups(orgId: string, groups: readonly Group[], options: ApplyOptions): Promise<void> {
  const viewer = importer(orgId, options);
  for (const group of groups) {
    try {
      await addGroup(viewer, { groupName: group.groupName }, groupKey(options.importId, group.groupName));
    } catch (error) {
      if (!(error instanceof AppError && error.message === GROUP_MESSAGES.nameTaken)) throw error;
    }
  }
}

/** New families, a few at a time; those the church refuses, with their lines. */
export async function createFamilies(created: readonly FamilyCreation[], options?: ApplyOptions): Promise<Refused[]> {
  const refused: Refused[] = [];
  await mapLimit(created, FAMILIES_AT_ONCE, async (family) => {
    const steps = familyCreationSteps(family, importer(family.family.orgId, options));
    try {
      await transact(family.family.orgId, steps);
    } catch (error) {
      if (!(error instanceof ConditionFailed)) return void refused.push(refusalOf(family.line, error));
      // Its family item is there: this family was written by an earlier run of the task.
      if (error.step === 0) return;
      const taken = steps[error.step]?.action.Put?.Item?.type === ItemType.memberEmail;
      refused.push(refusalOf(family.line, new AppError('aborted', taken ? ADDRESS_TAKEN : CONCURRENT_WRITE)));
    }
  });
  return refused;
}

/** Changes to families the church has, each by the forms' writes. */
export async function updateFamilies(
  orgId: string,
  updates: readonly FamilyUpdate[],
  options: ApplyOptions,
): Promise<Refused[]> {
  const viewer = importer(orgId, options);
  const refused: Refused[] = [];
  const memberOptions = { invite: false };
  await mapLimit(updates, FAMILIES_AT_ONCE, async (u) => {
    try {
      if (u.family) await updateFamily(viewer, u.familyId, { ...u.family.fields, version: u.family.version });
      for (const { line, member } of u.added)
        await addMember(viewer, { ...member, familyId: u.familyId }, memberKey(options.importId, line), memberOptions);
      for (const m of u.changed)
        await updateMember(viewer, m.memberId, { ...m.fields, version: m.version }, memberOptions);
      if (u.privacy)
        await setFamilyPrivacy(viewer, u.familyId, {
          unlisted: !u.privacy.listed,
          approximateLocation: u.privacy.approximate,
          family: u.privacy.family,
          members: {
            ...u.privacy.members,
            ...Object.fromEntries(u.added.map(({ member }) => [member.memberId, member.privacy ?? {}])),
          },
        });
      for (const r of u.roles) await addRole(viewer, r.groupId, { memberId: r.memberId, label: r.label });
    } catch (error) {
      refused.push(refusalOf(u.line, error));
    }
  });
  return refused;
}

/** The new members of the families the church took (those refused left out): whom invitations are for. */
export function newMembers(
  creates: readonly FamilyCreation[],
  updates: readonly FamilyUpdate[],
  refused: readonly Refused[],
): Member[] {
  const left = new Set(refused.map((r) => r.line));
  return [
    ...creates.filter((c) => !left.has(c.line)).flatMap((c) => c.members),
    ...updates.filter((u) => !left.has(u.line)).flatMap((u) => u.added.map((a) => a.member)),
  ];
}
