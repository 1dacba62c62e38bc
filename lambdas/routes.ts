/**
 * THE route manifest. One entry per API operation; it drives:
 *  - the CDK HTTP API (lib/api.ts): one Lambda per entry, JWT authorizer unless `public`,
 *  - the local gateway (lib/local/gateway.ts): same paths, same handler files,
 *  - the handlers themselves (platform/wiring/route.ts looks up the access rule by operation),
 *  - the security matrix test (test/security), which fails for an entry without expectations.
 *
 * Access rules (each includes the ones after it, except `public`):
 *  - public      anyone, no token.
 *  - signedIn    a valid ID token, e-mail verified or not.
 *  - member      verified e-mail, organisation claim, a live user record in that organisation, and (not
 *                an admin) a link to a member the church still lists.
 *  - familyUser  member whose familyId claim equals the target family, or an admin (checked in the domain).
 *  - admin       member whose user record says admin (the record, not the token, is authoritative).
 *  - superAdmin  the configured super-admin e-mail (case-insensitive) with a verified e-mail, and
 *                two-step sign-in (TOTP) on in Cognito, with a token whose sign-in answered the code
 *                (the route admits with requireOperatorTotp).
 */
export type Access = 'public' | 'signedIn' | 'member' | 'familyUser' | 'admin' | 'superAdmin';
/** The product's areas, each deployed as a stack of its own; a new capability adds its own. */
export const AREAS = [
  'accounts',
  'directory',
  'groups',
  'admin',
  'book',
  'transfer',
  'changes',
  'map',
  'studies',
] as const;
export type Area = (typeof AREAS)[number];
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A Cognito admin action, as IAM names it. */
export type UserPoolAction = `cognito-idp:${string}`;
/**
 * Files shipped beside a bundle and read at run time (lambdas/platform/shipped.ts): `pdfText` = the
 * PDF's fonts and HarfBuzz's WebAssembly, `commonPasswords` = the list of the most common passwords
 * a new password may not be (contract/commonPasswords.ts).
 */
export type ShippedFiles = 'pdfText' | 'commonPasswords';
export type JobsAction = 'states:StartExecution' | 'states:DescribeExecution';

/**
 * What asking for an account calls: whether the address already has a proven account (the message
 * it gets depends on it). Nothing that changes an account: no account is made before the proof.
 */
const ASK_FOR_ACCOUNT = ['cognito-idp:AdminGetUser'] as const satisfies readonly UserPoolAction[];

/**
 * What proving an address calls (accounts/accounts.ts), only after the mailed code matched: look
 * the address up, replace an account opened before codes were ours and never proven (signed out,
 * deleted), create the proven account and set its password, and delete it again when that fails.
 * AdminCreateUser refuses an address that has an account, so the password is set only on the
 * account this request made (docs/least-privilege.md).
 */
const PROVE_ADDRESS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminDeleteUser',
] as const satisfies readonly UserPoolAction[];

/** What finishing a sign-up or a registration calls: read the account, write its claims, take them off on failure. */
const FINISH_ACCOUNT = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDeleteUserAttributes',
] as const satisfies readonly UserPoolAction[];

/**
 * What reading an account's second step calls (accounts/twoStepState.ts): whether the account has
 * TOTP on; when it went on is read from the table, which every route may read. A super-admin route
 * reads it to admit the caller (platform/wiring/operatorMfa.ts); setTwoStep, before turning it on.
 */
const TWO_STEP_STATE = ['cognito-idp:AdminGetUser'] as const satisfies readonly UserPoolAction[];

/**
 * A bucket's use: `read` = HEAD/GET objects and list (a missing object is then a 404, not a 403),
 * and presign GETs; `delete` adds deletion; `write` adds PUT; `replace` adds both (a file that
 * replaces the one before it).
 */
export type BucketUse = 'read' | 'delete' | 'write' | 'replace';

/**
 * What a function reads and writes, at the narrowest grant it needs. A route that only reads
 * (`table: 'read'`) cannot write a byte, whatever its code: test/integration/table-access.test.ts
 * checks each route's DynamoDB calls against its level.
 */
