import { FamilyParams, UpdateFamilyInput } from '../../contract/directory';
import { updateFamily } from '../../directory/families';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute(
  'updateFamily',
  { body: UpdateFamilyInput, params: FamilyParams, church: true },
  async ({ principal, body, params }) => {
    const family = await updateFamily(principal, params.familyId, body);
    return { success: true, message: 'Family updated successfully!', id: family.familyId, version: family.version };
  },
);
