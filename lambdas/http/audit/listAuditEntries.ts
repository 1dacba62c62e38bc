import { ListAuditQuery } from '../../contract/audit';
import { auditHistory } from '../../audit/history';
import { defineRoute } from '../../platform/wiring/route';

/** A page of the church's audit trail (admins): by record, person and days. */
export const handler = defineRoute('listAuditEntries', { query: ListAuditQuery }, async ({ principal, query }) =>
  auditHistory(principal, query),
);
