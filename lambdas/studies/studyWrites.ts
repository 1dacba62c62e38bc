/**
 * Writing Bible studies: administrators and group leaders (sharing.ts). A study is its summary and
 * its sessions, written together with its entry in the audit trail and the taking of its new files
 * (attachments.ts); its references are read in full and its links checked first. A change is saved
 * the same way (studyUpdates.ts). Kept apart from the reads (studyReads.ts) and the delete
 * (studyChanges.ts), whose bundles need neither the reference parser nor Markdown.
 */
import { randomUUID } from 'node:crypto';
import { STUDY_LIMITS, STUDY_MESSAGES, type SavedStudyResult, type StudyInput } from '../contract/studies';
import type { StoredAttachment, Study, StudySessions } from '../core/entities';
import { AppError, denied, invalid } from '../core/errors';
import { ConditionFailed, transact } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditStep, churchSubject } from '../audit/trail';
import { takeAttachments } from './attachments';
import { studyChange } from './audited';
import { readMember } from '../directory/repos/directory';
import { readGroupList } from '../groups/repos/groups';
import { hasUnsafeLink } from './markdown';
import { normalisedReference } from './scripture';
import { sharedGroups, writesStudies } from './sharing';
import { studyWrites } from './repos/studies';

/** The sessions as kept: references normalised, every text checked, files as taken; refused with the first reason. */
function sessionsOf(input: StudyInput, files: ReadonlyMap<string, StoredAttachment>): StudySessions['sessions'] {
  const sessions = input.sessions.map((session) => ({
    title: session.title || null,
    date: session.date ?? null,
    items: session.items.map((item): StudySessions['sessions'][number]['items'][number] => {
      if (item.kind === 'scripture') {
        const reference = normalisedReference(item.reference);
        if (!reference) throw invalid(STUDY_MESSAGES.reference(item.reference));
        return { kind: item.kind, reference };
      }
      if (item.kind === 'attachment') return files.get(item.file)!;
      if (item.kind === 'text' && hasUnsafeLink(item.markdown)) throw invalid(STUDY_MESSAGES.link);
      return item;
    }),
  }));
  if (hasUnsafeLink(input.description ?? '')) throw invalid(STUDY_MESSAGES.link);
  if (JSON.stringify({ input, sessions }).length > STUDY_LIMITS.total) throw invalid(STUDY_MESSAGES.tooBig);
  return sessions;
}

/** The member's name the study is signed with (null for an administrator who is no member). */
async function authorName(viewer: Viewer): Promise<string | null> {
  if (!viewer.memberId) return null;
  const found = await readMember(viewer.orgId, viewer.memberId);
  return found ? `${found.member.name} ${found.member.surname}`.trim() : null;
}

/** The study saved, new (`was` null) or over the version read: what it answers, and the sessions it now keeps. */
export async function saveStudy(
  viewer: Viewer,
  input: StudyInput,
  was: { study: Study; sessions: StudySessions } | null,
): Promise<{ result: SavedStudyResult; sessions: StudySessions['sessions'] }> {
  const before = was?.study ?? null;
  // Side by side: the groups, the files, and (for a new study) its author's name.
  const [groups, taken, author] = await Promise.all([
    readGroupList(viewer.orgId),
    takeAttachments(viewer.orgId, input, was?.sessions.sessions ?? []),
    before ? before.authorName : authorName(viewer),
  ]);
  const shared = sharedGroups(viewer, input, groups);
  const sessions = sessionsOf(input, taken.files);
  const now = new Date().toISOString();
  const study: Study = {
    studyId: before?.studyId ?? randomUUID(),
    orgId: viewer.orgId,
    title: input.title,
    description: input.description || null,
    sharing: input.sharing,
    groups: shared,
    sessionDates: sessions.map((s) => ({ date: s.date, title: s.title })),
    authorUserId: before?.authorUserId ?? viewer.actor?.userId ?? '',
    authorName: author,
    version: (before?.version ?? 0) + 1,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
  try {
    await transact(viewer.orgId, [
      ...studyWrites(study, { studyId: study.studyId, orgId: viewer.orgId, sessions }, before),
      ...taken.steps,
      auditStep(viewer, churchSubject(viewer.orgId), [studyChange(before, study)]),
    ]);
  } catch (error) {
    // A stale version, or a file another save took first: either way, read again and save again.
    if (error instanceof ConditionFailed) throw new AppError('aborted', STUDY_MESSAGES.changed);
    throw error;
  }
  return {
    result: { success: true, studyId: study.studyId, version: study.version, message: STUDY_MESSAGES.saved },
    sessions,
  };
}

export async function addStudy(viewer: Viewer, input: StudyInput): Promise<SavedStudyResult> {
  if (!writesStudies(viewer)) throw denied(STUDY_MESSAGES.writers);
  return (await saveStudy(viewer, input, null)).result;
}
