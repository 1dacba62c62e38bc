/**
 * Adding, changing and removing members: one transaction each, with the church's member count,
 * the e-mail claim (one member per address in a church), the family's member-set version and the
 * names on the member's group roles. A new or changed e-mail address gets an invitation to sign up.
 *
 * No oracle for a family user: an address another member already has is not refused (that would
 * tell the family the address is in the church, whoever may see it); the member is saved with the
 * address held (`pendingEmail`), which an administrator sees marked and settles, and the answer is
 * the same as for any address: without the invitation's outcome, which only administrators are told.
 * A member of another family, of a family left out of the directory, or no member at all: the
 * same "not found" (families.ts, `familyToChange`).
 */
import { MEMBER_FIELDS } from '../contract/directory';
import { valuesOf, type RecordOf } from '../contract/entity';
import { count } from '../platform/metrics';
import type { Member } from '../core/entities';
import { AppError, notFound } from '../core/errors';
import { FAMILY_NOT_FOUND } from './families';
import { FAMILY_FULL_MESSAGE, FAMILY_MEMBER_LIMIT } from '../core/churchLimits';
import { memberUnchanged, removeEmailClaim } from '../core/repos/conditions';
import { familyLeaveMarks } from '../groups/repos/groupMarks';
import type { InvitationResult } from '../contract/invitations';
import { inviteMember } from '../accounts/invitations';
import { readFamily, readFamilyItem, readMember, type MemberWithRoles } from './repos/directory';
import { createOnce, newRecordId } from '../core/once';
import { memberItem } from './repos/items';
import { newMember, roleMemberName } from './newRecords';
import { ItemType } from '../core/repos/table';
import { readmitAddress, removeUserFromDirectory, usersLinkedTo } from '../accounts/repos/users';
import { wordSteps } from './repos/find';
import { memberWords } from '../contract/searchWords';
import { CONCURRENT_WRITE, ConditionFailed, put, transact, type Step } from '../core/repos/transact';
import { groupLeaveCounts, roleRemovals, roleRenamed } from '../groups/repos/groups';
import { claimEmail, familyJoined, familyTouched, memberRemoval } from './repos/changes';
import { canEditFamily, type Viewer } from '../core/viewer';
import type { GetMemberResult } from '../contract/api';
import { readChurchPrivacy } from '../privacy/repos/privacy';
import { seesFamily, seesSettings } from '../privacy/visibility';
import { sightOf } from './sight';
import { auditStep, type AuditOptions } from '../audit/trail';
import { familySubject, memberChange } from './audited';
import { roleChange } from '../groups/audited';
import { accountUnlinked } from '../accounts/audited';
import { mustAllowFields, rulesFor } from './fieldRules';
import { churchOf } from './sight';
import { askMemberChange } from './requestChange';
import type { ChangeRequest } from './repos/changeRequests';
import { memberView } from './views';

/** An accepted add or update (contract/directory.ts); optional fields left out are null. */
type MemberInput = RecordOf<typeof MEMBER_FIELDS>;

/** What the church lets a family user change on its members (fieldRules.ts). */
async function memberRules(viewer: Viewer) {
  return (await churchOf(viewer)).rules.member;
}

export const MEMBER_NOT_FOUND = 'Member not found.';
export const EMAIL_TAKEN = 'A member with this email address already exists in your organization.';
export const MEMBER_CHANGED =
  'Someone else changed this member after you opened it. Reload the page to see their changes, then make yours again.';

const emailTaken = (error: unknown) => error instanceof AppError && error.message === EMAIL_TAKEN;

/** The member as saved when its address is taken: the address held, not claimed (see above). */
const heldAddress = (member: Member): Member => ({ ...member, email: null, pendingEmail: member.email });

/**
 * Saves `member` by the steps `stepsOf` gives for it; when its address is taken and the caller is
 * not an administrator, saves it again with the address held. Answers the member as saved.
 */
async function saveMember(
  viewer: Viewer,
  member: Member,
  stepsOf: (m: Member) => Step[] | Promise<Step[]>,
  otherwise: () => Error | Promise<Error>,
): Promise<Member> {
  try {
    await run(viewer.orgId, await stepsOf(member), otherwise);
    return member;
  } catch (error) {
    if (viewer.admin || !emailTaken(error)) throw error;
    const held = heldAddress(member);
    await run(viewer.orgId, await stepsOf(held), otherwise);
    return held;
  }
}

