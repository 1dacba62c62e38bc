import { FamilyParams } from '../../contract/directory';
import { deleteFamily } from '../../directory/families';
import { defineRoute } from '../../platform/wiring/route';

/** The family with its members and their roles, in one transaction. */
export const handler = defineRoute('deleteFamily', { params: FamilyParams }, async ({ principal, params }) => {
  const family = await deleteFamily(principal, params.familyId);
  return { success: true, message: `Family "${family.surname}" deleted.` };
});
