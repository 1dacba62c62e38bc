import { PRIVACY_MESSAGES, PrivacyDefaultsInput } from '../../contract/privacy';
import { setChurchDefaults } from '../../domain/privacy';
import { defineRoute } from '../../platform/route';

export const handler = defineRoute(
  'setPrivacyDefaults',
  { body: PrivacyDefaultsInput },
  async ({ principal, body }) => {
    await setChurchDefaults(principal, body.levels);
    return { success: true, message: PRIVACY_MESSAGES.defaultsSaved };
  },
);
