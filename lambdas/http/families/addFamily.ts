import { AddFamilyInput } from '../../contract/directory';
import { addFamily } from '../../directory/families';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute('addFamily', { body: AddFamilyInput }, async ({ principal, body, requestKey }) => {
  const family = await addFamily(principal, body, requestKey);
  return { success: true, message: 'Family added successfully!', id: family.familyId, version: family.version };
});
