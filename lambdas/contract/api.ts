/**
 * What each operation answers. The web client and the handlers both use these types, so a
 * change of shape fails the type check on both sides.
 */
import type { LinkAppResult } from './app';
import type { ErrorCode } from './errors';
import type { SetTwoStepResult } from './mfa';
import type { FamilyFields, MemberFields } from './directory';
import type { FamilyPrivacyView, MemberPrivacyView } from './privacy';
import type { InvitationResult } from './invitations';
import type { GetAllOrganizationsResult, JobView, StartJobResult } from './jobs';
import type { GetDirectoryBookResult, SetBookSettingsResult, StartDirectoryBookResult } from './book';
import type { ListExportsResult, StartExportResult } from './exports';
import type { ListAuditResult } from './audit';
import type { ChangeRules, PrivacyDefaultsResult, SetChangeRulesResult } from './changeRules';
import type { ChangeRequestView, DecideChangeResult, ListChangeRequestsResult } from './changeRequests';
import type { RestoreResult } from './audit';
import type { GetImportResult, ImportResult, ImportUploadResult } from './importJobs';
import type { MapResult } from './map';
import type {
  AttachmentUploadResult,
  AttachmentUploadStatus,
  ListStudiesResult,
  SavedStudyResult,
  StudyHandout,
  StudyView,
  UpcomingSession,
} from './studies';

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string };
}

/** The first step of registration and sign-up: the same answer for every address. */
export interface AccountOpenedResult {
  success: true;
  message: string;
}

/** The mailed code proved the address: its account now exists, with the password given. */
export interface AddressProvenResult {
  success: true;
}

/** The church a sign-up link names (getOrganizationName, public): its name and nothing else. */
export interface OrganizationNameResult {
  orgName: string;
}

/** The last step, once the address is proven: the church the account now belongs to. */
export interface AccountFinishedResult {
  success: true;
  message: string;
  orgId: string;
}

export interface AddClaimCredsResult {
  success: true;
  /** True when the account was linked to a member of the directory now. */
  linked: boolean;
  message: string;
}

export interface MeResult {
  userId: string;
  email: string;
  orgId: string;
  orgName: string;
  admin: boolean;
  superAdmin: boolean;
  /** The account may read its church's directory: an admin, or linked to a member the church still lists. */
  listed: boolean;
  memberId: string | null;
  familyId: string | null;
  createdAt: string | null;
  mobileAppLinked: boolean;
  /** For administrators: how many families' changes wait for approval (the menu shows it), at most WAITING_SHOWN; 0 for anyone else. */
  waitingChanges: number;
}

/** The menu counts waiting changes up to this ("99+" past it): one read however many wait. */
export const WAITING_SHOWN = 99;

/** A member as the directory shows it: its declared fields. Birthday is MM/DD text (or older free text, which the pages show blank). */
export interface MemberView extends MemberFields {
  memberId: string;
  familyId: string;
  surname: string;
  version: number;
  /** Who may see its details: for administrators and its own family only (null for anyone else). */
  privacy: MemberPrivacyView | null;
  /**
   * For administrators only, when the address shown is held: another member of the church has it
   * (a family user gave it; the family is not told). Absent otherwise.
   */
  emailHeld?: true;
}

/** A family as the directory shows it: its declared fields, but the photo as a URL only (its storage key is the server's). */
export interface FamilyView extends Omit<FamilyFields, 'photo'> {
  /** A browser-loadable URL for the photo at list size (a presigned GET that stays the same for a while), or null. */
  photoUrl: string | null;
  /** The photo's screen renditions with their widths, for an img's srcset; null while it has none. */
  photoSrcset: string | null;
  /** The photo's upright size (an img's width and height, so its box is known before it loads); null when unknown. */
  photoSize: { width: number; height: number } | null;
  familyId: string;
  version: number;
  /** The caller may edit this family and its members (admin, or the family's own user). */
  canEdit: boolean;
  /** Who may see its details: for administrators and the family itself only (null for anyone else). */
  privacy: FamilyPrivacyView | null;
  /** Sorted by name. */
  members: MemberView[];
}

