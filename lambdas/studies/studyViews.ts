/** A study as a viewer is shown it: its list card, and its page with each reference's link. */
import type { StudySummary, StudyView } from '../contract/studies';
import type { Study, StudySessions } from '../core/entities';
import type { Viewer } from '../core/viewer';
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

export function studyView(
  viewer: Viewer,
  study: Study,
  sessions: StudySessions,
  readingSite: string | null,
): StudyView {
  return {
    studyId: study.studyId,
    title: study.title,
    description: study.description,
    sharing: study.sharing,
    groups: study.groups,
    sessions: sessions.sessions.map((s) => ({
      title: s.title,
      date: s.date,
      items: s.items.map((item) =>
        item.kind === 'scripture' ? { ...item, link: readingLink(readingSite, item.reference) } : item,
      ),
    })),
    author: study.authorName,
    canEdit: editsStudy(viewer, study),
    version: study.version,
    updatedAt: study.updatedAt,
  };
}
