/**
 * Changing a Bible study: by the one who may (studyChanges.ts), over the version they read, saved
 * as a new study is (studyWrites.ts); then the files it no longer holds go to the photo clean-up
 * job. Its own module, so that adding a study starts no job and holds no grant to.
 */
import { STUDY_MESSAGES, type SavedStudyResult, type UpdateStudyInput } from '../contract/studies';
import { AppError } from '../core/errors';
import type { Viewer } from '../core/viewer';
import { retireAttachments } from './attachments';
import { studyToChange } from './studyChanges';
import { saveStudy } from './studyWrites';

export async function updateStudy(viewer: Viewer, studyId: string, input: UpdateStudyInput): Promise<SavedStudyResult> {
  const before = await studyToChange(viewer, studyId);
  if (before.study.version !== input.version) throw new AppError('aborted', STUDY_MESSAGES.changed);
  const saved = await saveStudy(viewer, input, before);
  await retireAttachments(viewer.orgId, before.sessions.sessions, saved.sessions);
  return saved.result;
}
