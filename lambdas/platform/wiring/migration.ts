/**
 * A data migration's handler (lambdas/migrations/<name>.ts): CloudFormation's custom resource event
 * in, the run's counts out as the resource's Data; a Delete (the stack removed) runs nothing.
 */
import { everyChurch } from '../../migrations/run/perChurch';
import { defineTask, type TaskEvent } from './task';

/** A migration of the whole table in one step: `run` answers what it wrote. */
export function defineSingleMigration<C extends Record<string, number>>(
  task: string,
  /** What a run that wrote nothing answers: the names of its counts. */
  none: C,
  run: () => Promise<C>,
) {
  return defineTask(task, async (event: TaskEvent & { RequestType?: string }) => ({
    Data: event.RequestType === 'Delete' ? none : await run(),
  }));
}

/** A migration that goes through every church in turn (migrations/run/perChurch.ts). */
export function defineMigration<C extends Record<string, number>>(
  task: string,
  /** What a run that wrote nothing answers: the names of the step's counts. */
  none: C,
  perChurch: (orgId: string) => Promise<C>,
) {
  return defineSingleMigration<Record<string, number>>(task, { churches: 0, ...none }, () =>
    everyChurch(none, perChurch),
  );
}
