import { MemberParams } from '../../contract/directory';
import { notFound } from '../../domain/errors';
import { MEMBER_NOT_FOUND } from '../../domain/members';
import { readMember } from '../../domain/repos/directory';
import { memberView } from '../../domain/views';
import { canEditFamily } from '../../domain/viewer';
import { defineRoute } from '../../platform/route';

export const handler = defineRoute('getMember', { params: MemberParams }, async ({ principal, params }) => {
  const found = await readMember(principal.orgId, params.memberId);
  if (!found) throw notFound(MEMBER_NOT_FOUND);
  return { member: memberView(found.member), canEdit: canEditFamily(principal, found.member.familyId) };
});