export interface ListFamiliesResult {
  /** One page, in surname order (contract/names.ts: case, accents and punctuation aside). */
  families: FamilyView[];
  /** Admin controls: Add Family, Download PDF. */
  canAddFamily: boolean;
  /** The `after` of the next page, or null after the last family. */
  next: string | null;
  /** The `before` of the page before, or null when this page starts the list. */
  previous: string | null;
}

export interface SearchDirectoryResult {
  /** The families the search found, as the viewer may see them, in surname order. */
  families: FamilyView[];
  /** More families match than were answered: the person should type more. */
  more: boolean;
}

export interface GetFamilyResult {
  family: FamilyView;
  /** For the family's own user and administrators: what the church lets families change (null for anyone else). */
  rules: ChangeRules | null;
  /** For the same: the family's latest change requests, newest first (null for anyone else). */
  requests: ChangeRequestView[] | null;
}

export interface GetMemberResult {
  member: MemberView;
  canEdit: boolean;
  rules: ChangeRules | null;
}

export interface SavedResult {
  success: true;
  message: string;
  id: string;
  /** The new version, for a further edit without reloading. */
  version: number;
  /**
   * The church approves changes first: the edit became this request (null: it changed nothing),
   * and the record is as it was. Absent when the change was saved.
   */
  requestId?: string | null;
}

/** A change that creates nothing: its message says what was done. */
export interface DoneResult {
  success: true;
  message: string;
}

/** A saved member: whether its new e-mail address was invited (null when the address is not new). */
export interface SavedMemberResult extends SavedResult {
  invitation: InvitationResult | null;
}

export interface DeletedResult {
  success: true;
  message: string;
}

export interface PhotoUploadResult {
  /** A presigned PUT: send the file as the body, with exactly these headers (and its declared size). */
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  /** The storage path to send as the family's photo once uploaded: only that family may take it. */
  photo: string;
  maxBytes: number;
}

/** What the photo pipeline made of an upload (404 until it has handled it). */
export type PhotoUploadStatus =
  | {
      status: 'ready';
      /** The small rendition, for the form's preview. */
      url: string;
      /** The photo's upright size. */
      width: number;
      height: number;
    }
  | { status: 'refused'; message: string };

export interface DashboardBirthday {
  memberId: string;
  familyId: string;
  name: string;
  surname: string;
  /** MM/DD */
  birthday: string;
  dayOfMonth: number;
}

export interface DashboardAnniversary {
  familyId: string;
  surname: string;
  /** MM/DD */
  anniversary: string;
  dayOfMonth: number;
  photoUrl: string | null;
}

export interface DashboardResult {
  month: number;
  counts: { families: number; members: number; groups: number; lessons: number };
  mobileAppLinked: boolean;
  /** Sorted by day of month: the whole month's, or (`upcoming`) the next of a month with more than a panel holds. */
  birthdays: DashboardBirthday[];
  anniversaries: DashboardAnniversary[];
  /** Which lists hold only the next ones from today, the month having more than the panel shows. */
  upcoming: { birthdays: boolean; anniversaries: boolean };
  /** The next sessions of the Bible studies this member may read, soonest first (a few). */
  sessions: UpcomingSession[];
}

/** A member's role in a group, as the group's page shows it. */
export interface GroupRoleView {
  memberId: string;
  /** '' when the member has no family (the card then links nowhere). */
  familyId: string;
  /** 'Unknown Member' when the stored name is empty. */
  memberName: string;
  label: string | null;
  /** A leader of the group: may write Bible studies for it (set by administrators). */
  leader: boolean;
  cDate: string;
}

/** A group as the groups page lists it: its name and how many members it has, never the members themselves. */
export interface GroupSummaryView {
  groupId: string;
  groupName: string;
  /** Every member of the group, as the dashboard counts the church's members. */
  memberCount: number;
}

export interface ListGroupsResult {
  /** Every group of the church (2,000 at most), in name order. */
  groups: GroupSummaryView[];
  /** Admin controls: Create Group, Delete Group. */
  canManage: boolean;
}

export interface GetGroupResult {
  group: GroupSummaryView;
  /** One page of the group's members the viewer may see, in name order (contract/names.ts). */
  roles: GroupRoleView[];
  /** The `after` of the next page, or null after the last member. */
  next: string | null;
  /** Admin controls: Add Member (which finds people by searchDirectory), remove a member, Delete Group. */
  canManage: boolean;
}

