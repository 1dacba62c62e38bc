/**
 * Server state: one query per API read, keyed by its operation and arguments, and one mutation
 * hook whose success marks stale every read the write can change. Pages read through these and
 * keep no loading or abort state of their own; the QueryClient's defaults (lib/queryClient.ts)
 * decide retries.
 */
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { GetGroupResult, ListFamiliesResult, OperationResults } from '@contract/api';
import type { ListAuditResult } from '@contract/audit';
import { callApi, type ApiOperation, type CallOptions } from '../lib/api';
import type { ListChangeRequestsResult } from '@contract/changeRequests';
import type { ListStudiesResult } from '@contract/studies';
import { DIRECTORY_READS } from './directoryReads';

type Args = Pick<CallOptions, 'params' | 'query'>;

function apiQuery<Op extends ApiOperation>(operation: Op, args: Args = {}) {
  return queryOptions({
    queryKey: [operation, args] as const,
    queryFn: ({ signal }): Promise<OperationResults[Op]> => callApi(operation, { ...args, signal }),
  });
}

export const meQuery = () => apiQuery('getMe');
/** The browser's own month and day: "this month" and "today" are the reader's, not the server's time zone. */
export const dashboardDay = (now = new Date()) => ({ month: String(now.getMonth() + 1), day: String(now.getDate()) });
export const dashboardQuery = () => apiQuery('getDashboard', { query: dashboardDay() });
/** Where a page of the family list starts: the first page, after or before a place a page gave, or at a letter. */
export type FamiliesPlace = { after: string } | { before: string } | { from: string } | Record<string, never>;

/** The family list a page at a time, from the start or from a letter, both ways (the A-Z bar jumps, then either way). */
export const familiesQuery = (from: string | null = null) =>
  infiniteQueryOptions({
    queryKey: ['listFamilies', { from }] as const,
    initialPageParam: (from ? { from } : {}) as FamiliesPlace,
    queryFn: ({ pageParam, signal }): Promise<ListFamiliesResult> =>
      callApi('listFamilies', { query: pageParam, signal }),
    getNextPageParam: (last): FamiliesPlace | undefined => (last.next ? { after: last.next } : undefined),
    getPreviousPageParam: (first): FamiliesPlace | undefined =>
      first.previous ? { before: first.previous } : undefined,
  });
/** A search as the person types: the last answer stays on screen until the next arrives. */
export const searchQuery = (q: string) => ({
  ...apiQuery('searchDirectory', { query: { q } }),
  placeholderData: keepPreviousData,
});
export const familyQuery = (familyId: string) => apiQuery('getFamily', { params: { familyId } });
export const memberQuery = (memberId: string) => apiQuery('getMember', { params: { memberId } });
export const groupsQuery = () => apiQuery('listGroups');
/** One group's members a page at a time, in name order (More asks for the next). */
export const groupQuery = (groupId: string) =>
  infiniteQueryOptions({
    queryKey: ['getGroup', { groupId }] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<GetGroupResult> =>
      callApi('getGroup', { params: { groupId }, query: pageParam ? { after: pageParam } : {}, signal }),
    getNextPageParam: (last): string | undefined => last.next ?? undefined,
  });
export const usersQuery = () => apiQuery('listUsers');
/** What the history page filters by, as its address names it. */
export interface AuditFilters {
  subject?: string;
  by?: string;
  from?: string;
  to?: string;
}
/** The families' changes waiting for approval, oldest first, a page at a time (asked afresh whenever the page opens). */
export const changesQuery = () =>
  infiniteQueryOptions({
    queryKey: ['listChangeRequests'] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<ListChangeRequestsResult> =>
      callApi('listChangeRequests', { query: pageParam ? { after: pageParam } : {}, signal }),
    getNextPageParam: (last): string | undefined => last.next ?? undefined,
    staleTime: 0,
  });
