import { FamilyParams, UpdateFamilyInput } from '../../contract/directory';
import { updateFamily } from '../../domain/families';
import { defineRoute } from '../../platform/route';

export const handler = defineRoute(
  'updateFamily',
  { body: UpdateFamilyInput, params: FamilyParams },
  async ({ principal, body, params }) => {
    const family = await updateFamily(principal, params.familyId, body);
    return { success: true, message: 'Family updated successfully!', id: family.familyId, version: family.version };
  },
);
