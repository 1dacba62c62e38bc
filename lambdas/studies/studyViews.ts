/** A study as a viewer is shown it: its list card, and its page with each reference's link and each file's. */
import type { StudySummary, StudyView } from '../contract/studies';
import type { Study, StudySessions } from '../core/entities';
import type { Viewer } from '../core/viewer';
import { attachmentView } from './attachmentLinks';
import { editsStudy } from './sharing';

/** The reading site's address for a reference (`{passage}` replaced), or null without a site. */
export const readingLink = (site: string | null, reference: string) =>
  site ? site.replace('{passage}', encodeURIComponent(reference)) : null;

/** The first session dated `today` or later. */
export const nextSessionOf = (study: Pick<Study, 'sessionDates'>, today: string) =>
  study.sessionDates
    .map((s) => s.date)
    .filter((date): date is string => date !== null && date >= today)
    .sort()[0] ?? null;

export const studySummary = (viewer: Viewer, study: Study, today: string): StudySummary => ({
  studyId: study.studyId,
  title: study.title,
  description: study.description,
  sharing: study.sharing,
  sessionCount: study.sessionDates.length,
  nextSession: nextSessionOf(study, today),
  updatedAt: study.updatedAt,
  canEdit: editsStudy(viewer, study),
});

/** What an item shows a reader: a reference with its link, a file with its link. */
const itemView = (item: StudySessions['sessions'][number]['items'][number], readingSite: string | null) => {
  if (item.kind === 'scripture') return { ...item, link: readingLink(readingSite, item.reference) };
  if (item.kind === 'attachment') return attachmentView(item);
  return item;
};

export async function studyView(
  viewer: Viewer,
  study: Study,
  sessions: StudySessions,
  readingSite: string | null,
): Promise<StudyView> {
  return {
    studyId: study.studyId,
    title: study.title,
    description: study.description,
    sharing: study.sharing,
    groups: study.groups,
    sessions: await Promise.all(
      sessions.sessions.map(async (s) => ({
        title: s.title,
        date: s.date,
        items: await Promise.all(s.items.map((item) => itemView(item, readingSite))),
      })),
    ),
    author: study.authorName,
    canEdit: editsStudy(viewer, study),
    version: study.version,
    updatedAt: study.updatedAt,
  };
}
