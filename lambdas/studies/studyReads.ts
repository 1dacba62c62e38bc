/**
 * Reading Bible studies: one with its sessions, and the list a page at a time, newest first, each
 * page named by an opaque pointer to the last study the viewer saw. A viewer reads what sharing.ts
 * lets them: any other study is not found.
 */
import { STUDY_MESSAGES, type ListStudiesResult, type StudyView } from '../contract/studies';
import { notFound } from '../core/errors';
import { pointerOf, placeOf } from '../core/pointer';
import type { Viewer } from '../core/viewer';
import { churchOf } from '../directory/sight';
import { readGroupList } from '../groups/repos/groups';
import { readsStudy, sharesWith, writesStudies } from './sharing';
import { readStudies, readStudy, studyPlace } from './repos/studies';
import { studySummary, studyView } from './studyViews';

/** Studies a page of the list shows. */
export const STUDIES_PAGE = 20;

/** One study with its sessions, for a viewer who may read it (any other: not found). */
export async function studyOf(viewer: Viewer, studyId: string): Promise<{ study: StudyView }> {
  const [found, church] = await Promise.all([readStudy(viewer.orgId, studyId), churchOf(viewer)]);
  if (!found || !readsStudy(viewer, found.study)) throw notFound(STUDY_MESSAGES.notFound);
  return { study: await studyView(viewer, found.study, found.sessions, church.readingSite) };
}

/** Today in the viewer's calendar (the list's `today`), or the server's day when not given. */
const todayOf = (today?: string) => today ?? new Date().toISOString().slice(0, 10);

/**
 * A page of the studies this viewer may read, newest first. Its pointer is the place of the last
 * study shown, so it names only a study the viewer saw; whether more follow says nothing of the
 * others (the next page may be empty).
 */
export async function studyList(viewer: Viewer, query: { after?: string; today?: string }): Promise<ListStudiesResult> {
  const after = query.after ? placeOf(query.after, STUDY_MESSAGES.notFound) : null;
  const writer = writesStudies(viewer);
  const [{ studies, more }, church, groups] = await Promise.all([
    readStudies(viewer.orgId, after),
    churchOf(viewer),
    writer ? readGroupList(viewer.orgId) : [],
  ]);
  const readable = studies.filter((s) => readsStudy(viewer, s));
  const page = readable.slice(0, STUDIES_PAGE);
  const last = page.at(-1);
  const next = last && (readable.length > STUDIES_PAGE || more) ? pointerOf(studyPlace(last)) : null;
  return {
    studies: page.map((s) => studySummary(viewer, s, todayOf(query.today))),
    next,
    canWrite: writer,
    groups: sharesWith(viewer, groups).map((g) => ({ groupId: g.groupId, groupName: g.groupName })),
    readingSite: viewer.admin ? church.readingSite : null,
  };
}
