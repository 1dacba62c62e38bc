/**
 * A study one may change, and its deletion (its files after it): kept apart from writing
 * (studyWrites.ts), so the delete's bundle holds neither the reference parser nor Markdown.
 */
import { STUDY_MESSAGES } from '../contract/studies';
import type { Study, StudySessions } from '../core/entities';
import { AppError, denied, notFound } from '../core/errors';
import { ConditionFailed, transact } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditStep, churchSubject } from '../audit/trail';
import { retireAttachments } from './attachments';
import { studyChange } from './audited';
import { editsStudy, readsStudy } from './sharing';
import { readStudy, studyRemovals } from './repos/studies';

/** The study and its sessions if this viewer may change it: one they may not read is not found, one they only read is refused. */
export async function studyToChange(
  viewer: Viewer,
  studyId: string,
): Promise<{ study: Study; sessions: StudySessions }> {
  const found = await readStudy(viewer.orgId, studyId);
  if (!found || !readsStudy(viewer, found.study)) throw notFound(STUDY_MESSAGES.notFound);
  if (!editsStudy(viewer, found.study)) throw denied(STUDY_MESSAGES.writers);
  return found;
}

/** Deletes the study, then (off the request path) its files. */
export async function deleteStudy(viewer: Viewer, studyId: string): Promise<void> {
  const { study, sessions } = await studyToChange(viewer, studyId);
  try {
    await transact(viewer.orgId, [
      ...studyRemovals(study),
      auditStep(viewer, churchSubject(viewer.orgId), [studyChange(study, null)]),
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new AppError('aborted', STUDY_MESSAGES.changed);
    throw error;
  }
  await retireAttachments(viewer.orgId, sessions.sessions, []);
}
