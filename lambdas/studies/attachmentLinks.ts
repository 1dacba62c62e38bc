/**
 * A study's files as its readers get them (attachments.ts keeps them): links that die within
 * minutes (photos/photo-links.ts), a picture's at its screen rendition, a PDF's saved under its
 * name. Apart from the writes, so the reads' bundles hold no upload or clean-up code.
 */
import type { AttachmentView } from '../contract/studies';
import type { StoredAttachment } from '../core/entities';
import { renditionKey } from '../photos/photo-keys';
import { presignRead } from '../photos/photo-links';
import { renditionSize } from '../photos/photo-sizes';

/** A file as a reader gets it: a picture's screen rendition and its size there, a PDF to save under its name. */
export async function attachmentView(file: StoredAttachment, now = Date.now()): Promise<AttachmentView> {
  if (file.type === 'pdf') {
    const download = {
      fileName: /\.pdf$/i.test(file.name) ? file.name : `${file.name}.pdf`,
      contentType: 'application/pdf',
    };
    return { ...file, url: await presignRead(file.file, now, download) };
  }
  const shown = renditionSize('page', file);
  return { ...file, url: await presignRead(renditionKey(file.file, 'page'), now), ...shown };
}