/**
 * An administrator who gives a member an address re-admits the account of that address that was
 * removed with its member (accounts/repos/users.ts): it may link itself to the member again. Only
 * an administrator's save does; a family user's never brings a removed person back.
 */
async function readmittedBy(viewer: Viewer, member: Member) {
  if (viewer.admin && member.email) await readmitAddress(viewer.orgId, member.email);
}

/** What a save answers of its invitation: the outcome for administrators, nothing for a family user (it would tell of the address). */
const invitationFor = (viewer: Viewer, invitation: InvitationResult | null) => (viewer.admin ? invitation : null);

/** Runs the steps; a failed claim is a taken e-mail, any other failed condition is `otherwise`. */
async function run(orgId: string, steps: Step[], otherwise: () => Error | Promise<Error>): Promise<void> {
  try {
    await transact(orgId, steps);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    const failed = steps[error.step]?.action;
    if (failed?.Put?.Item?.type === ItemType.memberEmail) throw new AppError('already-exists', EMAIL_TAKEN);
    throw await otherwise();
  }
}

/**
 * `invite: false`: a new address is not invited (an import whose administrator did not ask for
 * invitations); `changeRequestId`: the member's request the write applies (the audit trail names it).
 */
export interface MemberWriteOptions extends AuditOptions {
  invite?: boolean;
  /** The decision of the change request the write applies, in the same transaction (changeDecisions.ts). */
  decided?: Step;
}

/**
 * A saved member, and the invitation its new e-mail address got (or why not); null without a new
 * address. When the church approves changes first (`asks`), the member as it was and the request
 * its family user's edit became (null: it changed nothing).
 */
export interface SavedMember {
  member: Member;
  invitation: InvitationResult | null;
  asks?: boolean;
  asked?: ChangeRequest | null;
}

/** A new member; sent again with the same request key, the member the first attempt added. */
export async function addMember(
  viewer: Viewer,
  input: MemberInput & { familyId: string },
  requestKey: string | null = null,
  { invite = true }: MemberWriteOptions = {},
): Promise<SavedMember> {
  const memberId = newRecordId(viewer.orgId, 'member', requestKey);
  const { record: member, repeated } = await createOnce(
    requestKey,
    async () => {
      // The family with its members (one Query): the add needs its surname and how many it lists.
      // Another family's id is not found, as an unknown one is: the answer says nothing of it.
      if (!canEditFamily(viewer, input.familyId)) throw notFound(FAMILY_NOT_FOUND);
      const found = await readFamily(viewer.orgId, input.familyId);
      if (!found) throw notFound(FAMILY_NOT_FOUND);
      const { family } = found;
      if (found.members.length >= FAMILY_MEMBER_LIMIT) throw new AppError('failed-precondition', FAMILY_FULL_MESSAGE);
      if (!viewer.admin)
        mustAllowFields(viewer, await memberRules(viewer), MEMBER_FIELDS, null, valuesOf(MEMBER_FIELDS, input));
      const member = newMember(
        {
          memberId,
          familyId: family.familyId,
          orgId: viewer.orgId,
          ...valuesOf(MEMBER_FIELDS, input),
          surname: family.surname,
        },
        new Date().toISOString(),
      );
      return saveMember(
        viewer,
        member,
        (m) => [
          { action: put(memberItem(m), 'attribute_not_exists(PK)'), counts: { memberCount: 1 } },
          ...claimEmail(m),
          familyJoined(m),
          ...wordSteps(viewer.orgId, m.familyId, memberId, [], memberWords(m)),
          auditStep(viewer, familySubject(m), [memberChange(null, m)]),
        ],
        async () =>
          (await readFamilyItem(viewer.orgId, family.familyId))
            ? new AppError('aborted', CONCURRENT_WRITE)
            : notFound(FAMILY_NOT_FOUND),
      );
    },
    async () => (await readMember(viewer.orgId, memberId))?.member ?? null,
  );
  if (!repeated) count('MembersAdded');
  await readmittedBy(viewer, member);
  // Only once the member is saved (a mail that fails is logged, the save stands); a repeated
  // request tries again, since its first attempt may have stopped before the mail (the daily
  // limit per address keeps it from mailing twice).
  const invitation =
    invite && member.email ? await inviteMember(viewer.orgId, { email: member.email, name: member.name }) : null;
  return { member, invitation: invitationFor(viewer, invitation) };
}

