import { readDirectory } from '../../domain/repos/directory';
import { familyView } from '../../domain/views';
import { byName, canEditFamily } from '../../domain/viewer';
import { defineRoute } from '../../platform/route';

/** The whole directory, families by surname with their members: one Query per 1 MB page. */
export const handler = defineRoute('listFamilies', {}, async ({ principal }) => {
  const viewer = principal;
  const directory = await readDirectory(viewer.orgId);
  const now = Date.now();
  directory.sort(
    (a, b) => byName(a.family.surname, b.family.surname) || a.family.familyId.localeCompare(b.family.familyId),
  );
  return {
    families: await Promise.all(
      directory.map(({ family, members }) => familyView(family, members, canEditFamily(viewer, family.familyId), now)),
    ),
    canAddFamily: viewer.admin,
  };
});
