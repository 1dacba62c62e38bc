import { FamilyParams } from '../../contract/directory';
import { FamilyPrivacyInput, PRIVACY_MESSAGES } from '../../contract/privacy';
import { setFamilyPrivacy } from '../../privacy/privacy';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute(
  'setFamilyPrivacy',
  { body: FamilyPrivacyInput, params: FamilyParams, church: true },
  async ({ principal, body, params }) => {
    await setFamilyPrivacy(principal, params.familyId, body);
    return { success: true, message: PRIVACY_MESSAGES.saved };
  },
);
