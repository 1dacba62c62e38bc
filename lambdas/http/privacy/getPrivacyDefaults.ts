import { churchDefaults } from '../../privacy/privacy';
import { defineRoute } from '../../platform/wiring/route';

/** The church's privacy defaults, for its Privacy page (one GetItem). */
export const handler = defineRoute('getPrivacyDefaults', {}, ({ principal }) => churchDefaults(principal));
