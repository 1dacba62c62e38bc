/**
 * After deploying the directory's surname order and search: every church's older families and
 * members put in that order and given their search words (domain/directoryOrderBackfill.ts).
 * Called like every migration (lib/migrations.ts); running it again changes nothing.
 */
import { backfillDirectoryOrder } from '../domain/directoryOrderBackfill';
import { listOrganizations } from '../domain/repos/orgs';
import { defineTask, type TaskEvent } from '../platform/task';

export const handler = defineTask('backfillDirectoryOrder', async (event: TaskEvent & { RequestType?: string }) => {
  const total = { churches: 0, families: 0, members: 0 };
  if (event.RequestType === 'Delete') return { Data: total };
  for (const { orgId } of await listOrganizations()) {
    const written = await backfillDirectoryOrder(orgId);
    total.churches++;
    total.families += written.families;
    total.members += written.members;
  }
  return { Data: total };
});
