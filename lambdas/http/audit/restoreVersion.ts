import { RestoreInput } from '../../contract/audit';
import { restoreVersion } from '../../directory/restoreVersion';
import { defineRoute } from '../../platform/wiring/route';

/** Restores a family or a member as it was before one change of its history (admins). */
export const handler = defineRoute('restoreVersion', { body: RestoreInput }, async ({ principal, body }) =>
  restoreVersion(principal, body),
);
