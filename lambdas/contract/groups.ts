/**
 * Groups and their member roles (name at most 100 characters, role label at most 50): one set of
 * rules for the /groups pages and the handlers.
 */
import * as z from 'zod/mini';
import { Id, MESSAGES } from './directory';
import { cleanText, LIMITS, requiredText } from './fields';

export const GROUP_MESSAGES = {
  nameRequired: 'Group Name cannot be empty.',
  nameTaken: 'A group with this name already exists in your organization.',
  memberRequired: 'Please select a member to add.',
  groupMissing: 'Selected group information is missing.',
  memberMissing: 'Could not find selected member details.',
  alreadyInGroup: 'This member is already in the group.',
  labelTooLong: `The role label can be at most ${LIMITS.roleLabel} characters.`,
  groupNotFound: 'Group not found.',
  roleNotFound: 'This member is not in the group.',
} as const;

export const AddGroupInput = z.object({ groupName: requiredText(LIMITS.groupName, GROUP_MESSAGES.nameRequired) });
export type AddGroupInput = z.output<typeof AddGroupInput>;

/** The chosen member (required) and an optional label: trimmed, '' and null mean none. */
export const AddRoleInput = z.object({
  memberId: z
    .string({ error: GROUP_MESSAGES.memberRequired })
    .check(
      z.trim(),
      z.minLength(1, GROUP_MESSAGES.memberRequired),
      z.regex(/^[A-Za-z0-9_-]{1,64}$/, GROUP_MESSAGES.memberMissing),
    ),
  label: z.pipe(
    z.optional(
      z.nullable(
        z
          .string({ error: MESSAGES.badId })
          .check(cleanText(), z.maxLength(LIMITS.roleLabel, GROUP_MESSAGES.labelTooLong)),
      ),
    ),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  ),
});
export type AddRoleInput = z.output<typeof AddRoleInput>;

export const GroupParams = z.object({ groupId: Id });

/** A place in a group's members, as a page of them names the next one (groups/repos/groups.ts): the name's sort key, then the member's id. */
const ROLE_PLACE = /^[\p{L}\p{N}]*#[A-Za-z0-9_-]{1,64}$/u;

const BAD_PLACE = "That place in the group's members is not one the page gave.";

/** A page of a group's members: after a place a page gave; none is the first page. */
export const GetGroupQuery = z.object({
  after: z.optional(z.string().check(z.maxLength(300, BAD_PLACE), z.regex(ROLE_PLACE, BAD_PLACE))),
});
export const RoleParams = z.object({ groupId: Id, memberId: Id });

/** What a role whose member has no name shows. */
export const UNKNOWN_MEMBER = 'Unknown Member';
