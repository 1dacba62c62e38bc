/**
 * A deleted group leaves the studies shared with it: each no longer names it, so "Shared with"
 * shows only groups that exist (its members already lost the study with their group marks). A
 * study shared with that group alone then reaches its author and administrators only, as a draft
 * does, until a writer shares it again.
 */
import { dropStudyGroup, studiesSharedWith } from './repos/studies';

export async function forgetStudyGroup(orgId: string, groupId: string): Promise<void> {
  const studies = await studiesSharedWith(orgId, groupId);
  await Promise.all(studies.map((study) => dropStudyGroup(study, groupId)));
}
