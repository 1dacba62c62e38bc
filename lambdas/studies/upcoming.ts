/**
 * The dashboard's part of the Bible studies: how many the church shares with everyone (its
 * "Lessons"), and the next sessions of the studies this viewer may read, from their summaries alone.
 */
import type { UpcomingSession } from '../contract/studies';
import type { Study } from '../core/entities';
import type { Viewer } from '../core/viewer';
import { readsStudy } from './sharing';

/** Sessions the dashboard lists at most. */
export const UPCOMING_SESSIONS = 5;

export const lessonCount = (studies: readonly Study[]) => studies.filter((s) => s.sharing === 'church').length;

export function upcomingSessions(viewer: Viewer, studies: readonly Study[], today: string): UpcomingSession[] {
  return studies
    .filter((s) => readsStudy(viewer, s))
    .flatMap((s) =>
      s.sessionDates
        .filter((session) => session.date !== null && session.date >= today)
        .map((session) => ({ studyId: s.studyId, studyTitle: s.title, title: session.title, date: session.date! })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.studyTitle.localeCompare(b.studyTitle))
    .slice(0, UPCOMING_SESSIONS);
}
