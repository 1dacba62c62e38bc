/**
 * After deploying the group marks: every church's marks made true from its roles
 * (domain/groupMarksBackfill.ts). CloudFormation calls it through a custom resource after each
 * deployment that changes it (lib/migrations.ts), and removing the stack calls it with nothing to
 * do; the local stack runs it when it starts, on the data it kept. Running it again changes nothing.
 */
import { backfillGroupMarks } from '../domain/groupMarksBackfill';
import { listOrganizations } from '../domain/repos/orgs';
import { defineTask, type TaskEvent } from '../platform/task';

export const handler = defineTask('backfillGroupMarks', async (event: TaskEvent & { RequestType?: string }) => {
  const total = { churches: 0, members: 0, families: 0 };
  if (event.RequestType === 'Delete') return { Data: total };
  for (const { orgId } of await listOrganizations()) {
    const written = await backfillGroupMarks(orgId);
    total.churches++;
    total.members += written.members;
    total.families += written.families;
  }
  return { Data: total };
});