export interface DataUses {
  readonly table?: 'read' | 'readWrite';
  readonly photos?: BucketUse;
  readonly exports?: BucketUse;
}

export interface RouteDef {
  /** The operation's name (addFamily, newUser, ...); also the Lambda's logical name. */
  readonly operation: string;
  readonly method: Method;
  /** API Gateway path syntax: /api/families/{familyId} */
  readonly path: string;
  readonly access: Access;
  /**
   * The part of the product it belongs to: its deployment stack (lib/api-area.ts) holds the routes of
   * one area, so that no CloudFormation template nears its quotas as the product grows.
   */
  readonly area: Area;
  /** Handler file, relative to lambdas/http, without extension; exports `handler`. */
  readonly entry: string;
  /** What the handler reads and writes: CDK grants exactly that (lib/grants.ts; `mail`: ses:SendEmail). */
  readonly uses: DataUses & { readonly mail?: true };
  /** The Cognito admin actions the handler calls, granted on our pool only. */
  readonly userPool?: readonly UserPoolAction[];
  /** The Step Functions actions the handler calls on the jobs' state machines (lib/jobs.ts). */
  readonly jobs?: readonly JobsAction[];
  /** Files the handler reads at run time, shipped next to its bundle (lib/bundling.ts). */
  readonly files?: readonly ShippedFiles[];
  /** Lambda memory in MB when the default (512) is not enough; CPU grows with it. */
  readonly memoryMb?: number;
  /**
   * What a call costs, for its throttle and reserved concurrency (lib/limits.ts): `account` opens or
   * finishes an account (Cognito's admin API), `job` starts a long job (the printed book is one),
   * `print` draws a PDF within the request (a study's handout). Unset: a read (GET) or an ordinary
   * write, which counts against its church's write rate.
   */
  readonly load?: 'account' | 'job' | 'print';
}

