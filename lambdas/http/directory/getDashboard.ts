import { DashboardQuery } from '../../contract/directory';
import { dashboard } from '../../directory/dashboard';
import { defineRoute } from '../../platform/wiring/route';

/** Counts, this month's birthdays and anniversaries. The browser sends its own month and day (time zones). */
export const handler = defineRoute('getDashboard', { query: DashboardQuery }, async ({ principal, query }) =>
  dashboard(principal, query.month ?? new Date().getUTCMonth() + 1, query.day ?? 1),
);
