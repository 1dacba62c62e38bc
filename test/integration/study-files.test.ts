/**
 * A Bible study's files: a writer uploads a PDF or a picture as a family photo is uploaded, the
 * photo pipeline checks the bytes (a picture decoded, a PDF opened; neither trusted for what the
 * browser said), and a study's save takes a checked file once. Readers get links that download a
 * PDF under its name and show a picture; the handout prints the picture and names the PDF. Bad
 * files, sizes and types are refused with a clear message and change nothing; a file the study
 * drops, or a deleted study's, is deleted from the bucket.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_MESSAGES,
  STUDY_MESSAGES,
  type AttachmentView,
  type SavedStudyResult,
  type StudyHandout,
  type StudyInput,
  type StudyView,
} from '../../lambdas/contract/studies';
import { renditionKey } from '../../lambdas/photos/photo-keys';
import { call } from '../support/api';
import { createChurch, memberAccountIn, snapshotTable, unique, type Church } from '../support/fixtures';
import { pdfImages, pdfText } from '../support/pdfText';
import { photoExists, settled, TINY_JPEG, tinyPdf, uploadStudyFile } from '../support/upload';

const session = (items: StudyInput['sessions'][number]['items']) => [{ title: 'Week 1', date: null, items }];

describe('A Bible study’s files', () => {
  let church: Church;
  let other: Church;
  let reader: Awaited<ReturnType<typeof memberAccountIn>>;

  beforeAll(async () => {
    [church, other] = await Promise.all([createChurch(), createChurch()]);
    reader = await memberAccountIn(church);
  });

  const save = (body: Partial<StudyInput>, token = church.adminToken) =>
    call<SavedStudyResult>('addStudy', {
      token,
      body: { title: unique('Files'), description: null, sharing: 'church', groupIds: [], sessions: [], ...body },
    });
  const read = async (studyId: string, token = reader.token) =>
    (await call<{ study: StudyView }>('getStudy', { token, params: { studyId } })).body.study;
  const filesOf = (study: StudyView) =>
    study.sessions.flatMap((s) => s.items.filter((i): i is AttachmentView => i.kind === 'attachment'));

  it('keeps a checked PDF and picture, which readers download and see, and the handout prints', async () => {
    const pdf = await uploadStudyFile(church.adminToken, await tinyPdf());
    expect(pdf.status).toEqual({ status: 'ready', type: 'pdf', url: null, width: 612, height: 792, pages: 1 });
    const picture = await uploadStudyFile(church.adminToken, TINY_JPEG, 'image/jpeg');
    expect(picture.status).toMatchObject({ status: 'ready', type: 'image', width: 2, height: 2, pages: null });
    const saved = await save({
      sessions: session([
        { kind: 'attachment', file: pdf.file, name: 'Week 1 notes' },
        { kind: 'attachment', file: picture.file, name: 'The map' },
      ]),
    });
    expect(saved.status).toBe(200);
    const [notes, map] = filesOf(await read(saved.body.studyId));
    expect(notes).toMatchObject({ kind: 'attachment', file: pdf.file, name: 'Week 1 notes', type: 'pdf', pages: 1 });
    const download = await fetch(notes!.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''Week%201%20notes.pdf`);
    expect(map).toMatchObject({ name: 'The map', type: 'image', width: 2, height: 2, pages: null });
    expect((await fetch(map!.url)).status).toBe(200);

    const printed = await call<StudyHandout>('printStudyHandout', {
      token: reader.token,
      params: { studyId: saved.body.studyId },
    });
    const bytes = new Uint8Array(await (await fetch(printed.body.url)).arrayBuffer());
    expect(await pdfText(bytes)).toContain(
      'Attached: Week 1 notes (PDF, 1 page), in the Bible study in the app The map',
    );
    expect(await pdfImages(bytes, 1)).toHaveLength(1);
  });

  it('refuses a file that is not what it claims, too large, of another type, or from a member who writes none', async () => {
    const fake = await uploadStudyFile(church.adminToken, TINY_JPEG, 'application/pdf');
    expect(fake.status).toEqual({ status: 'refused', message: ATTACHMENT_MESSAGES.notAPdf });
    const locked = Buffer.from(
      Buffer.from(await tinyPdfWithClassicTrailer())
        .toString('latin1')
        .replace('trailer\n<<', 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>'),
      'latin1',
    );
    expect((await uploadStudyFile(church.adminToken, locked)).status).toEqual({
      status: 'refused',
      message: ATTACHMENT_MESSAGES.locked,
    });
    // A header with nothing behind it: refused, never retried for ever.
    const hollow = await uploadStudyFile(church.adminToken, Buffer.from('%PDF-1.7 not really'));
    expect(hollow.status).toEqual({ status: 'refused', message: ATTACHMENT_MESSAGES.notAPdf });
    const pdfAsPicture = await uploadStudyFile(church.adminToken, await tinyPdf(), 'image/png');
    expect(pdfAsPicture.status).toMatchObject({ status: 'refused' });

    const upload = (token: string, body: object) => call('createStudyAttachmentUpload', { token, body });
    expect(
      (await upload(church.adminToken, { contentType: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).body,
    ).toEqual({
      error: { code: 'invalid-argument', message: ATTACHMENT_MESSAGES.pdfTooLarge },
    });
    expect(
      (await upload(church.adminToken, { contentType: 'image/png', size: 5 * 1024 * 1024 + 1 })).body,
    ).toMatchObject({
      error: { message: ATTACHMENT_MESSAGES.imageTooLarge },
    });
    expect((await upload(church.adminToken, { contentType: 'text/html', size: 10 })).body).toMatchObject({
      error: { message: ATTACHMENT_MESSAGES.type },
    });
    const refused = await upload(reader.token, { contentType: 'application/pdf', size: 10 });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { message: STUDY_MESSAGES.writers } });

    // A refused file, one never uploaded, another church's: none is taken, and nothing is written.
    const theirs = await uploadStudyFile(other.adminToken, await tinyPdf());
    const before = await snapshotTable();
    for (const file of [fake.file, `${church.orgId}/photos/study-files/${crypto.randomUUID()}.pdf`, theirs.file]) {
      const answer = await save({ sessions: session([{ kind: 'attachment', file, name: 'Notes' }]) });
      expect(answer.status).toBe(400);
    }
    expect(
      (await save({ sessions: session([{ kind: 'attachment', file: fake.file, name: 'x' }]) })).body,
    ).toMatchObject({
      error: { message: ATTACHMENT_MESSAGES.notAPdf },
    });
    expect(await snapshotTable()).toEqual(before);
  });

  it('takes a file once, and deletes the files a study drops or loses with it', async () => {
    const [first, second] = await Promise.all([
      uploadStudyFile(church.adminToken, await tinyPdf()),
      uploadStudyFile(church.adminToken, TINY_JPEG, 'image/jpeg'),
    ]);
    const items = [
      { kind: 'attachment' as const, file: first.file, name: 'One' },
      { kind: 'attachment' as const, file: second.file, name: 'Two' },
    ];
    const saved = await save({ sessions: session(items) });
    expect(saved.status).toBe(200);
    // The same upload cannot go to a second study.
    expect((await save({ sessions: session([items[0]!]) })).body).toMatchObject({
      error: { message: ATTACHMENT_MESSAGES.notReady },
    });
    // Kept (and renamed) by an update that names it; the other dropped and deleted.
    const updated = await call<SavedStudyResult>('updateStudy', {
      token: church.adminToken,
      params: { studyId: saved.body.studyId },
      body: {
        title: 'Files',
        description: null,
        sharing: 'church',
        groupIds: [],
        version: 1,
        sessions: session([{ ...items[0]!, name: 'One, renamed' }]),
      },
    });
    expect(updated.status).toBe(200);
    await settled();
    expect(filesOf(await read(saved.body.studyId)).map((f) => f.name)).toEqual(['One, renamed']);
    expect(await photoExists(first.file)).toBe(true);
    expect(await photoExists(second.file)).toBe(false);
    expect(await photoExists(renditionKey(second.file, 'cover'))).toBe(false);

    expect(
      (await call('deleteStudy', { token: church.adminToken, params: { studyId: saved.body.studyId } })).status,
    ).toBe(200);
    await settled();
    expect(await photoExists(first.file)).toBe(false);
  });
});

/** A one-page PDF with a classic trailer (no cross-reference stream), where a test may write an /Encrypt entry. */
async function tinyPdfWithClassicTrailer(): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const document = await PDFDocument.create();
  document.addPage([612, 792]);
  return document.save({ useObjectStreams: false });
}
