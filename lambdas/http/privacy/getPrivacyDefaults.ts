import { churchDefaults } from '../../domain/privacy';
import { defineRoute } from '../../platform/route';

/** The church's privacy defaults, for its Privacy page (one GetItem). */
export const handler = defineRoute('getPrivacyDefaults', {}, ({ principal }) => churchDefaults(principal));