export interface AddGroupResult {
  success: true;
  /** "Group '{name}' created." */
  message: string;
  groupId: string;
}

export interface AddRoleResult {
  success: true;
  message: string;
}

/** One account of the church, as User Management lists it. */
export interface UserView {
  userId: string;
  email: string;
  admin: boolean;
  memberId: string | null;
  familyId: string | null;
  createdAt: string | null;
}

export interface ListUsersResult {
  /** Sorted by e-mail. */
  users: UserView[];
  /** The addresses the church invited, with when it last did; newest first. */
  invitations: InvitationView[];
}

/** A church's accounts, as the super-admin's Administrators dialog lists them. */
export interface OrganizationUsersResult {
  /** Sorted by e-mail. */
  users: UserView[];
}

export interface InvitationView {
  email: string;
  /** ISO time of the last invitation sent to the address. */
  sentAt: string;
}

export interface SetUserAdminResult {
  success: true;
  message: string;
  user: UserView;
}

export interface OperationResults {
  registerOrganization: AccountOpenedResult;
  finishRegistration: AccountFinishedResult;
  finishSignUp: AccountFinishedResult;
  addClaimCreds: AddClaimCredsResult;
  setTwoStep: SetTwoStepResult;
  getMe: MeResult;
  linkApp: LinkAppResult;
  getDashboard: DashboardResult;
  listFamilies: ListFamiliesResult;
  searchDirectory: SearchDirectoryResult;
  getFamily: GetFamilyResult;
  addFamily: SavedResult;
  updateFamily: SavedResult;
  deleteFamily: DeletedResult;
  setFamilyPrivacy: DoneResult;
  getPrivacyDefaults: PrivacyDefaultsResult;
  setPrivacyDefaults: DoneResult;
  getMember: GetMemberResult;
  addMember: SavedMemberResult;
  updateMember: SavedMemberResult;
  deleteMember: DeletedResult;
  createPhotoUpload: PhotoUploadResult;
  getPhotoUpload: PhotoUploadStatus;
  listGroups: ListGroupsResult;
  getGroup: GetGroupResult;
  addGroup: AddGroupResult;
  deleteGroup: DeletedResult;
  addRole: AddRoleResult;
  deleteRole: DeletedResult;
  newUser: AccountOpenedResult;
  proveAddress: AddressProvenResult;
  getOrganizationName: OrganizationNameResult;
  listUsers: ListUsersResult;
  setUserAdminClaim: SetUserAdminResult;
  deleteUserAuth: DeletedResult;
  listOrganizationUsers: OrganizationUsersResult;
  makeOrganizationAdmin: SetUserAdminResult;
  startIntegrityReport: StartJobResult;
  getJob: JobView;
  getAllOrganizations: GetAllOrganizationsResult;
  deleteAllDataForOrganization: StartJobResult;
  startDirectoryBook: StartDirectoryBookResult;
  getDirectoryBook: GetDirectoryBookResult;
  startExport: StartExportResult;
  listExports: ListExportsResult;
  listAuditEntries: ListAuditResult;
  setChangeRules: SetChangeRulesResult;
  restoreVersion: RestoreResult;
  listChangeRequests: ListChangeRequestsResult;
  decideChangeRequest: DecideChangeResult;
  createImportUpload: ImportUploadResult;
  checkImport: ImportResult;
  confirmImport: ImportResult;
  undoImport: ImportResult;
  getImport: GetImportResult;
  setBookSettings: SetBookSettingsResult;
  createBookCoverUpload: PhotoUploadResult;
  getMap: MapResult;
  listStudies: ListStudiesResult;
  getStudy: { study: StudyView };
  printStudyHandout: StudyHandout;
  createStudyAttachmentUpload: AttachmentUploadResult;
  getStudyAttachmentUpload: AttachmentUploadStatus;
  addStudy: SavedStudyResult;
  updateStudy: SavedStudyResult;
  deleteStudy: DeletedResult;
  setRoleLeader: DoneResult;
  setReadingSite: DoneResult;
}
