/** Task Render: the church's whole book, rendered and stored, its progress written as it goes (lambdas/jobs/directoryBook.asl.json). */
import { renderBook, type BookTask } from '../../domain/directoryBook';
import { defineTask } from '../../platform/task';

export const handler = defineTask('directoryBook/render', (event: BookTask) => renderBook(event));
