/**
 * A data migration's run: its per-church step for every church in turn, what each wrote summed.
 * CloudFormation calls it through a custom resource after each deployment that changes it
 * (lib/migrations.ts; platform/wiring/migration.ts makes the handler), and removing the stack
 * calls it with nothing to do; the local stack runs it when it starts. Each step must change
 * nothing when run again.
 */
import { listOrganizations } from '../../accounts/repos/orgs';

export async function everyChurch<C extends Record<string, number>>(
  /** What a run that wrote nothing answers: the names of the step's counts. */
  none: C,
  perChurch: (orgId: string) => Promise<C>,
): Promise<Record<string, number>> {
  const total: Record<string, number> = { churches: 0, ...none };
  for (const { orgId } of await listOrganizations()) {
    const written = await perChurch(orgId);
    total.churches!++;
    for (const name of Object.keys(none)) total[name]! += written[name]!;
  }
  return total;
}
