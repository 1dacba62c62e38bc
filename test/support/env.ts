/** Test files talk to the same stand-ins as the gateway: give them the handlers' environment. */
import { afterAll, inject } from 'vitest';

export const stack = inject('stack');
Object.assign(process.env, stack.env);

// After the file, the table's change stream goes off again if the file watched the table.
afterAll(async () => (await import('./table-mirror')).stopWatching());
