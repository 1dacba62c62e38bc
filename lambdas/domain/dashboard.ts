/**
 * The dashboard in one answer: the counts kept on the organisation item, and the month's
 * birthdays and anniversaries from their month indexes (never a scan), sorted by day, as the
 * viewer may see them: a hidden birthday or anniversary is not listed at all.
 */
import type { DashboardResult } from '../contract/api';
import { MM_DD } from '../contract/fields';
import { readAnniversaries, readBirthdays } from './repos/directory';
import { readOrganizationWithPrivacy } from './repos/privacy';
import { photoUrl } from './photos';
import { sightOf } from './sight';
import { byName, type Viewer } from './viewer';
import { seesFamily, visibleFamily, visibleMember } from './visibility';

const day = (mmdd: string) => Number(mmdd.slice(3, 5));

export async function dashboard(viewer: Viewer, month: number): Promise<DashboardResult> {
  const orgId = viewer.orgId;
  // Three reads at once: the counts with the privacy item (one BatchGetItem) and the two month indexes.
  const [{ org, privacy: church }, allMembers, allFamilies] = await Promise.all([
    readOrganizationWithPrivacy(orgId),
    readBirthdays(orgId, month),
    readAnniversaries(orgId, month),
  ]);
  const { audience } = await sightOf(viewer, church);
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
      families: Math.max(0, org?.familyCount ?? 0),
      members: Math.max(0, org?.memberCount ?? 0),
      groups: Math.max(0, org?.groupCount ?? 0),
      // Lessons are not part of this product yet: none is public, so none is counted.
      lessons: 0,
    },
    mobileAppLinked: viewer.user?.mobileAppLinked ?? false,
    birthdays,
    anniversaries,
  };
}
