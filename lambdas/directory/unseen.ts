/**
 * What a viewer's counts leave out: the families left out of the directory that the viewer may not
 * see (all but its own; none for an administrator), their members, and those members' places in
 * groups. The counts a member sees (the dashboard's families and members, a group's members) are
 * the church's counts less these, so a count says nothing of a hidden family. One Query per such
 * family, only when the church has any (a church leaves out a few families, if any).
 */
import type { ChurchPrivacy } from '../core/entities';
import type { Viewer } from '../core/viewer';
import { readFamily } from './repos/directory';

export interface Unseen {
  families: number;
  members: number;
  /** Members of hidden families per group, from their families' group marks. */
  inGroup: (groupId: string) => number;
}

const NONE: Unseen = { families: 0, members: 0, inGroup: () => 0 };

export async function unseenBy(viewer: Viewer, church: ChurchPrivacy): Promise<Unseen> {
  if (viewer.admin) return NONE;
  const ids = [...church.unlisted].filter((id) => id !== viewer.familyId);
  if (!ids.length) return NONE;
  const found = (await Promise.all(ids.map((id) => readFamily(viewer.orgId, id)))).filter((f) => f !== null);
  const inGroups = new Map<string, number>();
  for (const { family } of found)
    for (const mark of family.memberGroups ?? []) {
      const groupId = mark.slice(0, mark.lastIndexOf('#'));
      inGroups.set(groupId, (inGroups.get(groupId) ?? 0) + 1);
    }
  return {
    families: found.length,
    members: found.reduce((n, f) => n + f.members.length, 0),
    inGroup: (groupId) => inGroups.get(groupId) ?? 0,
  };
}
