import { PRIVACY_MESSAGES, PrivacyDefaultsInput } from '../../contract/privacy';
import { setChurchDefaults } from '../../privacy/privacy';
import { defineRoute } from '../../platform/wiring/route';

export const handler = defineRoute(
  'setPrivacyDefaults',
  { body: PrivacyDefaultsInput },
  async ({ principal, body }) => {
    await setChurchDefaults(principal, body.levels);
    return { success: true, message: PRIVACY_MESSAGES.defaultsSaved };
  },
);
