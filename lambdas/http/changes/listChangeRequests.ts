import { ChangeQueueQuery } from '../../contract/changeRequests';
import { changeQueue } from '../../directory/changeDecisions';
import { defineRoute } from '../../platform/wiring/route';

/** The families' changes waiting for approval, oldest first (admins). */
export const handler = defineRoute('listChangeRequests', { query: ChangeQueueQuery }, async ({ principal, query }) =>
  changeQueue(principal, query.after),
);
