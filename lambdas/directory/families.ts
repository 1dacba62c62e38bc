/**
 * Adding, changing and removing families (changes and removals by an admin, or by the family
 * user for their own family): every change is one transaction with the organisation's counts;
 * updates carry a version.
 */
import { FAMILY_FIELDS, MESSAGES } from '../contract/directory';
import { valuesOf, type RecordOf } from '../contract/entity';
import { count } from '../platform/metrics';
import type { Family } from '../core/entities';
import { AppError, denied, invalid, notFound } from '../core/errors';
import { readFamily, readFamilyItem, readRolesOf, type FamilyWithMembers } from './repos/directory';
import { groupLeaveCounts, roleRemovals, roleRenamed } from '../groups/repos/groups';
import { familyRemoval, memberRemoval, memberSurnamed } from './repos/changes';
import { readChurchPrivacy, unlistedRemoval } from '../privacy/repos/privacy';
import { familyItem } from './repos/items';
import { newFamily, roleMemberName } from './newRecords';
import { removeUserFromDirectory, usersLinkedTo } from '../accounts/repos/users';
import { ConditionFailed, put, transact, type Step } from '../core/repos/transact';
import { wordSteps } from './repos/find';
import { familyWords, memberWords } from '../contract/searchWords';
import { removeEmailClaim, unchangedSince } from '../core/repos/conditions';
import { createOnce, newRecordId } from '../core/once';
import { retirePhoto } from '../photos/photo-retiring';
import { takeNewPhoto, type TakenPhoto } from '../photos/photo-taking';
import { canEditFamily, type Viewer } from '../core/viewer';
import type { GetFamilyResult } from '../contract/api';
import { seesFamily } from '../privacy/visibility';
import { churchOf, sightOf } from './sight';
import { familyView } from './views';
import { auditStep, type AuditOptions } from '../audit/trail';
import { familyChange, familySubject, memberChange } from './audited';
import { accountUnlinked } from '../accounts/audited';
import { mustAllowFields } from './fieldRules';
import { rulesFor } from './fieldRules';
import { askFamilyChange } from './requestChange';
import type { ChangeRequest } from './repos/changeRequests';
import type { PixelSize } from '../core/entities';
import { familyRequests } from './changeViews';
import { roleChange } from '../groups/audited';
import { startLocating } from '../map/startLocating';

export const FAMILY_NOT_FOUND = 'Family not found.';
export const FAMILY_CHANGED =
  'Someone else changed this family after you opened it. Reload the page to see their changes, then make yours again.';

/** The family with its members, if the viewer may change it. */
export async function familyToChange(viewer: Viewer, familyId: string): Promise<FamilyWithMembers> {
  // Another family's id (listed or not) is not found, as an unknown one is: the answer says nothing of it.
  if (!canEditFamily(viewer, familyId)) throw notFound(FAMILY_NOT_FOUND);
  const found = await readFamily(viewer.orgId, familyId);
  if (!found) throw notFound(FAMILY_NOT_FOUND);
  return found;
}

/** An accepted add or update (contract/directory.ts); optional fields left out are null. */
type FamilyInput = RecordOf<typeof FAMILY_FIELDS>;

const fields = (input: FamilyInput) => valuesOf(FAMILY_FIELDS, input);

/** The id an add with this request key gives its family (once.ts). */
const newFamilyId = (orgId: string, requestKey: string | null) => newRecordId(orgId, 'family', requestKey);

/**
 * The family a photo upload is granted for: one the viewer may change, or (admins only) the family
 * that the add sent with the same request key will create, so that add, and no other family, may
 * take the photo.
 */
export async function familyForPhoto(
  viewer: Viewer,
  familyId: string | undefined,
  requestKey: string | null,
): Promise<string> {
  if (familyId) return (await familyToChange(viewer, familyId)).family.familyId;
  if (!viewer.admin) throw denied('Only administrators can add families.');
  if (!requestKey) throw invalid(MESSAGES.photoNewFamily);
  return newFamilyId(viewer.orgId, requestKey);
}

