/** What the group pages say: empty states, confirmations, errors. */
import { isApiError } from '../../lib/api';

export const GROUP_TEXTS = {
  loadFailed: 'Failed to load group data.',
  orgMissing: 'Organization details missing...',
  emptyAdmin: "No groups created yet. Use the 'Create Group' button to get started.",
  emptyOther: 'No groups have been added for this organization yet.',
  emptyGroup: 'No members in this group.',
  cannotAddRole: 'Cannot add role due to missing data or permissions.',
  foundAllIn: 'Everyone found is already in this group',
  searchFailed: 'Members could not be searched. Please try again.',
  groupNotFound: 'Group not found. It may have been deleted.',
  moreMembers: 'More members',
  loadingMore: 'Loading more members...',
} as const;

/** "No members", "1 member", "1,204 members". */
export const memberCountText = (count: number) =>
  count === 0 ? 'No members' : `${count.toLocaleString('en-US')} ${count === 1 ? 'member' : 'members'}`;

const reason = (error: unknown) =>
  isApiError(error) && error.message
    ? error.message
    : error instanceof Error && error.message
      ? error.message
      : 'Network/Function error';

export const groupDeleteErrorText = (error: unknown) => `Failed to delete group: ${reason(error)}`;
export const roleDeleteErrorText = (error: unknown) => `Failed to delete role: ${reason(error)}`;
export function roleAddErrorText(error: unknown): string {
  if (isApiError(error) && error.code === 'permission-denied') return GROUP_TEXTS.cannotAddRole;
  return `Failed to add member: ${reason(error)}`;
}

/** Deleting a group or a role needs the browser's confirmation. */
export const confirmGroupDelete = (name: string) => window.confirm(`Delete group "${name}" and all its roles?`);
export const confirmRoleDelete = (name: string, group: string) =>
  window.confirm(`Remove ${name} from the group "${group}"?`);

/** What a failed group creation says. */
export function addGroupErrorText(error: unknown): string {
  if (isApiError(error)) {
    switch (error.code) {
      case 'permission-denied':
        return 'You do not have permission to create groups.';
      case 'already-exists':
        return 'A group with this name already exists in your organization.';
      case 'invalid-argument':
        return 'Invalid data provided (e.g., group name empty).';
      case 'unauthenticated':
        return 'You must be logged in to add a group.';
      default:
        return `Server error: ${error.message} (code: ${error.code})`;
    }
  }
  return 'An unexpected error occurred.';
}

/** Redirect 2 s after a group is created. */
export const GROUP_REDIRECT_MS = 2000;
