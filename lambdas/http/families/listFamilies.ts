import { readDirectory } from '../../domain/repos/directory';
import { readChurchPrivacy, readRolesAndPrivacy } from '../../domain/repos/privacy';
import { sightOf } from '../../domain/sight';
import { familyView } from '../../domain/views';
import { byName } from '../../domain/viewer';
import { seesFamily } from '../../domain/visibility';
import { defineRoute } from '../../platform/route';

/**
 * The whole directory, families by surname with their members, as this viewer may see it: one
 * Query per 1 MB page, and beside it the church's privacy item (with the roles, that say who shares
 * a group with the viewer, for anyone but an administrator: one more Query).
 */
export const handler = defineRoute('listFamilies', {}, async ({ principal: viewer }) => {
  const [families, { roles, church }] = await Promise.all([
    readDirectory(viewer.orgId),
    viewer.admin
      ? readChurchPrivacy(viewer.orgId).then((church) => ({ roles: [], church }))
      : readRolesAndPrivacy(viewer.orgId),
  ]);
  const sight = await sightOf(viewer, church, {}, roles);
  const now = Date.now();
  const shown = families
    .filter(({ family }) => seesFamily(sight.audience, church, family.familyId))
    .sort((a, b) => byName(a.family.surname, b.family.surname) || a.family.familyId.localeCompare(b.family.familyId));
  return {
    families: await Promise.all(shown.map(({ family, members }) => familyView(sight, family, members, now))),
    canAddFamily: viewer.admin,
  };
});
