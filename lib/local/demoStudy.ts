/**
 * The demo church's Bible study: shared with the whole church (the dashboard's one Lesson), its
 * three sessions on the next three Sundays, so the dashboard lists them and the study page shows
 * text, questions and references, and prints as a handout. Written as the study's save writes it.
 */
import { randomUUID } from 'node:crypto';
import type { Study, StudySessions } from '../../lambdas/core/entities';
import { transact } from '../../lambdas/core/repos/transact';
import { studyWrites } from '../../lambdas/studies/repos/studies';

/** The next `count` Sundays after `from`, as YYYY-MM-DD. */
const nextSundays = (from: Date, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const day = new Date(from);
    day.setUTCDate(day.getUTCDate() + ((7 - day.getUTCDay()) % 7 || 7) + i * 7);
    return day.toISOString().slice(0, 10);
  });

const SESSIONS: Omit<StudySessions['sessions'][number], 'date'>[] = [
  {
    title: 'The Good Shepherd',
    items: [
      {
        kind: 'text',
        markdown:
          'Jesus calls himself the good shepherd, who **knows his sheep by name**.\n\n- Read the passage twice, slowly.\n- Note one word that stays with you.',
      },
      { kind: 'scripture', reference: 'John 10:1-18' },
      { kind: 'scripture', reference: 'Psalm 23' },
      { kind: 'question', text: 'What does it mean to you to be known by name?' },
      { kind: 'question', text: 'Where do you hear the shepherd’s voice this week?' },
    ],
  },
  {
    title: 'The Lost Sheep',
    items: [
      { kind: 'scripture', reference: 'Luke 15:1-7' },
      { kind: 'text', markdown: 'The shepherd leaves the ninety-nine. Who is the one in our neighbourhood?' },
      { kind: 'question', text: 'When have you been looked for?' },
    ],
  },
  {
    title: 'Feed My Sheep',
    items: [
      { kind: 'scripture', reference: 'John 21:15-19' },
      { kind: 'question', text: 'How can our church care for one another between Sundays?' },
    ],
  },
];

export async function seedDemoStudy(orgId: string, authorUserId: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  const dates = nextSundays(now, SESSIONS.length);
  const sessions = SESSIONS.map((s, i) => ({ ...s, date: dates[i]! }));
  const study: Study = {
    studyId: randomUUID(),
    orgId,
    title: 'The Shepherd Psalm and the Good Shepherd',
    description: 'Three Sundays with the shepherd: for the whole church, and for small groups to print as a handout.',
    sharing: 'church',
    groups: [],
    sessionDates: sessions.map((s) => ({ date: s.date, title: s.title })),
    authorUserId,
    authorName: null,
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
  await transact(orgId, studyWrites(study, { studyId: study.studyId, orgId, sessions }, null));
}
