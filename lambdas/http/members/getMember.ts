import { MemberParams } from '../../contract/directory';
import { memberOf } from '../../directory/members';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute('getMember', { params: MemberParams }, async ({ principal, params }) =>
  memberOf(principal, params.memberId),
);
