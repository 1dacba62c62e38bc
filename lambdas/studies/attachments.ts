/**
 * A Bible study's files: PDFs and pictures its writers attach to a session. They travel as family
 * photos do: a presigned upload into the church's study files (photos/photo-keys.ts
 * STUDY_FILES_FOLDER), checked by the photo pipeline (a picture decoded and given renditions, a
 * PDF opened by pdf-check.ts), and taken by the study's save only once the pipeline found it
 * usable, its record removed in the save's transaction so one upload goes to one study. Readers
 * get links to them (attachmentLinks.ts). A file the study no longer holds is deleted by the photo
 * clean-up job.
 */
import {
  ATTACHMENT_MESSAGES,
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  STUDY_LIMITS,
  STUDY_MESSAGES,
  type AttachmentUploadInput,
  type AttachmentUploadResult,
  type AttachmentUploadStatus,
  type StudyInput,
} from '../contract/studies';
import type { StoredAttachment, StudySessions } from '../core/entities';
import { denied, invalid, notFound } from '../core/errors';
import type { Step } from '../core/repos/transact';
import type { Viewer } from '../core/viewer';
import { isFamilyPhoto, newFileKey, photoIdOf, renditionKey, STUDY_FILES_FOLDER } from '../photos/photo-keys';
import { presignRead } from '../photos/photo-links';
import { presignFileUpload } from '../photos/photos';
import { retirePhoto } from '../photos/photo-retiring';
import { readPreparedPhoto, takePreparedPhoto } from '../photos/repos/photos';
import { writesStudies } from './sharing';

/** A presigned upload of a new file for a study (its writers only), its size within its type's limit. */
export async function presignAttachmentUpload(
  viewer: Viewer,
  input: AttachmentUploadInput,
): Promise<AttachmentUploadResult> {
  if (!writesStudies(viewer)) throw denied(STUDY_MESSAGES.writers);
  const extension = ATTACHMENT_TYPES[input.contentType];
  const pdf = extension === 'pdf';
  const maxBytes = pdf ? MAX_ATTACHMENT_BYTES.pdf : MAX_ATTACHMENT_BYTES.image;
  if (input.size > maxBytes) throw invalid(pdf ? ATTACHMENT_MESSAGES.pdfTooLarge : ATTACHMENT_MESSAGES.imageTooLarge);
  const key = newFileKey(viewer.orgId, STUDY_FILES_FOLDER, extension);
  const { photo, ...upload } = await presignFileUpload(key, input.contentType, input.size, maxBytes);
  return { ...upload, file: photo };
}

const typeOf = (file: string): StoredAttachment['type'] => (file.endsWith('.pdf') ? 'pdf' : 'image');

/** What the pipeline made of an upload, for the editor that waits on it: any writer of the church may ask; anyone else is told it does not exist. */
export async function attachmentUploadStatus(viewer: Viewer, attachmentId: string): Promise<AttachmentUploadStatus> {
  const prepared = writesStudies(viewer) ? await readPreparedPhoto(viewer.orgId, attachmentId) : null;
  if (!prepared || prepared.familyId !== STUDY_FILES_FOLDER) throw notFound(ATTACHMENT_MESSAGES.notFound);
  if (prepared.status === 'refused') return { status: 'refused', message: prepared.message };
  const type = typeOf(prepared.photo);
  return {
    status: 'ready',
    type,
    url: type === 'image' ? await presignRead(renditionKey(prepared.photo, 'small'), Date.now()) : null,
    ...prepared.size,
    pages: prepared.pages ?? null,
  };
}

const filesOf = (sessions: StudySessions['sessions']) =>
  sessions.flatMap((s) => s.items.flatMap((item) => (item.kind === 'attachment' ? [item] : [])));

/**
 * The study's files as it will keep them, by key: those it held (renamed as asked), and new ones
 * the pipeline found usable, each taken in the save's transaction (`steps`). Refused with the
 * first reason: too many files, one named twice, one not (yet) checked, or refused.
 */
export async function takeAttachments(
  orgId: string,
  input: StudyInput,
  before: StudySessions['sessions'],
): Promise<{ files: Map<string, StoredAttachment>; steps: Step[] }> {
  const asked = input.sessions.flatMap((s) => s.items.flatMap((item) => (item.kind === 'attachment' ? [item] : [])));
  if (asked.length > STUDY_LIMITS.attachments) throw invalid(STUDY_MESSAGES.tooMany('files', STUDY_LIMITS.attachments));
  if (new Set(asked.map((a) => a.file)).size !== asked.length) throw invalid(ATTACHMENT_MESSAGES.notReady);
  const held = new Map(filesOf(before).map((a) => [a.file, a]));
  const files = new Map<string, StoredAttachment>();
  const steps: Step[] = [];
  await Promise.all(
    asked.map(async ({ file, name }) => {
      const kept = held.get(file);
      if (kept) return void files.set(file, { ...kept, name });
      // Another church's key, another folder's, or none: as unknown as an upload never made.
      const photoId = isFamilyPhoto(orgId, STUDY_FILES_FOLDER, file) ? photoIdOf(file) : null;
      const prepared = photoId ? await readPreparedPhoto(orgId, photoId) : null;
      if (!prepared || prepared.photo !== file) throw invalid(ATTACHMENT_MESSAGES.notReady);
      if (prepared.status === 'refused') throw invalid(prepared.message);
      files.set(file, {
        kind: 'attachment',
        file,
        name,
        type: typeOf(file),
        ...prepared.size,
        pages: prepared.pages ?? null,
      });
      steps.push({ action: takePreparedPhoto(orgId, photoId!) });
    }),
  );
  return { files, steps };
}

/** Deletes the files the study held and no longer does (all of them when it is deleted), off the request path. */
export async function retireAttachments(
  orgId: string,
  before: StudySessions['sessions'],
  after: StudySessions['sessions'],
): Promise<void> {
  const kept = new Set(filesOf(after).map((a) => a.file));
  await Promise.all(
    filesOf(before)
      .filter((a) => !kept.has(a.file))
      .map((a) => retirePhoto(orgId, STUDY_FILES_FOLDER, a.file)),
  );
}