/** The family with its photo's size: that of a photo just taken, the stored one's when kept, none without a photo. */
function withPhotoSize(family: Family, taken: Pick<TakenPhoto, 'size'> | null, kept: Family | null): Family {
  const { photoSize: _old, ...rest } = family;
  const size = taken ? taken.size : family.photo && kept?.photo === family.photo ? kept.photoSize : undefined;
  return size ? { ...rest, photoSize: size } : rest;
}

/** A new family; sent again with the same request key, the family the first attempt added. */
export async function addFamily(viewer: Viewer, input: FamilyInput, requestKey: string | null = null): Promise<Family> {
  const fresh = newFamily(
    { familyId: newFamilyId(viewer.orgId, requestKey), orgId: viewer.orgId, ...fields(input) },
    new Date().toISOString(),
  );
  const { record, repeated } = await createOnce(
    requestKey,
    async () => {
      const taken = await takeNewPhoto(viewer.orgId, fresh.familyId, input.photo, null);
      const family = withPhotoSize(fresh, taken, null);
      await transact(viewer.orgId, [
        { action: put(familyItem(family), 'attribute_not_exists(PK)'), counts: { familyCount: 1 } },
        ...(taken ? [taken.step] : []),
        ...wordSteps(viewer.orgId, family.familyId, family.familyId, [], familyWords(family)),
        auditStep(viewer, familySubject(family), [familyChange(null, family)]),
      ]);
      return family;
    },
    () => readFamilyItem(viewer.orgId, fresh.familyId),
  );
  if (!repeated) {
    count('FamiliesAdded');
    await startLocating(record);
  }
  return record;
}

/** How a write applies a family's change request (changeDecisions.ts). */
export interface AppliedRequest extends AuditOptions {
  /** The request's decision, written in the same transaction. */
  decided?: Step;
  /** The size of a new photo the request took from the photo pipeline when it was asked. */
  askedPhotoSize?: PixelSize;
}

/**
 * A family saved (`asks` false), or, when the church approves changes first, the family as it was
 * and the request its family user's edit became (null: the edit changed nothing).
 */
export interface SavedFamily {
  family: Family;
  asks: boolean;
  asked: ChangeRequest | null;
}

/** An update's photo left out (undefined) keeps the stored one. */
export async function updateFamily(
  viewer: Viewer,
  familyId: string,
  input: Omit<FamilyInput, 'photo'> & { photo?: string | null; version: number },
  applied: AppliedRequest = {},
): Promise<SavedFamily> {
  const { family, members } = await familyToChange(viewer, familyId);
  if (family.version !== input.version) throw new AppError('aborted', FAMILY_CHANGED);
  const photo = input.photo === undefined ? (family.photo ?? null) : input.photo;
  // A photo a request took when it was asked is no longer the pipeline's: not taken again.
  const asked = photo && photo !== family.photo && applied.askedPhotoSize ? { size: applied.askedPhotoSize } : null;
  const taken = asked ? null : await takeNewPhoto(viewer.orgId, familyId, photo, family.photo ?? null);

  const next = withPhotoSize(
    {
      ...family,
      ...fields({ ...input, photo }),
      version: family.version + 1,
      updatedAt: new Date().toISOString(),
    },
    taken ?? asked,
    family,
  );
  if (!viewer.admin) {
    const { rules } = await churchOf(viewer);
    mustAllowFields(viewer, rules.family, FAMILY_FIELDS, family, next);
    if (rules.approval) return { family, asks: true, asked: await askFamilyChange(viewer, family, next, taken) };
  }
  const { condition, values } = unchangedSince(family, 'membersVersion');
  const steps: Step[] = [
    { action: put(familyItem(next), condition, values) },
    ...(taken ? [taken.step] : []),
    ...wordSteps(viewer.orgId, familyId, familyId, familyWords(family), familyWords(next)),
  ];
  // The surname lives on members (sorting, display, their place in the directory's order) and on their roles' names: renamed together.
  if (next.surname !== family.surname) {
    for (const m of members) {
      steps.push(memberSurnamed(m, next.surname));
    }
    for (const role of await readRolesOf(
      viewer.orgId,
      members.map((m) => m.memberId),
    )) {
      const member = members.find((m) => m.memberId === role.memberId)!;
      const memberName = roleMemberName({ name: member.name, surname: next.surname });
      steps.push(roleRenamed(role, memberName));
    }
  }
  steps.push(auditStep(viewer, familySubject(next), [familyChange(family, next)], applied));
  if (applied.decided) steps.push(applied.decided);
  await transactOrConflict(viewer.orgId, steps);
  if (family.photo !== next.photo) await retirePhoto(viewer.orgId, familyId, family.photo ?? null);
  await startLocating(next);
  return { family: next, asks: false, asked: null };
}

