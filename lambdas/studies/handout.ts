/**
 * A Bible study printed as a handout for its group: laid out (handoutLayout.ts) and drawn by the
 * directory's PDF pipeline (book/pdf/document.ts), so every script prints as typed. Anyone who may
 * read the study may print it; anyone else gets "not found", as for an unknown id. Its pictures
 * print from their largest rendition; a PDF it holds is named, for the reader to open in the app.
 * The file is stored with the church's exports (it expires with them) and given as a download link.
 */
import { randomUUID } from 'node:crypto';
import { STUDY_MESSAGES, type StudyHandout } from '../contract/studies';
import { notFound } from '../core/errors';
import type { Viewer } from '../core/viewer';
import { env } from '../platform/env';
import { readObject, writeObject } from '../platform/aws/s3-objects';
import { renditionKey } from '../photos/photo-keys';
import type { StudySessions } from '../core/entities';
import { photoFrame } from '../book/pdf/images';
import { handoutKey } from '../book/bookKeys';
import { downloadUrl } from '../book/pdfDownload';
import { renderDocument } from '../book/pdf/document';
import { TextShaper } from '../book/pdf/text';
import { layoutHandout, type HandoutItem } from './handoutLayout';
import { readsStudy } from './sharing';
import { readStudyToPrint } from './repos/studies';

/** An item as the handout prints it: a picture by its index among the study's pictures, a PDF by its name. */
function handoutItem(item: StudySessions['sessions'][number]['items'][number], pictures: string[]): HandoutItem {
  if (item.kind !== 'attachment') return item;
  if (item.type === 'image') return { kind: 'image', image: pictures.indexOf(item.file), name: item.name };
  return { kind: 'file', name: item.name, pages: item.pages };
}

/** The file's name: the study's title, without what a file name cannot hold. */
const fileNameOf = (title: string) =>
  `${title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'Bible study'} handout.pdf`;

export async function studyHandout(viewer: Viewer, studyId: string, now = new Date()): Promise<StudyHandout> {
  const found = await readStudyToPrint(viewer.orgId, studyId);
  if (!found || !readsStudy(viewer, found.study)) throw notFound(STUDY_MESSAGES.notFound);
  const { study, sessions } = found;
  // Each picture at its largest rendition (`cover`: a JPEG of up to 1,500 px, embedded as it is), read side by side.
  const pictures = sessions.sessions.flatMap((s) =>
    s.items.flatMap((i) => (i.kind === 'attachment' && i.type === 'image' ? [i.file] : [])),
  );
  const images = await Promise.all(
    pictures.map((file) => readObject(env('PHOTOS_BUCKET'), renditionKey(file, 'cover'))),
  );
  const shaper = await TextShaper.create();
  const layout = layoutHandout(
    {
      church: found.church,
      title: study.title,
      description: study.description,
      author: study.authorName,
      paper: found.paper,
      sessions: sessions.sessions.map((s) => ({ ...s, items: s.items.map((item) => handoutItem(item, pictures)) })),
      images: images.map((bytes) => bytes && photoFrame(bytes)),
    },
    (text, weight, size) => shaper.width(text, weight, size),
  );
  const pdf = await renderDocument({
    title: study.title,
    subject: 'Bible study handout',
    printedAt: now,
    size: layout.size,
    pages: layout.pages,
    images,
    shaper,
  });
  const key = handoutKey(viewer.orgId, randomUUID());
  await writeObject(env('EXPORTS_BUCKET'), key, pdf.bytes, 'application/pdf');
  const fileName = fileNameOf(study.title);
  return { url: await downloadUrl(key, fileName), fileName, pages: layout.pages.length };
}
