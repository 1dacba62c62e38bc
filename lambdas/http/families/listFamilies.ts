import { readDirectory } from '../../domain/repos/directory';
import { readChurchPrivacy } from '../../domain/repos/privacy';
import { sightOf } from '../../domain/sight';
import { familyView } from '../../domain/views';
import { byName } from '../../domain/viewer';
import { seesFamily } from '../../domain/visibility';
import { defineRoute } from '../../platform/route';

/**
 * The whole directory, families by surname with their members, as this viewer may see it: one
 * Query per 1 MB page, and beside it the church's privacy item (one GetItem).
 */
export const handler = defineRoute('listFamilies', {}, async ({ principal: viewer }) => {
  const [families, church] = await Promise.all([readDirectory(viewer.orgId), readChurchPrivacy(viewer.orgId)]);
  const sight = await sightOf(viewer, church);
  const now = Date.now();
  const shown = families
    .filter(({ family }) => seesFamily(sight.audience, church, family.familyId))
    .sort((a, b) => byName(a.family.surname, b.family.surname) || a.family.familyId.localeCompare(b.family.familyId));
  return {
    families: await Promise.all(shown.map(({ family, members }) => familyView(sight, family, members, now))),
    canAddFamily: viewer.admin,
  };
});