/** The family, its members, their e-mail claims, their group roles and its unlisted mark, all or nothing, its accounts unlinked; then its photo (off the request path). */
export async function deleteFamily(viewer: Viewer, familyId: string): Promise<Family> {
  const { family, members } = await familyToChange(viewer, familyId);
  const memberIds = members.map((m) => m.memberId);
  const [roles, users, church] = await Promise.all([
    readRolesOf(viewer.orgId, memberIds),
    usersLinkedTo(viewer.orgId, memberIds, familyId),
    readChurchPrivacy(viewer.orgId),
  ]);
  // The family goes last: should a very large family need several transactions and one fail,
  // what is left is the family with some members (deleting again finishes), never orphans.
  const steps: Step[] = [
    ...roleRemovals(roles),
    ...(await groupLeaveCounts(viewer.orgId, roles)),
    ...members.flatMap((m) => [
      memberRemoval(m),
      ...(m.email ? [{ action: removeEmailClaim(m.orgId, m.email, m.memberId) }] : []),
      ...wordSteps(viewer.orgId, familyId, m.memberId, memberWords(m), []),
    ]),
    ...wordSteps(viewer.orgId, familyId, familyId, familyWords(family), []),
    ...users.map((u) => ({ action: removeUserFromDirectory(viewer.orgId, u.userId) })),
    // A family left out of the directory leaves the church's list of them too.
    ...(church.unlisted.has(familyId) ? [unlistedRemoval(viewer.orgId, familyId)] : []),
    familyRemoval(viewer.orgId, familyId, unchangedSince(family, 'membersVersion')),
    auditStep(viewer, familySubject(family), [
      familyChange(family, null),
      ...members.map((m) => memberChange(m, null)),
      ...roles.map((r) => roleChange(r, null)),
      ...users.map(accountUnlinked),
    ]),
  ];
  await transactOrConflict(viewer.orgId, steps);
  await retirePhoto(viewer.orgId, familyId, family.photo ?? null);
  return family;
}

/** Any failed condition here means the data moved under us: say so plainly, change nothing. */
async function transactOrConflict(orgId: string, steps: Step[]): Promise<void> {
  try {
    await transact(orgId, steps);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new AppError('aborted', FAMILY_CHANGED);
    throw error;
  }
}

/**
 * One family with its members (one Query; the church's privacy item came with the caller's record), as this viewer may
 * see it. Another church's id, and a family left out of the directory, are simply not found.
 */
export async function familyOf(viewer: Viewer, familyId: string): Promise<GetFamilyResult> {
  const [found, church, requests] = await Promise.all([
    readFamily(viewer.orgId, familyId),
    churchOf(viewer),
    familyRequests(viewer, familyId),
  ]);
  if (!found) throw notFound(FAMILY_NOT_FOUND);
  const sight = await sightOf(viewer, church);
  if (!seesFamily(sight.audience, church, found.family.familyId)) throw notFound(FAMILY_NOT_FOUND);
  return {
    family: await familyView(sight, found.family, found.members),
    rules: rulesFor(viewer, church, familyId),
    requests,
  };
}
