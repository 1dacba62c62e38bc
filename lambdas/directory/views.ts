/**
 * Entities shaped as the API answers them (lambdas/contract/api.ts), always through the
 * visibility rule: a view holds only what its viewer may see.
 */
import type { FamilyView, MemberView } from '../contract/api';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import { valuesOf } from '../contract/entity';
import type { FamilyPrivacyView, MemberPrivacyView } from '../contract/privacy';
import type { Family, Member } from '../core/entities';
import { photoSources } from '../photos/photos';
import type { Sight } from './sight';
import { byName } from '../core/viewer';
import { familyLevels, memberLevels, seesSettings, visibleFamily, visibleMember } from '../privacy/visibility';

/** The member as the viewer may see it; its privacy settings only for an administrator or its family. */
export function memberView({ audience, church }: Sight, member: Member): MemberView {
  const m = visibleMember(audience, church, member);
  const privacy: MemberPrivacyView | null = seesSettings(audience, m.familyId)
    ? { choices: { ...member.privacy }, levels: memberLevels(church, member) }
    : null;
  // A held address (members.ts) shows as the address to its family and administrators, and to nobody else.
  const held = privacy && !member.email && member.pendingEmail ? member.pendingEmail : null;
  return {
    memberId: m.memberId,
    familyId: m.familyId,
    ...valuesOf(MEMBER_FIELDS, m),
    ...(held ? { email: held } : {}),
    surname: m.surname,
    version: m.version,
    privacy,
    ...(held && audience.admin ? { emailHeld: true as const } : {}),
  };
}

export async function familyView(
  sight: Sight,
  family: Family,
  members: Member[],
  now = Date.now(),
): Promise<FamilyView> {
  const { audience, church } = sight;
  const f = visibleFamily(audience, church, family);
  const settings = seesSettings(audience, f.familyId);
  const privacy: FamilyPrivacyView | null = settings
    ? {
        unlisted: church.unlisted.has(f.familyId),
        approximateLocation: f.approximateLocation ?? false,
        choices: { ...family.privacy },
        levels: familyLevels(church, family),
        defaults: church.levels,
      }
    : null;
  // The photo's storage key stays on the server: the browser gets URLs (none when hidden).
  const { photo: _key, ...fields } = valuesOf(FAMILY_FIELDS, f);
  const photo = await photoSources(f, now);
  return {
    familyId: f.familyId,
    ...fields,
    photoUrl: photo?.url ?? null,
    photoSrcset: photo?.srcset ?? null,
    photoSize: photo?.size ?? null,
    version: f.version,
    canEdit: settings,
    privacy,
    members: members
      .filter((m) => m.memberId)
      .sort((a, b) => byName(a.name, b.name) || a.memberId.localeCompare(b.memberId))
      .map((m) => memberView(sight, m)),
  };
}