/** The filters an address names (/admin/history?subject=family:<id>&by=...). */
export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of ['subject', 'by', 'from', 'to'] as const) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return filters;
}
/** The church's audit trail a page at a time, newest first; asked afresh whenever the page opens (every write adds to it). */
export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['listAuditEntries', filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<ListAuditResult> =>
      callApi('listAuditEntries', { query: { ...filters, ...(pageParam ? { after: pageParam } : {}) }, signal }),
    getNextPageParam: (last): string | undefined => last.next ?? undefined,
    staleTime: 0,
  });
/** The name of the church a sign-up link names (public: no session needed). */
export const organizationNameQuery = (orgId: string) => apiQuery('getOrganizationName', { params: { orgId } });
export const organizationsQuery = () => apiQuery('getAllOrganizations');
export const organizationUsersQuery = (orgId: string) => apiQuery('listOrganizationUsers', { params: { orgId } });
export const jobQuery = (jobId: string) => apiQuery('getJob', { params: { jobId } });
/** The church's current (or last) printed book: polled while it is made. */
export const directoryBookQuery = () => apiQuery('getDirectoryBook');
/** The church's latest exports: polled while one is made. */
export const exportsQuery = () => apiQuery('listExports');
/** The church's latest import: polled while it is checked or written. */
export const importQuery = () => apiQuery('getImport');
export const privacyDefaultsQuery = () => apiQuery('getPrivacyDefaults');
/** The member map's families: the church's, or one group's (the page's ?group=). */
export const mapQuery = (group?: string) => apiQuery('getMap', group ? { query: { group } } : {});
const twoDigits = (n: number) => String(n).padStart(2, '0');
/** The reader's calendar day (YYYY-MM-DD): a study's next session is the one from the reader's today on. */
export const studyDay = (now = new Date()) =>
  `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
/** The Bible studies the viewer may read, a page at a time (More asks for the next), with what they may write. */
export const studiesQuery = (today = studyDay()) =>
  infiniteQueryOptions({
    queryKey: ['listStudies', { today }] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<ListStudiesResult> =>
      callApi('listStudies', { query: { ...(pageParam ? { after: pageParam } : {}), today }, signal }),
    getNextPageParam: (last): string | undefined => last.next ?? undefined,
  });
export const studyQuery = (studyId: string) => apiQuery('getStudy', { params: { studyId } });

type Read =
  | 'getMe'
  | 'getDashboard'
  | 'listFamilies'
  | 'searchDirectory'
  | 'getFamily'
  | 'getMember'
  | 'listGroups'
  | 'getGroup'
  | 'listUsers'
  | 'getPrivacyDefaults'
  | 'listOrganizationUsers'
  | 'getOrganizationName'
  | 'getMap'
  | 'listStudies'
  | 'getStudy';
// getPhotoUpload and getStudyAttachmentUpload are polled by the uploads themselves, never cached.
// getDirectoryBook is polled while the church's book is made (features/families/DirectoryPdfButton.tsx),
// listExports while an export is made (features/transfer/ExportSection.tsx), getImport while an
// import is checked or written (features/transfer/ImportSection.tsx). listAuditEntries and
// listChangeRequests are read afresh each time their page opens: every write may add to them.
type Write = Exclude<
  ApiOperation,
  | Read
  | 'getAllOrganizations'
  | 'getJob'
  | 'getPhotoUpload'
  | 'getStudyAttachmentUpload'
  | 'getDirectoryBook'
  | 'listExports'
  | 'getImport'
  | 'listAuditEntries'
  | 'listChangeRequests'
>;

/**
 * What a change to the directory can change (directoryReads.ts: the offline copy answers them too),
 * and the map, which shows the families at their addresses as their privacy allows.
 */
const DIRECTORY: readonly Read[] = [...DIRECTORY_READS, 'getMap'];

/** What each write can change. Names and surnames show on groups; deletes also unlink accounts. */
const CHANGES: Record<Write, readonly (Read | 'getAllOrganizations')[]> = {
  registerOrganization: ['getMe'],
  finishRegistration: ['getMe'],
  finishSignUp: ['getMe', 'listUsers'],
  addClaimCreds: ['getMe', 'listUsers'],
  newUser: ['getMe'],
  proveAddress: ['getMe'],
  // Cognito's own state, read by the pages with totpOnQuery (lib/mfa.ts), which My Profile refreshes.
  setTwoStep: [],
  // The dashboard's app card follows the record's link.
  linkApp: ['getMe', 'getDashboard'],
  addFamily: DIRECTORY,
  updateFamily: DIRECTORY,
  deleteFamily: [...DIRECTORY, 'listUsers'],
  addMember: DIRECTORY,
  updateMember: DIRECTORY,
  deleteMember: [...DIRECTORY, 'listUsers'],
  createPhotoUpload: [],
  setFamilyPrivacy: DIRECTORY,
  setPrivacyDefaults: [...DIRECTORY, 'getPrivacyDefaults'],
  // The family and member forms show what the rules leave to administrators.
  setChangeRules: [...DIRECTORY, 'getPrivacyDefaults'],
  // An approval changes the directory; the queue page updates itself; the count in the menu is the account's.
  decideChangeRequest: [...DIRECTORY, 'getMe'],
  // The history page reads itself again after a restore.
  restoreVersion: DIRECTORY,
  // The map offers the groups, and shows one group's families; a study is shared with groups.
  addGroup: ['listGroups', 'getDashboard', 'getMap', 'listStudies'],
  deleteGroup: ['listGroups', 'getGroup', 'getDashboard', 'getMap', 'listStudies', 'getStudy'],
  addRole: ['listGroups', 'getGroup', 'getMap'],
  deleteRole: ['listGroups', 'getGroup', 'getMap'],
  // A leader writes studies for the groups they lead.
  setRoleLeader: ['getGroup', 'listStudies'],
  // The dashboard shows the next sessions of the studies the member reads.
  addStudy: ['listStudies', 'getStudy', 'getDashboard'],
  updateStudy: ['listStudies', 'getStudy', 'getDashboard'],
  deleteStudy: ['listStudies', 'getStudy', 'getDashboard'],
  // A handout is a file to download, and a study's file is taken by the study's save: no page shows either.
  printStudyHandout: [],
  createStudyAttachmentUpload: [],
  // Where each reference of every study links to.
  setReadingSite: ['listStudies', 'getStudy'],
  setUserAdminClaim: ['listUsers'],
  deleteUserAuth: ['listUsers'],
  makeOrganizationAdmin: ['listOrganizationUsers'],
  startIntegrityReport: [],
  // Nothing is gone when the job starts: the page refreshes the list when the job ends.
  deleteAllDataForOrganization: [],
  // The page puts the started book into directoryBookQuery itself and polls it.
  startDirectoryBook: [],
  // The church's book setting is read with its book: the page puts the saved one there itself.
  setBookSettings: [],
  createBookCoverUpload: [],
  // The page puts the started export into exportsQuery itself and polls it.
  startExport: [],
  // The page puts the import into importQuery itself and polls it; the directory changes once it is written (it asks again then).
  createImportUpload: [],
  checkImport: [],
  confirmImport: [],
  undoImport: [],
};

/**
 * The deletes. A cached read not on screen would show what is gone when its page opens next (the
 * groups list, just after deleting a group from its own page) while it asks again: it is dropped
 * instead, and that page reads afresh.
 */
const DELETES: ReadonlySet<Write> = new Set([
  'deleteFamily',
  'deleteMember',
  'deleteGroup',
  'deleteRole',
  'deleteUserAuth',
  'deleteStudy',
]);

/**
 * A write through the API; on success every read it can change is marked stale (and refetched if
 * shown), and after a delete those not shown are dropped.
 */
export function useApiMutation<Op extends Write>(operation: Op) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (options: Omit<CallOptions, 'signal'> = {}) => callApi(operation, options),
    onSuccess: () => {
      for (const read of CHANGES[operation]) {
        if (DELETES.has(operation)) client.removeQueries({ queryKey: [read], type: 'inactive' });
        void client.invalidateQueries({ queryKey: [read] });
      }
    },
  });
}
