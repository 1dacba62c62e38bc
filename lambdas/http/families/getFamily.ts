import { FamilyParams } from '../../contract/directory';
import { FAMILY_NOT_FOUND } from '../../domain/families';
import { notFound } from '../../domain/errors';
import { readFamily } from '../../domain/repos/directory';
import { familyView } from '../../domain/views';
import { canEditFamily } from '../../domain/viewer';
import { defineRoute } from '../../platform/route';

/** One family with its members (one Query). Another church's id is simply not found. */
export const handler = defineRoute('getFamily', { params: FamilyParams }, async ({ principal, params }) => {
  const found = await readFamily(principal.orgId, params.familyId);
  if (!found) throw notFound(FAMILY_NOT_FOUND);
  return { family: await familyView(found.family, found.members, canEditFamily(principal, params.familyId)) };
});
