/**
 * A data migration's handler (lambdas/migrations/<name>.ts): CloudFormation's custom resource event
 * in, the run's counts out as the resource's Data; a Delete (the stack removed) runs nothing.
 */
import { everyChurch } from '../../migrations/run/perChurch';
import { defineTask, type TaskEvent } from './task';

export function defineMigration<C extends Record<string, number>>(
  task: string,
  /** What a run that wrote nothing answers: the names of the step's counts. */
  none: C,
  perChurch: (orgId: string) => Promise<C>,
) {
  return defineTask(task, async (event: TaskEvent & { RequestType?: string }) => ({
    Data: event.RequestType === 'Delete' ? { churches: 0, ...none } : await everyChurch(none, perChurch),
  }));
}
