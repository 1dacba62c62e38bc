/**
 * Test files talk to the same stand-ins as the gateway: each file claims one of its project's
 * stacks to itself for as long as it runs (test/support/stacks.ts), and gets the handlers' environment.
 */
import { afterAll, inject } from 'vitest';
import { claimStack } from './stacks';

const claimed = await claimStack(inject('stacks'));
export const stack = claimed.stack;
Object.assign(process.env, stack.env);

afterAll(async () => {
  // After the file, the table's change stream goes off again if the file watched the table.
  await (await import('./table-mirror')).stopWatching();
  claimed.release();
});
