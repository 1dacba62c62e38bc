/**
 * A Bible study printed as a handout: the directory's PDF pipeline draws it, and what a reader
 * copies back from the file is the study as written: its church and title, each session's number,
 * date and title, its text (a list's bullets and numbers, a link's address), its numbered
 * questions and its references in full, in any script. Only the study's readers may print it;
 * anyone else is told it does not exist, as for an unknown id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  STUDY_MESSAGES,
  type SavedStudyResult,
  type StudyHandout,
  type StudyInput,
} from '../../lambdas/contract/studies';
import { call } from '../support/api';
import { createChurch, memberAccountIn, unique, type Church } from '../support/fixtures';
import { pdfText } from '../support/pdfText';

const handout = (token: string, studyId: string) =>
  call<StudyHandout>('printStudyHandout', { token, params: { studyId } });

async function download(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    disposition: response.headers.get('content-disposition'),
  };
}

describe('A Bible study handout', () => {
  let church: Church;
  let other: Church;
  let reader: Awaited<ReturnType<typeof memberAccountIn>>;
  let outside: Awaited<ReturnType<typeof memberAccountIn>>;

  beforeAll(async () => {
    [church, other] = await Promise.all([createChurch(), createChurch()]);
    [reader, outside] = await Promise.all([memberAccountIn(church), memberAccountIn(church)]);
  });

  async function write(body: Partial<StudyInput>) {
    const added = await call<SavedStudyResult>('addStudy', {
      token: church.adminToken,
      body: { title: unique('Romans'), description: null, sharing: 'church', groupIds: [], sessions: [], ...body },
    });
    expect(added.status).toBe(200);
    return added.body.studyId;
  }

  it('prints the study as written, for a member who reads it', async () => {
    const title = unique('Romans: Grace and Faith');
    const studyId = await write({
      title,
      description: 'Eight weeks in **Romans**, with [notes](https://example.org/romans).',
      sessions: [
        {
          title: 'Grace',
          date: '2026-12-06',
          items: [
            { kind: 'text', markdown: '## Before we meet\n\n- Pray\n- Read *slowly*\n\n1. First\n2. Second' },
            { kind: 'question', text: 'What is grace?' },
            { kind: 'scripture', reference: 'jn 3:16-18' },
            { kind: 'question', text: '은혜란 무엇입니까?' },
          ],
        },
        { title: null, date: null, items: [{ kind: 'scripture', reference: 'rom 8:28, 12:1-2' }] },
      ],
    });
    const printed = await handout(reader.token, studyId);
    expect(printed.status).toBe(200);
    expect(printed.body.fileName).toBe(`${title.replace(':', ' ')} handout.pdf`);
    expect(printed.body.pages).toBeGreaterThanOrEqual(1);
    const { bytes, disposition } = await download(printed.body.url);
    expect(disposition).toContain('attachment');
    const text = await pdfText(bytes);
    expect(text).toMatch(/^Grace Church-\S+ Romans: Grace and Faith/);
    expect(text).toContain(title);
    expect(text).toContain('Eight weeks in Romans, with notes (https://example.org/romans).');
    expect(text).toMatch(
      /Session 1 Sunday, December 6, 2026 Grace Before we meet • Pray • Read slowly 1\. First 2\. Second/,
    );
    expect(text).toMatch(/1\. What is grace\? Read John 3:16-18 2\. 은혜란 무엇입니까\?/);
    expect(text).toMatch(/Session 2 Read Romans 8:28; 12:1-2/);
    expect(text).toContain(`Page 1 of ${printed.body.pages}`);
  });

  it('is not found for a member the study is not shared with, another church, or an unknown id', async () => {
    const draft = await write({ sharing: 'draft' });
    const before = await handout(outside.token, draft);
    expect(before.status).toBe(404);
    expect(before.body).toMatchObject({ error: { message: STUDY_MESSAGES.notFound } });
    const shared = await write({ sharing: 'church' });
    expect((await handout(other.adminToken, shared)).status).toBe(404);
    expect((await handout(other.adminToken, shared)).body).toEqual((await handout(reader.token, 'no-such-study')).body);
    // An administrator prints a draft, as they read it.
    expect((await handout(church.adminToken, draft)).status).toBe(200);
  });
});
