/**
 * A study one may change, and its deletion: kept apart from writing (studyWrites.ts), so the
 * delete's bundle holds neither the reference parser nor Markdown.
 */
import { STUDY_MESSAGES } from '../contract/studies';
import type { Study } from '../core/entities';
import { AppError, denied, notFound } from '../core/errors';
import { ConditionFailed, transact } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditStep, churchSubject } from '../audit/trail';
import { studyChange } from './audited';
import { editsStudy, readsStudy } from './sharing';
import { readStudy, studyRemovals } from './repos/studies';

/** The study if this viewer may change it: one they may not read is not found, one they only read is refused. */
export async function studyToChange(viewer: Viewer, studyId: string): Promise<Study> {
  const found = await readStudy(viewer.orgId, studyId);
  if (!found || !readsStudy(viewer, found.study)) throw notFound(STUDY_MESSAGES.notFound);
  if (!editsStudy(viewer, found.study)) throw denied(STUDY_MESSAGES.writers);
  return found.study;
}

export async function deleteStudy(viewer: Viewer, studyId: string): Promise<void> {
  const study = await studyToChange(viewer, studyId);
  try {
    await transact(viewer.orgId, [
      ...studyRemovals(study),
      auditStep(viewer, churchSubject(viewer.orgId), [studyChange(study, null)]),
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new AppError('aborted', STUDY_MESSAGES.changed);
    throw error;
  }
}
