/** What the group pages say: empty states, confirmations, errors. */
import { CANNOT_ADD_ROLE } from '../../lib/errorTexts';

export const GROUP_TEXTS = {
  loadFailed: 'Failed to load group data.',
  orgMissing: 'Organization details missing...',
  emptyAdmin: "No groups created yet. Use the 'Create Group' button to get started.",
  emptyOther: 'No groups have been added for this organization yet.',
  emptyGroup: 'No members in this group.',
  cannotAddRole: CANNOT_ADD_ROLE,
  foundAllIn: 'Everyone found is already in this group',
  searchFailed: 'Members could not be searched. Please try again.',
  groupNotFound: 'Group not found. It may have been deleted.',
  moreMembers: 'More members',
  loadingMore: 'Loading more members...',
  /** A member who leads the group: writes Bible studies for it. */
  leader: 'Leader',
} as const;

/** "No members", "1 member", "1,204 members". */
export const memberCountText = (count: number) =>
  count === 0 ? 'No members' : `${count.toLocaleString('en-US')} ${count === 1 ? 'member' : 'members'}`;

/** Deleting a group or a role needs the browser's confirmation. */
export const confirmGroupDelete = (name: string) => window.confirm(`Delete group "${name}" and all its roles?`);
export const confirmRoleDelete = (name: string, group: string) =>
  window.confirm(`Remove ${name} from the group "${group}"?`);

/** Redirect 2 s after a group is created. */
export const GROUP_REDIRECT_MS = 2000;
