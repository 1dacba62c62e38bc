import { FamilyParams } from '../../contract/directory';
import { FAMILY_NOT_FOUND } from '../../domain/families';
import { notFound } from '../../domain/errors';
import { readFamily } from '../../domain/repos/directory';
import { readChurchPrivacy } from '../../domain/repos/privacy';
import { sightOf } from '../../domain/sight';
import { familyView } from '../../domain/views';
import { seesFamily } from '../../domain/visibility';
import { defineRoute } from '../../platform/route';

/**
 * One family with its members (one Query, beside the church's privacy item), as this viewer may
 * see it. Another church's id, and a family left out of the directory, are simply not found.
 */
export const handler = defineRoute('getFamily', { params: FamilyParams }, async ({ principal, params }) => {
  const [found, church] = await Promise.all([
    readFamily(principal.orgId, params.familyId),
    readChurchPrivacy(principal.orgId),
  ]);
  if (!found) throw notFound(FAMILY_NOT_FOUND);
  const sight = await sightOf(principal, church);
  if (!seesFamily(sight.audience, church, found.family.familyId)) throw notFound(FAMILY_NOT_FOUND);
  return { family: await familyView(sight, found.family, found.members) };
});