/** The member with its roles, if the viewer may change it. */
async function memberToChange(viewer: Viewer, memberId: string): Promise<MemberWithRoles> {
  const found = await readMember(viewer.orgId, memberId);
  // Another family's member is not found, as an unknown one is: the answer says nothing of it.
  if (!found || !canEditFamily(viewer, found.member.familyId)) throw notFound(MEMBER_NOT_FOUND);
  return found;
}

export async function updateMember(
  viewer: Viewer,
  memberId: string,
  input: MemberInput & { version: number },
  { invite = true, decided, ...audit }: MemberWriteOptions = {},
): Promise<SavedMember> {
  const { member, roles } = await memberToChange(viewer, memberId);
  if (member.version !== input.version) throw new AppError('aborted', MEMBER_CHANGED);
  const { pendingEmail: _held, ...current } = member;
  const wanted: Member = {
    ...current,
    ...valuesOf(MEMBER_FIELDS, input),
    version: member.version + 1,
    updatedAt: new Date().toISOString(),
  };
  if (!viewer.admin) {
    const { rules } = await churchOf(viewer);
    mustAllowFields(viewer, rules.member, MEMBER_FIELDS, member, wanted);
    if (rules.approval)
      return { member, invitation: null, asks: true, asked: await askMemberChange(viewer, member, wanted) };
  }
  const unchanged = memberUnchanged(member);
  const memberName = roleMemberName(wanted);
  const stepsOf = (next: Member): Step[] => {
    const steps: Step[] = [
      { action: put(memberItem(next), unchanged.condition, unchanged.values) },
      ...wordSteps(viewer.orgId, member.familyId, memberId, memberWords(member), memberWords(next)),
    ];
    if (next.email !== member.email) {
      if (member.email) steps.push({ action: removeEmailClaim(member.orgId, member.email, member.memberId) });
      steps.push(...claimEmail(next));
    }
    for (const r of roles) {
      if (r.memberName !== memberName) steps.push(roleRenamed(r, memberName));
    }
    steps.push(auditStep(viewer, familySubject(member), [memberChange(member, next)], audit));
    if (decided) steps.push(decided);
    return steps;
  };
  const next = await saveMember(viewer, wanted, stepsOf, () => new AppError('aborted', MEMBER_CHANGED));
  await readmittedBy(viewer, next);
  const invitation =
    invite && next.email && next.email !== member.email
      ? await inviteMember(viewer.orgId, { email: next.email, name: next.name })
      : null;
  return { member: next, invitation: invitationFor(viewer, invitation) };
}

/** The member, its e-mail claim and its group roles, all or nothing; accounts linked to it are unlinked. */
export async function deleteMember(viewer: Viewer, memberId: string): Promise<Member> {
  const { member, roles } = await memberToChange(viewer, memberId);
  const users = await usersLinkedTo(viewer.orgId, [member.memberId]);
  await run(
    viewer.orgId,
    [
      memberRemoval(member),
      ...(member.email ? [{ action: removeEmailClaim(member.orgId, member.email, member.memberId) }] : []),
      ...roleRemovals(roles),
      ...(await groupLeaveCounts(viewer.orgId, roles)),
      ...users.map((u) => ({ action: removeUserFromDirectory(viewer.orgId, u.userId) })),
      ...wordSteps(viewer.orgId, member.familyId, member.memberId, memberWords(member), []),
      // The family's marks of the member's groups go with the roles (that update also touches the family).
      ...(roles.length ? familyLeaveMarks(roles) : [familyTouched(member)]),
      auditStep(viewer, familySubject(member), [
        memberChange(member, null),
        ...roles.map((r) => roleChange(r, null)),
        ...users.map(accountUnlinked),
      ]),
    ],
    () => new AppError('aborted', MEMBER_CHANGED),
  );
  return member;
}

/** One member (with the church's privacy item), as this viewer may see it; a member of an unlisted family is not found. */
export async function memberOf(viewer: Viewer, memberId: string): Promise<GetMemberResult> {
  const [found, church] = await Promise.all([readMember(viewer.orgId, memberId), readChurchPrivacy(viewer.orgId)]);
  if (!found) throw notFound(MEMBER_NOT_FOUND);
  const sight = await sightOf(viewer, church);
  if (!seesFamily(sight.audience, church, found.member.familyId)) throw notFound(MEMBER_NOT_FOUND);
  return {
    member: memberView(sight, found.member),
    canEdit: seesSettings(sight.audience, found.member.familyId),
    rules: rulesFor(viewer, church, found.member.familyId),
  };
}
