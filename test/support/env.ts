/** Test files talk to the same stand-ins as the gateway: give them the handlers' environment. */
import { inject } from 'vitest';

export const stack = inject('stack');
Object.assign(process.env, stack.env);
