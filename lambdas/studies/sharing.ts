/**
 * Who reads and who writes a Bible study. Administrators read and change every study; a group's
 * leaders write studies, kept as drafts or shared with the groups they lead, and change their own;
 * a member reads the studies shared with the whole church and with the groups they are in. A draft
 * is its author's and the administrators' alone. The groups a viewer is in and leads came with the
 * request's admission (its member's marks), so deciding costs no read.
 */
import { STUDY_MESSAGES, type StudyInput } from '../contract/studies';
import type { Group, Study } from '../core/entities';
import { denied, invalid } from '../core/errors';
import type { Viewer } from '../core/viewer';

const isAuthor = (viewer: Viewer, study: Pick<Study, 'authorUserId'>) =>
  viewer.actor?.userId !== undefined && study.authorUserId === viewer.actor.userId;

/** Leads a group: writes studies for it. */
export const writesStudies = (viewer: Viewer) => viewer.admin || (viewer.leads?.size ?? 0) > 0;

export function readsStudy(viewer: Viewer, study: Study): boolean {
  if (viewer.admin || isAuthor(viewer, study)) return true;
  if (study.sharing === 'church') return true;
  return study.sharing === 'groups' && study.groups.some((g) => viewer.groupIds?.has(g.groupId));
}

/** Changes it: an administrator, or its author while they still lead a group. */
export const editsStudy = (viewer: Viewer, study: Study) =>
  viewer.admin || (isAuthor(viewer, study) && writesStudies(viewer));

/** The groups the viewer may share a study with: every group for an administrator, the ones a leader leads. */
export const sharesWith = (viewer: Viewer, groups: readonly Group[]) =>
  viewer.admin ? groups : groups.filter((g) => viewer.leads?.has(g.groupId));

/** The groups a study is shared with, as the viewer may share it; refused with the reason otherwise. */
export function sharedGroups(viewer: Viewer, input: StudyInput, groups: readonly Group[]): Study['groups'] {
  if (!writesStudies(viewer)) throw denied(STUDY_MESSAGES.writers);
  if (input.sharing === 'church' && !viewer.admin) throw denied(STUDY_MESSAGES.churchByAdmins);
  if (input.sharing !== 'groups') return [];
  const ids = [...new Set(input.groupIds ?? [])];
  if (ids.length === 0) throw invalid(STUDY_MESSAGES.groups);
  const chosen = ids.map((id) => groups.find((g) => g.groupId === id));
  // Another church's group, or none, is as unknown as any id; a group the leader does not lead is theirs to ask for.
  if (chosen.some((g) => !g)) throw invalid(STUDY_MESSAGES.groups);
  if (!viewer.admin && chosen.some((g) => !viewer.leads?.has(g!.groupId))) throw denied(STUDY_MESSAGES.notYourGroup);
  return chosen.map((g) => ({ groupId: g!.groupId, groupName: g!.groupName }));
}
