import { MemberParams } from '../../contract/directory';
import { notFound } from '../../domain/errors';
import { MEMBER_NOT_FOUND } from '../../domain/members';
import { readMember } from '../../domain/repos/directory';
import { readChurchPrivacy } from '../../domain/repos/privacy';
import { sightOf } from '../../domain/sight';
import { memberView } from '../../domain/views';
import { seesFamily, seesSettings } from '../../domain/visibility';
import { defineRoute } from '../../platform/route';

/** One member (with the church's privacy item), as this viewer may see it; a member of an unlisted family is not found. */
export const handler = defineRoute('getMember', { params: MemberParams }, async ({ principal, params }) => {
  const [found, church] = await Promise.all([
    readMember(principal.orgId, params.memberId),
    readChurchPrivacy(principal.orgId),
  ]);
  if (!found) throw notFound(MEMBER_NOT_FOUND);
  const sight = await sightOf(principal, church);
  if (!seesFamily(sight.audience, church, found.member.familyId)) throw notFound(MEMBER_NOT_FOUND);
  return {
    member: memberView(sight, found.member),
    canEdit: seesSettings(sight.audience, found.member.familyId),
  };
});
