import { FamilyParams } from '../../contract/directory';
import { familyOf } from '../../directory/families';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute('getFamily', { params: FamilyParams, church: true }, async ({ principal, params }) =>
  familyOf(principal, params.familyId),
);
