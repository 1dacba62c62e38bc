/**
 * The dashboard in one answer: the counts kept on the organisation item, and the month's
 * birthdays and anniversaries from their month indexes (never a scan), sorted by day, as the
 * viewer may see them: a hidden birthday or anniversary is not listed at all. A panel holds the
 * whole month up to PANEL_LIMIT; a month with more (a church of thousands has hundreds a month)
 * shows the next PANEL_LIMIT from today, so the answer and its reads stay the same size at any
 * church size.
 */
import type { DashboardResult } from '../contract/api';
import { MM_DD } from '../contract/fields';
import { readAnniversaries, readBirthdays, type MonthRead } from './repos/directory';
import { readOrganizationWithPrivacy } from '../privacy/repos/privacy';
import { photoUrl } from '../photos/photos';
import { sightOf } from './sight';
import { unseenBy } from './unseen';
import { byName, type Viewer } from '../core/viewer';
import { seesFamily, visibleFamily, visibleMember } from '../privacy/visibility';
import { everyStudy } from '../studies/repos/studies';
import { lessonCount, upcomingSessions } from '../studies/upcoming';

const day = (mmdd: string) => Number(mmdd.slice(3, 5));
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Entries a panel lists at most. */
export const PANEL_LIMIT = 50;

/**
 * The month's entries if they fit in a panel (one Query), else the next PANEL_LIMIT from today
 * (a second): whether the list is only the upcoming ones.
 */
async function monthList<T>(read: (r: MonthRead) => Promise<T[]>, today: number) {
  const month = await read({ fromDay: 1, limit: PANEL_LIMIT + 1 });
  if (month.length <= PANEL_LIMIT) return { items: month, upcoming: false };
  return { items: (await read({ fromDay: today, limit: PANEL_LIMIT })).slice(0, PANEL_LIMIT), upcoming: true };
}

export async function dashboard(viewer: Viewer, month: number, today = 1): Promise<DashboardResult> {
  const orgId = viewer.orgId;
  // At once: the counts with the privacy item (one BatchGetItem), the two month indexes and the studies' summaries.
  const [{ org, privacy: church }, birthdayList, anniversaryList, studies] = await Promise.all([
    readOrganizationWithPrivacy(orgId),
    monthList((r) => readBirthdays(orgId, month, r), today),
    monthList((r) => readAnniversaries(orgId, month, r), today),
    everyStudy(orgId),
  ]);
  const allMembers = birthdayList.items;
  const allFamilies = anniversaryList.items;
  const [{ audience }, unseen] = await Promise.all([sightOf(viewer, church), unseenBy(viewer, church)]);
  const members = allMembers
    .filter((m) => seesFamily(audience, church, m.familyId))
    .map((m) => visibleMember(audience, church, m));
  const families = allFamilies
    .filter((f) => seesFamily(audience, church, f.familyId))
    .map((f) => visibleFamily(audience, church, f));
  const now = Date.now();

  // Members have no photo of their own: the page shows the person image.
  const birthdays = members
    .filter((m) => m.birthday && MM_DD.test(m.birthday))
    .sort((a, b) => day(a.birthday!) - day(b.birthday!) || byName(a.name, b.name))
    .map((m) => ({
      memberId: m.memberId,
      familyId: m.familyId,
      name: m.name,
      surname: m.surname,
      birthday: m.birthday!,
      dayOfMonth: day(m.birthday!),
    }));
  const anniversaries = await Promise.all(
    families
      .filter((f) => f.anniversary && MM_DD.test(f.anniversary))
      .sort((a, b) => day(a.anniversary!) - day(b.anniversary!) || byName(a.surname, b.surname))
      .map(async (f) => ({
        familyId: f.familyId,
        surname: f.surname,
        anniversary: f.anniversary!,
        dayOfMonth: day(f.anniversary!),
        photoUrl: await photoUrl(f, now),
      })),
  );
  return {
    month,
    counts: {
      // What the viewer sees: less the families left out of the directory it may not see, and their members.
      families: Math.max(0, (org?.familyCount ?? 0) - unseen.families),
      members: Math.max(0, (org?.memberCount ?? 0) - unseen.members),
      groups: Math.max(0, org?.groupCount ?? 0),
      // The Bible studies shared with the whole church.
      lessons: lessonCount(studies),
    },
    mobileAppLinked: viewer.user?.mobileAppLinked ?? false,
    birthdays,
    anniversaries,
    upcoming: { birthdays: birthdayList.upcoming, anniversaries: anniversaryList.upcoming },
    // The viewer's calendar day: this year's (the browser sends the month and day).
    sessions: upcomingSessions(viewer, studies, `${new Date().getUTCFullYear()}-${pad2(month)}-${pad2(today)}`),
  };
}
