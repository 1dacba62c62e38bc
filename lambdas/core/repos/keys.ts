/**
 * The single-table key schema. Only repository modules (a `repos/` folder; npm run lint enforces it) use these builders;
 * handlers never build keys. The same TABLE_SCHEMA creates the table in CDK (lib/data.ts)
 * and in the local DynamoDB (lib/local/dynamo.ts).
 *
 * | item                | PK                    | SK                              | GSI1 (month / orgs / groups)      | GSI2 (by e-mail)                 | GSI3 (by member)               |
 * |---------------------|-----------------------|---------------------------------|-----------------------------------|----------------------------------|--------------------------------|
 * | organisation        | ORG#<orgId>           | ORG                             | ORGS / <createdAt>#<orgId>        |                                  |                                |
 * | org name claim      | ORGNAME#<normalised>  | ORGNAME                         |                                   |                                  |                                |
 * | church privacy      | ORG#<orgId>           | GRP#~PRIVACY                    |                                   |                                  |                                |
 * | family              | ORG#<orgId>           | FAM#<familyId>                  | ORG#<orgId>#ANNIV#<MM> / <DD>#<id>| ORG#<orgId>#MAP / <name>#<id> (looked up) |                       |
 * | member              | ORG#<orgId>           | FAM#<familyId>#MEM#<memberId>   | ORG#<orgId>#BDAY#<MM> / <DD>#<id> | EMAIL#<email> / ORG#<orgId>#MEM  | ORG#<orgId>#MEM#<id> / MEM     |
 * | audit entry         | ORG#<orgId>           | AUDIT#<at>#<entryId>            | ORG#<orgId>#AUDIT#<subject> / <at>#<entryId> | ORG#<orgId>#AUDITBY#<userId> / <at>#<entryId> |   |
 * | change request      | ORG#<orgId>           | CHANGE#<requestId>              | ORG#<orgId>#CHANGES / <at>#<id> (waiting) |                   | ORG#<orgId>#FAMCHANGES#<familyId> / <at>#<id> |
 * | change notice       | ORG#<orgId>           | CHANGENOTICE                    |                                   |                                  |                                |
 * | Bible study         | ORG#<orgId>           | STUDY#<studyId>                 | ORG#<orgId>#STUDIES / <createdAt>#<id> |                             |                                |
 * | its sessions        | ORG#<orgId>           | STUDYSESSIONS#<studyId>         |                                   |                                  |                                |
 * | search word         | ORG#<orgId>           | FIND#<word>#<familyId>#<recordId>|                                  |                                  |                                |
 * | member e-mail claim | ORG#<orgId>           | MEMEMAIL#<email>                |                                   |                                  |                                |
 * | group               | ORG#<orgId>           | GRP#<groupId>                   | ORG#<orgId>#GROUPS / <name>#<id>  |                                  |                                |
 * | group name claim    | ORG#<orgId>           | GRPNAME#<normalised>            |                                   |                                  |                                |
 * | role                | ORG#<orgId>           | GRP#<groupId>#ROLE#<memberId>   |                                   |                                  | ORG#<orgId>#MEM#<id> / ROLE#<g>|
 * | user account        | ORG#<orgId>           | USER#<userId>                   |                                   | EMAIL#<email> / ORG#<orgId>#USER |                                |
 * | prepared photo      | ORG#<orgId>           | PHOTO#<photoId>                 |                                   |                                  |                                |
 * | printed book (job)  | ORG#<orgId>           | BOOK                            |                                   |                                  |                                |
 * | export (job)        | ORG#<orgId>           | EXPORT#<startedAt>#<jobId>      |                                   |                                  |                                |
 * | import (job)        | ORG#<orgId>           | IMPORT                          |                                   |                                  |                                |
 * | address proof       | PROOF#<email>         | PROOF                           |                                   |                                  |                                |
 * | opened account      | ACCOUNT#<userId>      | OPENED                          |                                   |                                  |                                |
 * | two-step on since   | ACCOUNT#<userId>      | TWOSTEP                         |                                   |                                  |                                |
 * | job                 | JOB#<jobId>           | JOB                             |                                   |                                  |                                |
 * | job issue (report)  | JOB#<jobId>           | ISSUE#<collection>#<doc>#<field>|                                   |                                  |                                |
 * | job tally (report)  | JOB#<jobId>           | TALLY#<page>                    |                                   |                                  |                                |
 *
 * One organisation's directory (families followed by their members) is one Query:
 * PK = ORG#<orgId> AND begins_with(SK, 'FAM#'); one family with its members is the same Query on
 * 'FAM#<familyId>' (ids are uuids of one length, so no id is the prefix of another; the
 * repository still checks the separator). A member and its roles share GSI3's partition, so one
 * Query finds both.
 */
