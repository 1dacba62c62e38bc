import { CHANGE_REQUEST_MESSAGES } from '../../contract/changeRequests';
import { FamilyParams, UpdateFamilyInput } from '../../contract/directory';
import { updateFamily } from '../../directory/families';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute(
  'updateFamily',
  { body: UpdateFamilyInput, params: FamilyParams, church: true },
  async ({ principal, body, params }) => {
    const { family, asks, asked } = await updateFamily(principal, params.familyId, body);
    const saved = { success: true as const, id: family.familyId, version: family.version };
    if (asks)
      return {
        ...saved,
        message: asked ? CHANGE_REQUEST_MESSAGES.sent : CHANGE_REQUEST_MESSAGES.nothing,
        requestId: asked?.requestId ?? null,
      };
    return { ...saved, message: 'Family updated successfully!' };
  },
);
