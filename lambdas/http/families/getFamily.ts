import { FamilyParams } from '../../contract/directory';
import { FAMILY_NOT_FOUND } from '../../directory/families';
import { notFound } from '../../core/errors';
import { readFamily } from '../../directory/repos/directory';
import { churchOf, sightOf } from '../../directory/sight';
import { familyView } from '../../directory/views';
import { seesFamily } from '../../privacy/visibility';
import { defineRoute } from '../../platform/http/route';

/**
 * One family with its members (one Query; the church's privacy item came with the caller's record), as this viewer may
 * see it. Another church's id, and a family left out of the directory, are simply not found.
 */
export const handler = defineRoute(
  'getFamily',
  { params: FamilyParams, church: true },
  async ({ principal, params }) => {
    const [found, church] = await Promise.all([readFamily(principal.orgId, params.familyId), churchOf(principal)]);
    if (!found) throw notFound(FAMILY_NOT_FOUND);
    const sight = await sightOf(principal, church);
    if (!seesFamily(sight.audience, church, found.family.familyId)) throw notFound(FAMILY_NOT_FOUND);
    return { family: await familyView(sight, found.family, found.members) };
  },
);
