/**
 * The super-admin pages' texts and the pure helpers the pages and the job handlers share. No
 * imports: the app shell (routes, Access Denied) uses these without zod.
 */
export const JOB_MESSAGES = {
  /** The Access Denied texts of the two pages, for anyone but the super-admin. */
  reportDenied: 'You do not have the necessary permissions to view this page or perform this action.',
  orgDenied: 'You do not have permission to view this page.',
  /** Integrity report. */
  notAuthorized: 'You are not authorized to perform this action.',
  noSession: 'No active user session. Please log in again.',
  reportFailed: 'Failed to generate report.',
  reportUnknown: 'An unknown error occurred while generating the report.',
  noIssues: 'No data integrity issues found. Everything looks good!',
  /** The organisation list. */
  orgsUnauthorized: 'Unauthorized to fetch organizations.',
  orgsFailed: 'Failed to fetch organizations from the server.',
  orgsUnknown: 'An unknown error occurred while fetching organizations.',
  orgsEmpty: 'No organizations found or you might not be authorized to view them.',
  /** Organisation data deletion: the typed confirmation must equal the organisation id. */
  confirmMismatch: 'Confirmation text does not match Organization ID. Deletion cancelled.',
  deletionUnknown: 'An unknown error occurred during deletion.',
  orgNotFound: 'Organization not found.',
  jobNotFound: 'Job not found.',
} as const;

/** The kinds of deleted things, in the order the summary lists them. */
export const DELETED_KINDS = [
  'families',
  'members',
  'groups',
  'roles',
  'users',
  'authUsers',
  'memberEmailClaims',
  'groupNameClaims',
  'photos',
  'exports',
  'auditEntries',
  'organizationNameClaims',
  'organizations',
  'otherItems',
] as const;
export type DeletedKind = (typeof DELETED_KINDS)[number];
export type DeletedCounts = Partial<Record<DeletedKind, number>>;

/** 'families: 3, members: 12, ...' (kinds with a count, in DELETED_KINDS order). */
export function countsSummary(counts: DeletedCounts): string {
  const parts = DELETED_KINDS.filter((k) => (counts[k] ?? 0) > 0).map((k) => `${k}: ${counts[k]}`);
  return parts.length ? parts.join(', ') : 'nothing to delete';
}

/** The deletion's success message, with the per-kind counts. */
export const deletionSuccess = (name: string, orgId: string, counts: DeletedCounts) =>
  `Successfully deleted all data for organization: ${name} (ID: ${orgId}). Summary: ${countsSummary(counts)}`;

/** The report's overall status message. */
export const reportMessage = (total: number) =>
  total === 0
    ? 'Data integrity report complete. No issues found.'
    : `Data integrity report complete. Found ${total} issue${total === 1 ? '' : 's'}.`;

/** 'authUsers' → 'auth Users', 'organizationName' → 'organization Name' (the report's category names are split at capitals). */
export const splitAtCapitals = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