export const routes = [
  {
    operation: 'registerOrganization',
    method: 'POST',
    path: '/api/organizations',
    access: 'public',
    entry: 'organizations/registerOrganization',
    area: 'accounts',
    uses: { table: 'readWrite', mail: true },
    userPool: ASK_FOR_ACCOUNT,
    files: ['commonPasswords'],
    load: 'account',
  },
  // The church a sign-up link names, for the sign-up page: its name alone (accounts/signUpLink.ts).
  {
    operation: 'getOrganizationName',
    method: 'GET',
    path: '/api/organizations/{orgId}/name',
    access: 'public',
    entry: 'organizations/getOrganizationName',
    area: 'accounts',
    uses: { table: 'read' },
  },
  // The last steps of registration and sign-up, for a proven address (accounts/accounts.ts).
  {
    operation: 'finishRegistration',
    method: 'POST',
    path: '/api/session/registration',
    access: 'signedIn',
    entry: 'session/finishRegistration',
    area: 'accounts',
    uses: { table: 'readWrite' },
    userPool: FINISH_ACCOUNT,
    load: 'account',
  },
  {
    operation: 'finishSignUp',
    method: 'POST',
    path: '/api/session/sign-up',
    access: 'signedIn',
    entry: 'session/finishSignUp',
    area: 'accounts',
    uses: { table: 'readWrite' },
    userPool: FINISH_ACCOUNT,
    load: 'account',
  },
  {
    operation: 'addClaimCreds',
    method: 'POST',
    path: '/api/session/claims',
    access: 'signedIn',
    entry: 'session/addClaimCreds',
    area: 'accounts',
    uses: { table: 'readWrite' },
    userPool: ['cognito-idp:AdminUpdateUserAttributes'],
  },
  // Two-step sign-in turned on (its authenticator verified with Cognito first) or off (accounts/twoStep.ts).
  {
    operation: 'setTwoStep',
    method: 'PUT',
    path: '/api/me/two-step',
    access: 'signedIn',
    entry: 'session/setTwoStep',
    area: 'accounts',
    uses: { table: 'readWrite' },
    userPool: [...TWO_STEP_STATE, 'cognito-idp:AdminSetUserMFAPreference'],
  },
  // The installed app tells its platform on its first start (accounts/appLink.ts).
  {
    operation: 'linkApp',
    method: 'PUT',
    path: '/api/me/app',
    access: 'member',
    entry: 'session/linkApp',
    area: 'accounts',
    uses: { table: 'readWrite' },
  },
  {
    operation: 'getMe',
    method: 'GET',
    path: '/api/me',
    access: 'signedIn',
    entry: 'session/getMe',
    area: 'accounts',
    uses: { table: 'read' },
  },
  {
    operation: 'getDashboard',
    method: 'GET',
    path: '/api/dashboard',
    access: 'member',
    entry: 'directory/getDashboard',
    area: 'directory',
    uses: { table: 'read', photos: 'read' },
  },
  {
    operation: 'listFamilies',
    method: 'GET',
    path: '/api/families',
    access: 'member',
    entry: 'families/listFamilies',
    area: 'directory',
    uses: { table: 'read', photos: 'read' },
  },
  {
    operation: 'searchDirectory',
    method: 'GET',
    path: '/api/search',
    access: 'member',
    entry: 'families/searchDirectory',
    area: 'directory',
    uses: { table: 'read', photos: 'read' },
  },
  {
    operation: 'getFamily',
    method: 'GET',
    path: '/api/families/{familyId}',
    access: 'member',
    entry: 'families/getFamily',
    area: 'directory',
    uses: { table: 'read', photos: 'read' },
  },
  {
    operation: 'addFamily',
    method: 'POST',
    path: '/api/families',
    access: 'admin',
    entry: 'families/addFamily',
    area: 'directory',
    // A photo is checked in the table (photos/photo-taking.ts): no S3.
    uses: { table: 'readWrite' },
    // The new address is looked up by the lookup job (map/startLocating.ts).
    jobs: ['states:StartExecution'],
  },
  {
    operation: 'updateFamily',
    method: 'PUT',
    path: '/api/families/{familyId}',
    access: 'familyUser',
    entry: 'families/updateFamily',
    area: 'directory',
    // Photos are checked in the table and deleted by the photo clean-up job (photos/photo-retiring.ts): no S3.
    // Mail: the church's administrators are told (once a day) that a family's change waits for them.
    uses: { table: 'readWrite', mail: true },
    jobs: ['states:StartExecution'],
  },
  {
    operation: 'deleteFamily',
    method: 'DELETE',
    path: '/api/families/{familyId}',
    access: 'familyUser',
    entry: 'families/deleteFamily',
    area: 'directory',
    // Photos are checked in the table and deleted by the photo clean-up job (photos/photo-retiring.ts): no S3.
    uses: { table: 'readWrite' },
    jobs: ['states:StartExecution'],
  },
  {
    operation: 'setFamilyPrivacy',
    method: 'PUT',
    path: '/api/families/{familyId}/privacy',
    access: 'familyUser',
    entry: 'privacy/setFamilyPrivacy',
    area: 'directory',
    uses: { table: 'readWrite' },
  },
  {
    operation: 'getPrivacyDefaults',
    method: 'GET',
    path: '/api/privacy',
    access: 'admin',
    entry: 'privacy/getPrivacyDefaults',
    area: 'directory',
    uses: { table: 'read' },
  },
  {
    operation: 'setPrivacyDefaults',
    method: 'PUT',
    path: '/api/privacy',
    access: 'admin',
    entry: 'privacy/setPrivacyDefaults',
    area: 'directory',
    uses: { table: 'readWrite' },
  },
  {
    operation: 'getMember',
    method: 'GET',
    path: '/api/members/{memberId}',
    access: 'member',
    entry: 'members/getMember',
    area: 'directory',
    uses: { table: 'read' },
  },
  {
    operation: 'addMember',
    method: 'POST',
    path: '/api/members',
    access: 'familyUser',
    entry: 'members/addMember',
    area: 'directory',
    uses: { table: 'readWrite', mail: true },
  },
  {
    operation: 'updateMember',
    method: 'PUT',
    path: '/api/members/{memberId}',
    access: 'familyUser',
    entry: 'members/updateMember',
    area: 'directory',
    uses: { table: 'readWrite', mail: true },
  },
  {
    operation: 'deleteMember',
    method: 'DELETE',
    path: '/api/members/{memberId}',
    access: 'familyUser',
    entry: 'members/deleteMember',
    area: 'directory',
    uses: { table: 'readWrite' },
  },
  {
    operation: 'createPhotoUpload',
    method: 'POST',
    path: '/api/photos/uploads',
    access: 'familyUser',
    entry: 'photos/createPhotoUpload',
    area: 'directory',
    uses: { table: 'readWrite', photos: 'write' },
  },
  // What the photo pipeline made of an upload: the form waits for it before saving (photos/photo-status.ts).
  {
    operation: 'getPhotoUpload',
    method: 'GET',
    path: '/api/photos/uploads/{photoId}',
    access: 'familyUser',
    entry: 'photos/getPhotoUpload',
    area: 'directory',
    uses: { table: 'read', photos: 'read' },
  },
  {
    operation: 'listGroups',
    method: 'GET',
    path: '/api/groups',
    access: 'member',
    entry: 'groups/listGroups',
    area: 'groups',
    uses: { table: 'read' },
  },
  // One group with a page of its members: the groups page lists no member, so its size does not grow with theirs.
  {
    operation: 'getGroup',
    method: 'GET',
    path: '/api/groups/{groupId}',
    access: 'member',
    entry: 'groups/getGroup',
    area: 'groups',
    uses: { table: 'read' },
  },
  {
    operation: 'addGroup',
    method: 'POST',
    path: '/api/groups',
    access: 'admin',
    entry: 'groups/addGroup',
    area: 'groups',
    uses: { table: 'readWrite' },
  },
  {
    operation: 'deleteGroup',
    method: 'DELETE',
    path: '/api/groups/{groupId}',
    access: 'admin',
    entry: 'groups/deleteGroup',
    area: 'groups',
    uses: { table: 'readWrite' },
  },
  {
    operation: 'addRole',
    method: 'POST',
    path: '/api/groups/{groupId}/roles',
    access: 'admin',
    entry: 'groups/addRole',
    area: 'groups',
    uses: { table: 'readWrite' },
  },
  {
    operation: 'deleteRole',
    method: 'DELETE',
    path: '/api/groups/{groupId}/roles/{memberId}',
    access: 'admin',
    entry: 'groups/deleteRole',
    area: 'groups',
    uses: { table: 'readWrite' },
  },
  // A role made a leader of its group, or no longer: leaders write Bible studies for it (studies/writers.ts).
  {
    operation: 'setRoleLeader',
    method: 'PUT',
    path: '/api/groups/{groupId}/roles/{memberId}/leader',
    access: 'admin',
    entry: 'groups/setRoleLeader',
    area: 'groups',
    uses: { table: 'readWrite' },
  },
  {
    operation: 'newUser',
    method: 'POST',
    path: '/api/accounts',
    access: 'public',
    entry: 'accounts/newUser',
    area: 'accounts',
    uses: { table: 'readWrite', mail: true },
    userPool: ASK_FOR_ACCOUNT,
    files: ['commonPasswords'],
    load: 'account',
  },
  // The mailed code: the account is made only now, proven (accounts/accounts.ts).
  {
    operation: 'proveAddress',
    method: 'POST',
    path: '/api/accounts/proof',
    access: 'public',
    entry: 'accounts/proveAddress',
    area: 'accounts',
    uses: { table: 'readWrite' },
    userPool: PROVE_ADDRESS,
    files: ['commonPasswords'],
    load: 'account',
  },
  {
    operation: 'listUsers',
    method: 'GET',
    path: '/api/users',
    access: 'admin',
    entry: 'users/listUsers',
    area: 'accounts',
    uses: { table: 'read' },
  },
  {
    operation: 'setUserAdminClaim',
    method: 'PUT',
    path: '/api/users/{userId}/admin',
    access: 'admin',
    entry: 'users/setUserAdminClaim',
    area: 'accounts',
    uses: { table: 'readWrite' },
    userPool: ['cognito-idp:AdminUpdateUserAttributes'],
  },
  {
    operation: 'deleteUserAuth',
    method: 'DELETE',
    path: '/api/users/{userId}',
    access: 'admin',
    entry: 'users/deleteUserAuth',
    area: 'accounts',
    uses: { table: 'readWrite' },
    userPool: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'],
  },
  // The super-admin's jobs (issue 6): started at once, run by Step Functions (lambdas/tasks/), polled with getJob.
  {
    operation: 'startIntegrityReport',
    method: 'POST',
    path: '/api/admin/integrity-reports',
    access: 'superAdmin',
    entry: 'admin/startIntegrityReport',
    area: 'admin',
    uses: { table: 'readWrite' },
    jobs: ['states:StartExecution'],
    load: 'job',
    userPool: TWO_STEP_STATE,
  },
  {
    operation: 'getJob',
    method: 'GET',
    path: '/api/admin/jobs/{jobId}',
    access: 'superAdmin',
    entry: 'admin/getJob',
    area: 'admin',
    uses: { table: 'read' },
    jobs: ['states:DescribeExecution'],
    userPool: TWO_STEP_STATE,
  },
  {
    operation: 'getAllOrganizations',
    method: 'GET',
    path: '/api/admin/organizations',
    access: 'superAdmin',
    entry: 'admin/getAllOrganizations',
    area: 'admin',
    uses: { table: 'read' },
    userPool: TWO_STEP_STATE,
  },
  {
    operation: 'deleteAllDataForOrganization',
    method: 'POST',
    path: '/api/admin/organization-deletions',
    access: 'superAdmin',
    entry: 'admin/deleteAllDataForOrganization',
    area: 'admin',
    uses: { table: 'readWrite' },
    jobs: ['states:StartExecution', 'states:DescribeExecution'],
    load: 'job',
    userPool: TWO_STEP_STATE,
  },
  // A church that lost its administrators: the super-admin sees its users and makes one of them its administrator.
  {
    operation: 'listOrganizationUsers',
    method: 'GET',
    path: '/api/admin/organizations/{orgId}/users',
    access: 'superAdmin',
    entry: 'admin/listOrganizationUsers',
    area: 'admin',
    uses: { table: 'read' },
    userPool: TWO_STEP_STATE,
  },
  {
    operation: 'makeOrganizationAdmin',
    method: 'PUT',
    path: '/api/admin/organizations/{orgId}/users/{userId}/admin',
    access: 'superAdmin',
    entry: 'admin/makeOrganizationAdmin',
    area: 'admin',
    uses: { table: 'readWrite' },
    userPool: [...TWO_STEP_STATE, 'cognito-idp:AdminUpdateUserAttributes'],
  },
  // The printed book as a job (book/directoryBook.ts): started (or joined) at once, followed by the page.
  {
    operation: 'startDirectoryBook',
    method: 'POST',
    path: '/api/directory/book',
    access: 'admin',
    entry: 'directory/startDirectoryBook',
    area: 'book',
    uses: { table: 'readWrite', exports: 'read' },
    jobs: ['states:StartExecution', 'states:DescribeExecution'],
    load: 'job',
  },
  {
    operation: 'getDirectoryBook',
    method: 'GET',
    path: '/api/directory/book',
    access: 'admin',
    entry: 'directory/getDirectoryBook',
    area: 'book',
    // With the church's book setting, whose cover preview is presigned.
    uses: { table: 'read', photos: 'read', exports: 'read' },
    jobs: ['states:DescribeExecution'],
  },
  // The church's book setting (book/bookSettings.ts), saved on the church; getDirectoryBook answers it.
  {
    operation: 'setBookSettings',
    method: 'PUT',
    path: '/api/directory/book/settings',
    access: 'admin',
    entry: 'directory/setBookSettings',
    area: 'book',
    // The cover is checked in the table and a replaced one deleted by the photo clean-up job; its preview is presigned.
    uses: { table: 'readWrite', photos: 'read' },
    jobs: ['states:StartExecution'],
  },
  // The book's cover photo: uploaded as a family's photo is (the photo pipeline checks it; getPhotoUpload follows it).
  {
    operation: 'createBookCoverUpload',
    method: 'POST',
    path: '/api/directory/book/cover',
    access: 'admin',
    entry: 'directory/createBookCoverUpload',
    area: 'book',
    uses: { table: 'readWrite', photos: 'write' },
  },
  // The church's directory as a CSV file (transfer/churchExport.ts): started as a job, listed with its download.
  {
    operation: 'startExport',
    method: 'POST',
    path: '/api/exports',
    access: 'admin',
    entry: 'transfer/startExport',
    area: 'transfer',
    uses: { table: 'readWrite' },
    jobs: ['states:StartExecution', 'states:DescribeExecution'],
    load: 'job',
  },
  {
    operation: 'listExports',
    method: 'GET',
    path: '/api/exports',
    access: 'admin',
    entry: 'transfer/listExports',
    area: 'transfer',
    // The newest finished file's download is presigned.
    uses: { table: 'read', exports: 'read' },
    jobs: ['states:DescribeExecution'],
  },
  // The audit trail (audit/history.ts): read by administrators, written only by the changes themselves.
  {
    operation: 'listAuditEntries',
    method: 'GET',
    path: '/api/audit',
    access: 'admin',
    entry: 'audit/listAuditEntries',
    area: 'changes',
    uses: { table: 'read' },
  },
  // A family or member restored as before one change of its history (directory/restoreVersion.ts): by the forms' writes.
  {
    operation: 'restoreVersion',
    method: 'POST',
    path: '/api/restores',
    access: 'admin',
    entry: 'audit/restoreVersion',
    area: 'changes',
    uses: { table: 'readWrite', mail: true },
    jobs: ['states:StartExecution'],
  },
  // Families' changes waiting for approval (directory/changeDecisions.ts): the queue, with photo links.
  {
    operation: 'listChangeRequests',
    method: 'GET',
    path: '/api/change-requests',
    access: 'admin',
    entry: 'changes/listChangeRequests',
    area: 'changes',
    uses: { table: 'read', photos: 'read' },
  },
  // Approving applies the change by the forms' writes: a new address is invited, a replaced photo retired.
  {
    operation: 'decideChangeRequest',
    method: 'PUT',
    path: '/api/change-requests/{requestId}',
    access: 'admin',
    entry: 'changes/decideChangeRequest',
    area: 'changes',
    uses: { table: 'readWrite', photos: 'read', mail: true },
    jobs: ['states:StartExecution'],
  },
  // What the church lets its members change (privacy/changeRules.ts); read with the privacy defaults.
  {
    operation: 'setChangeRules',
    method: 'PUT',
    path: '/api/change-rules',
    access: 'admin',
    entry: 'privacy/setChangeRules',
    area: 'changes',
    uses: { table: 'readWrite' },
  },
  // The church's import (transfer/churchImport.ts): the file uploaded, checked (the dry run) and written by a job.
  {
    operation: 'createImportUpload',
    method: 'POST',
    path: '/api/imports',
    access: 'admin',
    entry: 'transfer/createImportUpload',
    area: 'transfer',
    uses: { table: 'readWrite', exports: 'write' },
    jobs: ['states:DescribeExecution'],
  },
  {
    operation: 'checkImport',
    method: 'POST',
    path: '/api/imports/{importId}/check',
    access: 'admin',
    entry: 'transfer/checkImport',
    area: 'transfer',
    uses: { table: 'readWrite' },
    jobs: ['states:StartExecution', 'states:DescribeExecution'],
    load: 'job',
  },
  {
    operation: 'confirmImport',
    method: 'POST',
    path: '/api/imports/{importId}/confirm',
    access: 'admin',
    entry: 'transfer/confirmImport',
    area: 'transfer',
    uses: { table: 'readWrite' },
    jobs: ['states:StartExecution', 'states:DescribeExecution'],
    load: 'job',
  },
  {
    operation: 'undoImport',
    method: 'POST',
    path: '/api/imports/{importId}/undo',
    access: 'admin',
    entry: 'transfer/undoImport',
    area: 'transfer',
    uses: { table: 'readWrite' },
    jobs: ['states:StartExecution', 'states:DescribeExecution'],
    load: 'job',
  },
  {
    operation: 'getImport',
    method: 'GET',
    path: '/api/imports/latest',
    access: 'admin',
    entry: 'transfer/getImport',
    area: 'transfer',
    uses: { table: 'read' },
    jobs: ['states:DescribeExecution'],
  },
  // The member map: the church's looked-up families this member may see at their address (map/memberMap.ts).
  {
    operation: 'getMap',
    method: 'GET',
    path: '/api/map',
    access: 'member',
    entry: 'map/getMap',
    area: 'map',
    uses: { table: 'read' },
  },
  // Bible studies (studies/studies.ts): read by those they are shared with, written by administrators and group leaders.
  {
    operation: 'listStudies',
    method: 'GET',
    path: '/api/studies',
    access: 'member',
    entry: 'studies/listStudies',
    area: 'studies',
    uses: { table: 'read' },
  },
  {
    operation: 'getStudy',
    method: 'GET',
    path: '/api/studies/{studyId}',
    access: 'member',
    entry: 'studies/getStudy',
    area: 'studies',
    // Its files' links are presigned.
    uses: { table: 'read', photos: 'read' },
  },
  // The study as a PDF handout (studies/handout.ts), through the directory's PDF pipeline, for any reader.
  {
    operation: 'printStudyHandout',
    method: 'POST',
    path: '/api/studies/{studyId}/handout',
    access: 'member',
    entry: 'studies/printStudyHandout',
    area: 'studies',
    uses: { table: 'read', photos: 'read', exports: 'write' },
    files: ['pdfText'],
    memoryMb: 1024,
    // Reads the table only: a handout changes nothing of the church, so no write rate counts it.
    load: 'print',
  },
  // A study's file (a PDF or a picture) uploaded as a family photo is (studies/attachments.ts): its writers only.
  {
    operation: 'createStudyAttachmentUpload',
    method: 'POST',
    path: '/api/studies/attachments',
    access: 'member',
    entry: 'studies/createStudyAttachmentUpload',
    area: 'studies',
    // Its only table write is the church's write rate, as for a family's photo upload.
    uses: { table: 'readWrite', photos: 'write' },
  },
  // What the photo pipeline made of it: the editor waits for it before saving.
  {
    operation: 'getStudyAttachmentUpload',
    method: 'GET',
    path: '/api/studies/attachments/{attachmentId}',
    access: 'member',
    entry: 'studies/getStudyAttachmentUpload',
    area: 'studies',
    uses: { table: 'read', photos: 'read' },
  },
  {
    operation: 'addStudy',
    method: 'POST',
    path: '/api/studies',
    access: 'member',
    entry: 'studies/addStudy',
    area: 'studies',
    uses: { table: 'readWrite' },
  },
  {
    operation: 'updateStudy',
    method: 'PUT',
    path: '/api/studies/{studyId}',
    access: 'member',
    entry: 'studies/updateStudy',
    area: 'studies',
    // Files are checked in the table and deleted by the photo clean-up job (photos/photo-retiring.ts): no S3.
    uses: { table: 'readWrite' },
    jobs: ['states:StartExecution'],
  },
  {
    operation: 'deleteStudy',
    method: 'DELETE',
    path: '/api/studies/{studyId}',
    access: 'member',
    entry: 'studies/deleteStudy',
    area: 'studies',
    // Its files are deleted by the photo clean-up job.
    uses: { table: 'readWrite' },
    jobs: ['states:StartExecution'],
  },
  {
    operation: 'setReadingSite',
    method: 'PUT',
    path: '/api/reading-site',
    access: 'admin',
    entry: 'studies/setReadingSite',
    area: 'studies',
    uses: { table: 'readWrite' },
  },
] as const satisfies readonly RouteDef[];

export type Operation = (typeof routes)[number]['operation'];
/** The access rule of one operation, as a type. */
export type AccessOf<Op extends Operation> = Extract<(typeof routes)[number], { operation: Op }>['access'];

export function routeFor(operation: string): RouteDef {
  const route = routes.find((r) => r.operation === operation);
  if (!route) throw new Error(`No route named ${operation} in lambdas/routes.ts`);
  return route;
}
