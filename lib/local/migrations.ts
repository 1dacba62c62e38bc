/**
 * The data migrations (lambdas/migrations/), run as CDK runs them after a deployment: each handler
 * once, as one invocation, before the gateway serves a request. The local data directory keeps its
 * table between starts, so data written by an older version is migrated here as in AWS.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { asInvocation } from './invocation';

type Handler = (event: unknown, context: unknown) => Promise<unknown>;

/**
 * A migration answers the churches it went through and what it wrote in them
 * (`{ Data: { churches: 1, families: 3, ... } }`, lambdas/migrations/run/perChurch.ts): any write is a change.
 */
const changedAny = (result: unknown) =>
  Object.entries((result as { Data?: Record<string, unknown> } | null)?.Data ?? {}).some(
    ([name, n]) => name !== 'churches' && Number(n) > 0,
  );

export async function runMigrations(migrationsDir: string, verbose: boolean): Promise<void> {
  for (const file of readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const { handler } = (await import(pathToFileURL(path.join(migrationsDir, file)).href)) as { handler: Handler };
    const requestId = randomUUID();
    const result = await asInvocation(requestId, () =>
      handler(
        {},
        { functionName: file.replace(/\.ts$/, ''), awsRequestId: requestId, getRemainingTimeInMillis: () => 900_000 },
      ),
    );
    // Said only when it moved something (a data folder of an older version): a fresh start stays quiet.
    if (verbose && changedAny(result)) console.log(`migration ${file}: ${JSON.stringify(result)}`);
  }
}
