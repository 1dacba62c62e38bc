/**
 * A Bible study's file from the browser: checked first (a PDF, or a picture of a type the store
 * keeps, each within its size), a large picture made smaller as a family photo is (at most
 * 1,500 px, the size its handout prints it at), then sent with the presigned upload the server
 * hands out and waited on while the server's pipeline checks it (lib/presignedUpload.ts). The
 * editor follows each upload in its file item's state (studyDraft.ts FileState).
 */
import { useEffect, useRef } from 'react';
import {
  ATTACHMENT_MESSAGES,
  ATTACHMENT_TYPES,
  AttachmentUploadInput,
  MAX_ATTACHMENT_BYTES,
  STUDY_LIMITS,
  type AttachmentType,
  type AttachmentUploadStatus,
} from '@contract/studies';
import { callApi } from '../../lib/api';
import {
  checkedRequest,
  isImageFile,
  sendToPresignedUrl,
  shrinkPicture,
  uploadIdOf,
  waitForPrepared,
  type ResizeDeps,
} from '../../lib/presignedUpload';
import type { DraftFile } from './studyDraft';

/** The picture types a study keeps as chosen when small enough. */
const PICTURE_TYPES = Object.fromEntries(
  Object.entries(ATTACHMENT_TYPES).filter(([type]) => type.startsWith('image/')),
) as Readonly<Record<string, string>>;
/** A study's picture as it is sent: its handout prints it up to 1,500 px (300 dpi at five inches). */
const PICTURE_RULES = { maxSide: 1500, maxBytes: MAX_ATTACHMENT_BYTES.image, types: PICTURE_TYPES, quality: 0.85 };
/** How often the editor asks whether the server has checked the file. */
const CHECK_EVERY_MS = 300;

const isAttachmentType = (type: string): type is AttachmentType =>
  Object.prototype.hasOwnProperty.call(ATTACHMENT_TYPES, type);

/** The file's type as the browser says, or a PDF by its name where the browser does not say. */
const typeOf = (file: File): string => file.type || (/\.pdf$/i.test(file.name) ? 'application/pdf' : '');

/** The file to send and its type: a PDF as it is, a picture made smaller when needed; refused (its message) otherwise. */
export async function fileToSend(file: File, deps?: ResizeDeps): Promise<{ blob: Blob; contentType: AttachmentType }> {
  const type = typeOf(file);
  if (type === 'application/pdf') {
    if (file.size > MAX_ATTACHMENT_BYTES.pdf) throw new Error(ATTACHMENT_MESSAGES.pdfTooLarge);
    return { blob: file, contentType: type };
  }
  if (!isImageFile({ type })) throw new Error(ATTACHMENT_MESSAGES.type);
  const blob = await shrinkPicture(file, PICTURE_RULES, deps);
  const contentType = blob === file ? type : blob.type;
  if (!isAttachmentType(contentType)) throw new Error(ATTACHMENT_MESSAGES.type);
  if (blob.size > MAX_ATTACHMENT_BYTES.image) throw new Error(ATTACHMENT_MESSAGES.imageTooLarge);
  return { blob, contentType };
}

/** The name a chosen file gives its item: its file name without the extension, within the limit. */
export const nameOf = (fileName: string): string =>
  (fileName.replace(/\.[a-z0-9]{1,5}$/i, '').trim() || fileName).slice(0, STUDY_LIMITS.fileName);

export interface StudyFileUpload {
  onProgress?: (percent: number) => void;
  /** Told when the bytes are sent and the server is checking the file. */
  onChecking?: () => void;
  signal?: AbortSignal;
  deps?: ResizeDeps;
}

/** Checks, sends and waits for a study's file: its key, and what the server made of it. */
export async function uploadStudyFile(
  file: File,
  { onProgress, onChecking, signal, deps }: StudyFileUpload = {},
): Promise<{ file: string; status: AttachmentUploadStatus }> {
  const { blob, contentType } = await fileToSend(file, deps);
  const target = await callApi('createStudyAttachmentUpload', {
    body: checkedRequest(AttachmentUploadInput, { contentType, size: blob.size }),
  });
  await sendToPresignedUrl(target, blob, { onProgress, what: 'file', signal });
  onChecking?.();
  const attachmentId = uploadIdOf(target.file);
  const status = await waitForPrepared(() => callApi('getStudyAttachmentUpload', { params: { attachmentId } }), {
    timedOut: ATTACHMENT_MESSAGES.notReady,
    intervalMs: CHECK_EVERY_MS,
    maxIntervalMs: CHECK_EVERY_MS,
    signal,
  });
  return { file: target.file, status };
}

type ChangeFile = (key: string, next: (item: DraftFile) => DraftFile) => void;

/**
 * The editor's uploads, one per file item (by its key): choosing a file starts one (calling off
 * the item's earlier one), each step told to the item through `change`, and its end to `settled`
 * (ready or refused); removing the item, or leaving the page, calls it off.
 */
export function useStudyFileUploads(change: ChangeFile, settled: () => void) {
  const running = useRef(new Map<string, AbortController>());
  // The page's latest callbacks: an upload outlives the render that started it.
  const told = useRef({ change, settled });
  useEffect(() => {
    told.current = { change, settled };
  });
  useEffect(() => {
    const uploads = running.current;
    return () => uploads.forEach((upload) => upload.abort());
  }, []);

  function cancel(key: string) {
    running.current.get(key)?.abort();
    running.current.delete(key);
  }

  async function choose(key: string, chosen: File) {
    cancel(key);
    const upload = new AbortController();
    running.current.set(key, upload);
    const given = nameOf(chosen.name);
    const step = (next: (item: DraftFile) => DraftFile) => {
      if (!upload.signal.aborted) told.current.change(key, next);
    };
    // The name follows the chosen file until it is typed.
    step((item) => ({
      ...item,
      file: null,
      name: item.name.trim() === '' || item.name === item.fromFile ? given : item.name,
      fromFile: given,
      upload: { state: 'uploading', percent: 0 },
    }));
    try {
      const { file, status } = await uploadStudyFile(chosen, {
        signal: upload.signal,
        onProgress: (percent) => step((item) => ({ ...item, upload: { state: 'uploading', percent } })),
        onChecking: () => step((item) => ({ ...item, upload: { state: 'checking' } })),
      });
      if (status.status === 'refused')
        return step((item) => ({ ...item, upload: { state: 'refused', message: status.message } }));
      const { type, url, width, height, pages } = status;
      step((item) => ({ ...item, file, upload: { state: 'ready', type, url, width, height, pages } }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      step((item) => ({ ...item, upload: { state: 'refused', message } }));
    } finally {
      if (running.current.get(key) === upload) running.current.delete(key);
    }
    if (!upload.signal.aborted) told.current.settled();
  }

  return { choose, cancel };
}
