/**
 * A data migration's handler (its entry in lambdas/migrations/, its Lambda in lib/migrations.ts): its per-church step run for
 * every church in turn, what each wrote summed. CloudFormation calls it through a custom resource
 * after each deployment that changes it, and removing the stack calls it with nothing to do; the
 * local stack runs it when it starts. Each step must change nothing when run again.
 */
import { listOrganizations } from '../../accounts/repos/orgs';
import { defineTask, type TaskEvent } from '../../platform/task';

export function defineMigration<C extends Record<string, number>>(
  task: string,
  /** What a run that wrote nothing answers: the names of the step's counts. */
  none: C,
  perChurch: (orgId: string) => Promise<C>,
) {
  return defineTask(task, async (event: TaskEvent & { RequestType?: string }) => {
    const total: Record<string, number> = { churches: 0, ...none };
    if (event.RequestType === 'Delete') return { Data: total };
    for (const { orgId } of await listOrganizations()) {
      const written = await perChurch(orgId);
      total.churches!++;
      for (const name of Object.keys(none)) total[name]! += written[name]!;
    }
    return { Data: total };
  });
}
