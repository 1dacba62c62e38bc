/** What the table holds, as the domain sees it (keys and item types stay in repos/). */
import type { FAMILY_FIELDS, MEMBER_FIELDS } from '../contract/directory';
import type { RecordOf } from '../contract/entity';
import type { Choices, FamilyShared, Levels, MemberShared } from '../contract/privacy';
import type { ChangeRules } from '../contract/changeRules';

// An optional field may be missing from an item written before it existed: readers take it as null.
type FamilyFields = RecordOf<typeof FAMILY_FIELDS>;
type MemberFields = RecordOf<typeof MEMBER_FIELDS>;

export interface Organization {
  orgId: string;
  orgName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  contactName: string;
  contactEmail: string;
  createdAt: string;
  /** End of the free trial, one year after registration. */
  expiresAt: string;
  familyCount: number;
  memberCount: number;
  groupCount: number;
  /** Members' installed apps by platform (accounts/appLink.ts); absent before the first. */
  iosInstalls?: number;
  androidInstalls?: number;
}

export interface UserRecord {
  userId: string;
  orgId: string;
  email: string;
  admin: boolean;
  memberId: string | null;
  familyId: string | null;
  createdAt: string;
  platform: string | null;
  mobileAppLinked: boolean;
}

/** A church's free trial lasts one year from registration. */
export function trialEnd(createdAt: Date): string {
  const end = new Date(createdAt);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end.toISOString();
}

/** A family: its declared fields (contract/directory.ts FAMILY_FIELDS) and what the system keeps on it. */
export interface Family extends FamilyFields {
  familyId: string;
  orgId: string;
  version: number;
  /**
   * Bumped by every member added to or removed from the family, and by every group its members
   * join or leave: a family write that read them is refused if they changed before it wrote (so no
   * member is left without a family, and no group mark is lost).
   */
  membersVersion?: number;
  /** Who may see its shareable fields, where the family chose other than the church's default. */
  privacy?: Choices<FamilyShared>;
  /** Which of its members is in which group (groups/repos/groupMarks.ts), for the visibility rule. */
  memberGroups?: ReadonlySet<string>;
  /**
   * The photo's upright size, set with a photo whose renditions are made (photo-sizes.ts gives
   * theirs); absent for no photo, and for one stored before renditions until the one-off job
   * (lambdas/tasks/photoRenditions) has made them.
   */
  photoSize?: PixelSize;
  /** Where its address was found, for the member map (lambdas/map/); absent until it was looked up. */
  location?: FamilyLocation;
  /** On the member map near its address, not at it: the exact point is for itself and administrators. */
  approximateLocation?: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * The lookup of a family's address (lambdas/map/locating.ts). Kept beside the family, not as a
 * version of it: an edit in progress is not refused for it.
 */
export interface FamilyLocation {
  /** The address line it was looked up for: when the family's differs, it is looked up again. */
  address: string;
  /** [longitude, latitude]; null when the address could not be placed. */
  position: [number, number] | null;
  /** Why not: no such address, or the lookup service failed (tried again by the next save or job run). */
  missed?: 'notFound' | 'failed';
  at: string;
}

/** A member: its declared fields (MEMBER_FIELDS) and what the system keeps on it. */
export interface Member extends MemberFields {
  memberId: string;
  familyId: string;
  orgId: string;
  /** The family's surname, kept on the member for sorting and display. */
  surname: string;
  version: number;
  /** Bumped by every role added or removed for this member: a write that read the roles is refused if the set changed. */
  rolesVersion?: number;
  /** Who may see its shareable fields, where the family chose other than the church's default. */
  privacy?: Choices<MemberShared>;
  /** The groups it is in (groups/repos/groupMarks.ts), for the visibility rule. */
  groupIds?: ReadonlySet<string>;
  /** The groups it leads (its roles marked leader, groups/leaders.ts): it writes Bible studies for them. */
  leads?: ReadonlySet<string>;
  /**
   * An address a family user gave that another member of the church already has: held here, not
   * claimed, found by no search and linked to no account, until an administrator settles it. The
   * family sees it as the member's address and is told nothing else (no oracle of who is in the church).
   */
  pendingEmail?: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The church's privacy item: its defaults (a field never set is shared with everyone), its
 * unlisted families, and what it lets members change (contract/changeRules.ts).
 */
export interface ChurchPrivacy {
  levels: Levels;
  /** Families left out of the directory: only administrators and the family itself see them. */
  unlisted: ReadonlySet<string>;
  rules: ChangeRules;
  /** Where a Bible study's references open, `{passage}` standing for the reference (null: nowhere). */
  readingSite: string | null;
}

export interface Group {
  groupId: string;
  orgId: string;
  groupName: string;
  createdAt: string;
  /**
   * Bumped by every role added or removed: a group delete that read the roles is refused if one was
   * added before it wrote (so no role is left without its group), and so is a recount of roleCount.
   */
  rolesVersion?: number;
  /** How many members the group has: changed with every role added or removed (absent on a group written before it, until the migration counts it). */
  roleCount?: number;
}

export interface Role {
  groupId: string;
  memberId: string;
  familyId: string;
  orgId: string;
  memberName: string;
  groupName: string;
  label: string | null;
  /** A leader of the group: writes Bible studies for it (studies/writers.ts); absent: not one. */
  leader?: boolean;
  cDate: string;
}

/** An image's size in pixels (a photo's, a rendition's). */
export interface PixelSize {
  width: number;
  height: number;
}

/** A Bible study's summary (studies/): what its list, the dashboard and the visibility rule read. */
export interface Study {
  studyId: string;
  orgId: string;
  title: string;
  description: string | null;
  sharing: 'draft' | 'groups' | 'church';
  /** The groups it is shared with (`groups`), with their names when it was saved. */
  groups: { groupId: string; groupName: string }[];
  /** Its sessions' dates and titles, in order: the list's next session and the dashboard's. */
  sessionDates: { date: string | null; title: string | null }[];
  /** The account that wrote it, and the name the directory gave that account's member then. */
  authorUserId: string;
  authorName: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A Bible study's sessions, kept beside its summary; a reference as its normalised name. */
export interface StudySessions {
  studyId: string;
  orgId: string;
  sessions: {
    title: string | null;
    date: string | null;
    items: (
      | { kind: 'text'; markdown: string }
      | { kind: 'question'; text: string }
      | { kind: 'scripture'; reference: string }
      | StoredAttachment
    )[];
  }[];
}

/**
 * A study's file as kept: its key in the church's study files (photos/photo-keys.ts), the name its
 * writer gave it, and what the photo pipeline found: a picture's upright size, or a PDF's pages.
 */
export interface StoredAttachment {
  kind: 'attachment';
  file: string;
  name: string;
  type: 'pdf' | 'image';
  width: number;
  height: number;
  pages: number | null;
}