import { sortKeyOf } from '../../contract/names';

export const TABLE_SCHEMA = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds after which DynamoDB may remove the item (prepared photos); readers treat it as gone from then on. */
  timeToLive: 'expiresAt',
  indexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
    { name: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK' },
  ],
} as const;

/** Lower-cased, trimmed, inner white space folded: 'Grace  Church ' and 'grace church' are one name. */
export const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const keys = {
  org: (orgId: string) => ({ PK: `ORG#${orgId}`, SK: 'ORG' }),
  orgIndex: (orgId: string, createdAt: string) => ({ GSI1PK: 'ORGS', GSI1SK: `${createdAt}#${orgId}` }),
  orgName: (name: string) => ({ PK: `ORGNAME#${normaliseName(name)}`, SK: 'ORGNAME' }),
  /**
   * The church's privacy defaults and its families left out of the directory. Its SK sorts right
   * after every group and role ('~' follows every character an id may hold), so the one Query of
   * 'GRP#' that says who shares a group with whom reads it too.
   */
  privacy: (orgId: string) => ({ PK: `ORG#${orgId}`, SK: 'GRP#~PRIVACY' }),
  user: (orgId: string, userId: string) => ({ PK: `ORG#${orgId}`, SK: `USER#${userId}` }),
  userEmailIndex: (orgId: string, email: string) => ({
    GSI2PK: `EMAIL#${normaliseEmail(email)}`,
    GSI2SK: `ORG#${orgId}#USER`,
  }),
  family: (orgId: string, familyId: string) => ({ PK: `ORG#${orgId}`, SK: `FAM#${familyId}` }),
  member: (orgId: string, familyId: string, memberId: string) => ({
    PK: `ORG#${orgId}`,
    SK: `FAM#${familyId}#MEM#${memberId}`,
  }),
  memberEmailIndex: (orgId: string, email: string) => ({
    GSI2PK: `EMAIL#${normaliseEmail(email)}`,
    GSI2SK: `ORG#${orgId}#MEM`,
  }),
  /** Makes a member e-mail unique within its church (a conditional Put in the member's transaction). */
  memberEmailClaim: (orgId: string, email: string) => ({ PK: `ORG#${orgId}`, SK: `MEMEMAIL#${normaliseEmail(email)}` }),
  /** A photo the pipeline checked (photo-uploads.ts), until a family takes it or it expires (TTL). */
  photo: (orgId: string, photoId: string) => ({ PK: `ORG#${orgId}`, SK: `PHOTO#${photoId}` }),
  /** The church's printed book: its current (or last) run, the lock that makes it one at a time, and its file. */
  book: (orgId: string) => ({ PK: `ORG#${orgId}`, SK: 'BOOK' }),
  /** The church's latest import: its file, its check (the dry run) and its writing, one at a time. */
  import: (orgId: string) => ({ PK: `ORG#${orgId}`, SK: 'IMPORT' }),
  /** One export of the church's directory (its record: who, when, what the file holds); newest last in key order. */
  export: (orgId: string, startedAt: string, jobId: string) => ({
    PK: `ORG#${orgId}`,
    SK: `EXPORT#${startedAt}#${jobId}`,
  }),
  /** When the church last invited an address: at most one invitation per address a day. */
  invitation: (orgId: string, email: string) => ({ PK: `ORG#${orgId}`, SK: `INVITE#${normaliseEmail(email)}` }),
  /** How many invitations the church sent on a day (YYYY-MM-DD, UTC): its daily cap. */
  invitationDay: (orgId: string, day: string) => ({ PK: `ORG#${orgId}`, SK: `INVITEDAY#${day}` }),
  /** A member an import asked to invite, waiting for a day with room under the cap (accounts/invitationQueue.ts). */
  invitationWaiting: (orgId: string, memberId: string) => ({ PK: `ORG#${orgId}`, SK: `INVITEWAIT#${memberId}` }),
  /** The church has invitations waiting: its entry in GSI1's INVITEQUEUES, which the hourly sender reads. */
  invitationQueue: (orgId: string) => ({ PK: `ORG#${orgId}`, SK: 'INVITEQUEUE' }),
  invitationQueueIndex: (orgId: string) => ({ GSI1PK: 'INVITEQUEUES', GSI1SK: orgId }),
  /** How many ordinary writes the church made in a minute (epoch minutes): its write rate (churchLimits.ts). */
  writeMinute: (orgId: string, minute: number) => ({ PK: `ORG#${orgId}`, SK: `WRITES#${minute}` }),
  /** GSI1 partitions of a month (MM): the dashboard's birthdays and anniversaries. */
  anniversaryMonth: (orgId: string, mm: string) => `ORG#${orgId}#ANNIV#${mm}`,
  birthdayMonth: (orgId: string, mm: string) => `ORG#${orgId}#BDAY#${mm}`,
  familyAnniversaryIndex: (orgId: string, familyId: string, mmdd: string) => ({
    GSI1PK: keys.anniversaryMonth(orgId, mmdd.slice(0, 2)),
    GSI1SK: `${mmdd.slice(3, 5)}#${familyId}`,
  }),
  memberBirthdayIndex: (orgId: string, memberId: string, mmdd: string) => ({
    GSI1PK: keys.birthdayMonth(orgId, mmdd.slice(0, 2)),
    GSI1SK: `${mmdd.slice(3, 5)}#${memberId}`,
  }),
  /**
   * GSI4: the church's families in surname order (sortKeyOf, then the id), each followed by its
   * members. The separator '#' sorts before every letter and digit a sort key holds, so 'smith#…'
   * comes before 'smithe#…', and `${familyAt}#~` after every member of that family.
   */
  directoryPartition: (orgId: string) => `ORG#${orgId}#DIR`,
  familyAt: (surname: string, familyId: string) => `${sortKeyOf(surname)}#${familyId}`,
  familyOrder: (orgId: string, surname: string, familyId: string) => ({
    GSI4PK: keys.directoryPartition(orgId),
    GSI4SK: keys.familyAt(surname, familyId),
  }),
  /**
   * GSI2: the families whose address was looked up (lambdas/map/), in surname order, so the member
   * map reads them and nothing else: no members, no family never looked up.
   */
  familyMapIndex: (orgId: string, surname: string, familyId: string) => ({
    GSI2PK: `ORG#${orgId}#MAP`,
    GSI2SK: keys.familyAt(surname, familyId),
  }),
  memberOrder: (orgId: string, surname: string, familyId: string, memberId: string) => ({
    GSI4PK: keys.directoryPartition(orgId),
    GSI4SK: `${keys.familyAt(surname, familyId)}#${memberId}`,
  }),
  /** A search word of a family's or a member's record (recordId: the family's or the member's id). */
  findWord: (orgId: string, word: string, familyId: string, recordId: string) => ({
    PK: `ORG#${orgId}`,
    SK: `FIND#${word}#${familyId}#${recordId}`,
  }),
  memberById: (orgId: string, memberId: string) => ({ GSI3PK: `ORG#${orgId}#MEM#${memberId}`, GSI3SK: 'MEM' }),
  group: (orgId: string, groupId: string) => ({ PK: `ORG#${orgId}`, SK: `GRP#${groupId}` }),
  groupName: (orgId: string, name: string) => ({ PK: `ORG#${orgId}`, SK: `GRPNAME#${normaliseName(name)}` }),
  /**
   * GSI1: the church's groups in name order (sortKeyOf, then the id), without their roles, so the
   * groups page is one Query however many members the groups have.
   */
  groupsPartition: (orgId: string) => `ORG#${orgId}#GROUPS`,
  groupOrder: (orgId: string, groupName: string, groupId: string) => ({
    GSI1PK: keys.groupsPartition(orgId),
    GSI1SK: `${sortKeyOf(groupName)}#${groupId}`,
  }),
  /**
   * GSI4: one group's roles in the order of their members' names as shown (sortKeyOf, then the
   * member's id), so a group's page of members is one Query of a bounded number of items.
   */
  groupRolesPartition: (orgId: string, groupId: string) => `ORG#${orgId}#GRP#${groupId}`,
  roleAt: (memberName: string, memberId: string) => `${sortKeyOf(memberName)}#${memberId}`,
  roleOrder: (orgId: string, groupId: string, memberName: string, memberId: string) => ({
    GSI4PK: keys.groupRolesPartition(orgId, groupId),
    GSI4SK: keys.roleAt(memberName, memberId),
  }),
  role: (orgId: string, groupId: string, memberId: string) => ({
    PK: `ORG#${orgId}`,
    SK: `GRP#${groupId}#ROLE#${memberId}`,
  }),
  roleByMember: (orgId: string, memberId: string, groupId: string) => ({
    GSI3PK: `ORG#${orgId}#MEM#${memberId}`,
    GSI3SK: `ROLE#${groupId}`,
  }),
  orgPartition: (orgId: string) => `ORG#${orgId}`,
  /** A long job (integrity report, organisation deletion) and its working items, in one partition. */
  /** The code mailed to an address that asked for an account, until it is proven (accounts/addressProof.ts). */
  addressProof: (email: string) => ({ PK: `PROOF#${normaliseEmail(email)}`, SK: 'PROOF' }),
  /** What an account holding no church yet was opened for: kept apart from every church until the address is proven. */
  openedAccount: (userId: string) => ({ PK: `ACCOUNT#${userId}`, SK: 'OPENED' }),
  /** When the account's two-step sign-in was last turned on through the API (accounts/twoStep.ts). */
  twoStep: (userId: string) => ({ PK: `ACCOUNT#${userId}`, SK: 'TWOSTEP' }),
  job: (jobId: string) => ({ PK: `JOB#${jobId}`, SK: 'JOB' }),
  jobPartition: (jobId: string) => `JOB#${jobId}`,
  jobIssue: (jobId: string, issueKey: string) => ({ PK: `JOB#${jobId}`, SK: `ISSUE#${issueKey}` }),
  /** One report page's counts per organisation (its SK is the page number, so a retried page overwrites itself). */
  jobTally: (jobId: string, page: number) => ({ PK: `JOB#${jobId}`, SK: `TALLY#${String(page).padStart(8, '0')}` }),
  /**
   * One entry of the audit trail (audit/trail.ts), in the church's partition so the church's
   * deletion takes it; by date in the table, by subject (`family#<id>`, `group#<id>`,
   * `account#<id>`, `church`) in GSI1 and by the account that made it in GSI2, newest last.
   */
  auditEntry: (orgId: string, at: string, entryId: string) => ({ PK: `ORG#${orgId}`, SK: `AUDIT#${at}#${entryId}` }),
  auditPrefix: 'AUDIT#',
  auditSubjectPartition: (orgId: string, subject: string) => `ORG#${orgId}#AUDIT#${subject}`,
  auditActorPartition: (orgId: string, userId: string) => `ORG#${orgId}#AUDITBY#${userId}`,
  /**
   * A family's edit waiting for (or decided by) an administrator (directory/requestChange.ts): by
   * its id in the church's partition; in GSI1's queue of the church while it waits (oldest first);
   * in GSI3 by its family, newest last.
   */
  changeRequest: (orgId: string, requestId: string) => ({ PK: `ORG#${orgId}`, SK: `CHANGE#${requestId}` }),
  changeQueuePartition: (orgId: string) => `ORG#${orgId}#CHANGES`,
  familyChangesPartition: (orgId: string, familyId: string) => `ORG#${orgId}#FAMCHANGES#${familyId}`,
  /** The day (YYYY-MM-DD) the church's administrators were last told that changes wait: once a day at most. */
  changeNotice: (orgId: string) => ({ PK: `ORG#${orgId}`, SK: 'CHANGENOTICE' }),
  emailPartition: (email: string) => `EMAIL#${normaliseEmail(email)}`,
  /**
   * A Bible study (studies/): its summary, small, listed newest first in GSI1 (the list and the
   * dashboard read summaries only), and its sessions, the bulk, read with it for its page.
   */
  study: (orgId: string, studyId: string) => ({ PK: `ORG#${orgId}`, SK: `STUDY#${studyId}` }),
  studySessions: (orgId: string, studyId: string) => ({ PK: `ORG#${orgId}`, SK: `STUDYSESSIONS#${studyId}` }),
  studiesPartition: (orgId: string) => `ORG#${orgId}#STUDIES`,
  studyOrder: (orgId: string, createdAt: string, studyId: string) => ({
    GSI1PK: keys.studiesPartition(orgId),
    GSI1SK: `${createdAt}#${studyId}`,
  }),
} as const;
