/** Task MarkFailed: the book's run ends FAILED once Render has failed after its retries. */
import { failBookRun, type BookTask } from '../../domain/directoryBook';
import { defineTask } from '../../platform/task';

export const handler = defineTask('directoryBook/fail', (event: BookTask & { error?: unknown }) => failBookRun(event));
