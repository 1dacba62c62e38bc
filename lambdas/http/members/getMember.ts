import { MemberParams } from '../../contract/directory';
import { notFound } from '../../core/errors';
import { MEMBER_NOT_FOUND } from '../../directory/members';
import { readMember } from '../../directory/repos/directory';
import { readChurchPrivacy } from '../../privacy/repos/privacy';
import { sightOf } from '../../directory/sight';
import { memberView } from '../../directory/views';
import { seesFamily, seesSettings } from '../../privacy/visibility';
import { defineRoute } from '../../platform/http/route';

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
