/**
 * Writing Bible studies: administrators and group leaders (sharing.ts). A study is its summary and
 * its sessions, written together with its entry in the audit trail; its references are read in
 * full and its links checked first. Kept apart from the reads (studyReads.ts) and the delete
 * (studyChanges.ts), whose bundles need neither the reference parser nor Markdown.
 */
import { randomUUID } from 'node:crypto';
import {
  STUDY_LIMITS,
  STUDY_MESSAGES,
  type SavedStudyResult,
  type StudyInput,
  type UpdateStudyInput,
} from '../contract/studies';
import type { Study, StudySessions } from '../core/entities';
import { AppError, denied, invalid } from '../core/errors';
import { ConditionFailed, transact } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { auditStep, churchSubject } from '../audit/trail';
import { studyChange } from './audited';
import { studyToChange } from './studyChanges';
import { readMember } from '../directory/repos/directory';
import { readGroupList } from '../groups/repos/groups';
import { hasUnsafeLink } from './markdown';
import { normalisedReference } from './scripture';
import { sharedGroups, writesStudies } from './sharing';
import { studyWrites } from './repos/studies';

/** The sessions as kept: references normalised, every text checked; refused with the first reason. */
function sessionsOf(input: StudyInput): StudySessions['sessions'] {
  const sessions = input.sessions.map((session) => ({
    title: session.title || null,
    date: session.date ?? null,
    items: session.items.map((item) => {
      if (item.kind === 'scripture') {
        const reference = normalisedReference(item.reference);
        if (!reference) throw invalid(STUDY_MESSAGES.reference(item.reference));
        return { kind: item.kind, reference };
      }
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

async function saved(viewer: Viewer, input: StudyInput, before: Study | null): Promise<SavedStudyResult> {
  const groups = await readGroupList(viewer.orgId);
  const shared = sharedGroups(viewer, input, groups);
  const sessions = sessionsOf(input);
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
    authorName: before ? before.authorName : await authorName(viewer),
    version: (before?.version ?? 0) + 1,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
  try {
    await transact(viewer.orgId, [
      ...studyWrites(study, { studyId: study.studyId, orgId: viewer.orgId, sessions }, before),
      auditStep(viewer, churchSubject(viewer.orgId), [studyChange(before, study)]),
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new AppError('aborted', STUDY_MESSAGES.changed);
    throw error;
  }
  return { success: true, studyId: study.studyId, version: study.version, message: STUDY_MESSAGES.saved };
}

export async function addStudy(viewer: Viewer, input: StudyInput): Promise<SavedStudyResult> {
  if (!writesStudies(viewer)) throw denied(STUDY_MESSAGES.writers);
  return saved(viewer, input, null);
}

export async function updateStudy(viewer: Viewer, studyId: string, input: UpdateStudyInput): Promise<SavedStudyResult> {
  const before = await studyToChange(viewer, studyId);
  if (before.version !== input.version) throw new AppError('aborted', STUDY_MESSAGES.changed);
  return saved(viewer, input, before);
}
