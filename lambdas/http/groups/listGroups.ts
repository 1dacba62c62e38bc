import { listGroups } from '../../domain/groups';
import { defineRoute } from '../../platform/route';

/** All groups with their roles (one Query); for admins also the church's members, for the Add Member modal. */
export const handler = defineRoute('listGroups', {}, async ({ principal }) => listGroups(principal));
