/**
 * The access rule of every route, as the matrix expects it: which request to send and what each
 * role gets. A route in the manifest with no rule here fails the matrix; so does a rule whose
 * access differs from the manifest's, so changing a route's access means revisiting its rows.
 */
import type { Access, Operation } from '../../lambdas/routes';
import { createChurch, registrationBody, unique } from '../support/fixtures';
import type { Role, Target, World } from './roles';
import { studyBody } from '../support/studies';
import { call } from '../support/api';
import { mailedCode } from '../support/mail';
import { finishedBook } from '../support/book';
import { finishedExport } from '../support/exports';
import { CHECK_DEFAULTS, checkedFile, settledImport, uploadImport, writtenImport } from '../support/imports';
import { addFamilyVia, createAccountIn, newId, PASSWORD } from '../support/fixtures';
import { createReportJob } from '../../lambdas/jobs/repos/jobs';
import { OPEN_LEVELS } from '../../lambdas/contract/privacy';
import { photoIdOf } from '../../lambdas/photos/photo-keys';
import { tinyPdf, uploadPhoto, uploadStudyFile } from '../support/upload';

export interface Request {
  body?: unknown;
  params?: Record<string, string>;
  query?: string;
}

export interface Rule {
  access: Access;
  /** Made before each call (and before the "nothing changed" snapshot): may create a fresh target. */
  request: (world: World) => Request | Promise<Request>;
  /** Expected HTTP status per role. */
  expect: Record<Role, number>;
  /**
   * The same call about other records (`same answer`): asked about a hidden family's, member's or
   * upload's ids and about unknown ones, every role that may not see the hidden one gets the same
   * answer byte for byte. Absent for a route that takes no such id (NO_HIDDEN_ID says so).
   */
  about?: (target: Target) => Request;
  /** After an accepted call: wait for what it started in the background (a job) to finish. */
  settle?: (world: World, body: Record<string, unknown>) => Promise<void>;
}

const everyone = (status: number): Record<Role, number> => ({
  anonymous: status,
  unverified: status,
  member: status,
  familyUser: status,
  admin: status,
  otherAdmin: status,
  superAdmin: status,
});

const signedIn = { ...everyone(200), anonymous: 401 };
/** Any signed-in account whose address is proven (the super-admin's too). */
const verified = { ...signedIn, unverified: 403 };
/**
 * Verified members the church lists (another church's admin reads its own church). The super-admin
 * has a user record in the church but no member: not listed, so refused like any unlinked account.
 */
const members = { ...signedIn, unverified: 403, superAdmin: 403 };
/** Sign-up's and registration's last steps: refused to an unproven address, and to an account already in a church. */
const finishing = { ...everyone(409), anonymous: 401, unverified: 403 };
/** Reads of this church's records by id: another church's admin gets not-found. */
const readById = { ...members, otherAdmin: 404 };
/**
 * Changes to one family: its own user and admins. Another family's user and another church's
 * admin get not-found, as for an id no record holds (the answer says nothing of the family).
 */
const familyChange = { ...members, member: 404, superAdmin: 403, otherAdmin: 404 };
const adminOnly = { ...members, member: 403, familyUser: 403, superAdmin: 403 };
/** A study's upload, by id: its writers (here, admins); anyone else is told it does not exist. */
const studyFileRead = { ...members, member: 404, familyUser: 404, otherAdmin: 404 };
/** Changes to this church's groups by id: admins only; another church's admin gets not-found. */
const groupChange = { ...adminOnly, otherAdmin: 404 };

/** Changes to this church's users by id: admins only; another church's admin gets not-found. */
const userChange = { ...adminOnly, otherAdmin: 404 };

/** The super-admin's pages and jobs: the configured address (verified) only. */
const superAdminOnly = { ...everyone(403), anonymous: 401, superAdmin: 200 };

/** Waits until the job the call started has ended, so that it writes nothing during later cases. */
async function jobEnded(world: World, body: Record<string, unknown>): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const job = await call<{ status: string }>('getJob', {
      token: world.tokens.superAdmin,
      params: { jobId: String(body.jobId) },
    });
    if (job.body.status !== 'RUNNING') return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`job ${String(body.jobId)} did not end`);
}

/** Waits until the book the call started or joined has ended: the church's, or the other church's (its admin starts its own). */
async function bookEnded(world: World): Promise<void> {
  for (const token of [world.tokens.admin, world.tokens.otherAdmin]) if (token) await finishedBook(token);
}

/** Waits until the church's import (and the other church's) has no job running. */
async function importEnded(world: World): Promise<void> {
  for (const token of [world.tokens.admin, world.tokens.otherAdmin]) if (token) await settledImport(token);
}

/**
 * A file of one family the church does not have yet (each call a new surname): an import of a
 * family the church has would have nothing to write, and its confirm is refused.
 */
const matrixFile = () => `Family Surname,First Name\r\n${unique('Matrix')},Ada\r\n`;

/** A file of one family, uploaded for the church by its admin: the import to ask about. */
const uploaded = async (w: World) => (await uploadImport(w.tokens.admin!, matrixFile())).importId;

/** The same for the export the call started or joined. */
async function exportEnded(world: World): Promise<void> {
  for (const token of [world.tokens.admin, world.tokens.otherAdmin]) if (token) await finishedExport(token);
}

/**
 * A change the family user asked for while the church wanted to approve changes first (the rules
 * open again after, so that no other case waits for an approval): the same one for every role
 * until one decides it (the church's write rate counts each write of the matrix).
 */
/** The group the member map is filtered by (getMap), made by its first call in each world. */
const mapGroups = new WeakMap<World, Promise<string>>();
const mapGroupOf = (w: World) => {
  if (!mapGroups.has(w))
    mapGroups.set(
      w,
      w.newGroup().then((g) => g.groupId),
    );
  return mapGroups.get(w)!;
};
let waiting: Promise<string> | null = null;
const waitingRequest = (w: World) => (waiting ??= askedChange(w));

async function askedChange(w: World): Promise<string> {
  const rules = (approval: boolean) =>
    call('setChangeRules', {
      token: w.tokens.admin,
      body: { approval, family: {}, member: {}, fixed: [] },
    });
  const mine = await w.ownFamily();
  await rules(true);
  const asked = await call<{ requestId: string }>('updateFamily', {
    token: w.tokens.familyUser,
    params: { familyId: mine.familyId },
    body: { ...familyBody, surname: unique('Asked'), version: mine.familyVersion },
  });
  await rules(false);
  if (!asked.body.requestId) throw new Error(`no request: ${JSON.stringify(asked.body)}`);
  return asked.body.requestId;
}

/** A family's last change, as restoreVersion takes it: the same for every role until one restores it. */
let lastChange: Promise<{ entryId: string; at: string; recordId: string }> | null = null;
const restorable = (w: World) => (lastChange ??= changedFamily(w));

async function changedFamily(w: World) {
  const added = await addFamilyVia(w.tokens.admin!);
  const changed = await call('updateFamily', {
    token: w.tokens.admin,
    params: { familyId: added.familyId },
    body: { ...familyBody, surname: unique('Restorable'), version: added.familyVersion },
  });
  if (changed.status !== 200) throw new Error(`updateFamily failed: ${JSON.stringify(changed.body)}`);
  const history = await call<{ entries: { entryId: string; at: string }[] }>('listAuditEntries', {
    token: w.tokens.admin,
    query: `subject=family:${added.familyId}`,
  });
  const [last] = history.body.entries;
  return { entryId: last!.entryId, at: last!.at, recordId: added.familyId };
}

/** A fresh study of the church, written by its administrator (for a change or a delete). */
async function newStudy(w: World): Promise<string> {
  const added = await call<{ studyId: string }>('addStudy', { token: w.tokens.admin, body: studyBody });
  if (added.status !== 200) throw new Error(`addStudy failed: ${JSON.stringify(added.body)}`);
  return added.body.studyId;
}

/** The study the reads are asked about, made by its first call in each world. */
const readStudies = new WeakMap<World, Promise<string>>();
/** A PDF the world's church uploaded for a study, checked by the pipeline: its upload's id. */
const studyFileOf = async (w: World) => photoIdOf((await uploadStudyFile(w.church.adminToken, await tinyPdf())).file)!;

const readStudyOf = (w: World) => {
  if (!readStudies.has(w)) readStudies.set(w, newStudy(w));
  return readStudies.get(w)!;
};

const familyBody = {
  surname: 'Matrix',
  street: '2 Elm Court',
  city: 'Raleigh',
  state: 'NC',
  zipcode: '27603',
  phone: null,
  anniversary: '11/02',
  photo: null,
};

export const rules: Record<Operation, Rule> = {
  registerOrganization: { access: 'public', request: () => ({ body: registrationBody() }), expect: everyone(200) },
  // The sign-up page's church: its link is the church's public invitation, so its name is anyone's to read.
  getOrganizationName: {
    access: 'public',
    request: (w) => ({ params: { orgId: w.church.orgId } }),
    expect: everyone(200),
  },
  // The last steps need a proven address; every verified role here already belongs to a church.
  finishRegistration: {
    access: 'signedIn',
    request: () => ({ body: { churchInfo: registrationBody().churchInfo } }),
    expect: finishing,
  },
  finishSignUp: { access: 'signedIn', request: (w) => ({ body: { orgId: w.church.orgId } }), expect: finishing },
  // Linking shows a member's ids: an unproven address is refused.
  addClaimCreds: { access: 'signedIn', request: () => ({}), expect: verified },
  // Turning two-step sign-in on needs an authenticator verified with Cognito first: only the
  // super-admin has one (already on, so nothing changes); the others are refused before any write.
  setTwoStep: {
    access: 'signedIn',
    request: () => ({ body: { on: true } }),
    expect: { ...everyone(400), anonymous: 401, superAdmin: 200 },
  },
  getMe: { access: 'signedIn', request: () => ({}), expect: signedIn },
  linkApp: { access: 'member', request: () => ({ body: { platform: 'android' } }), expect: members },
  getDashboard: { access: 'member', request: () => ({ query: 'month=11' }), expect: members },
  listFamilies: { access: 'member', request: () => ({}), expect: members },
  searchDirectory: { access: 'member', request: () => ({ query: 'q=a' }), expect: members },
  getFamily: {
    access: 'member',
    request: (w) => ({ params: { familyId: w.family.familyId } }),
    expect: readById,
    about: (t) => ({ params: { familyId: t.familyId } }),
  },
  setFamilyPrivacy: {
    access: 'familyUser',
    request: async (w) => {
      const own = await w.ownFamily();
      return {
        params: { familyId: own.familyId },
        body: { unlisted: true, family: { phone: 'admins' }, members: { [own.memberId]: { email: 'groups' } } },
      };
    },
    expect: familyChange,
    about: (t) => ({ params: { familyId: t.familyId }, body: { unlisted: false, family: {}, members: {} } }),
  },
  getPrivacyDefaults: { access: 'admin', request: () => ({}), expect: adminOnly },
  setPrivacyDefaults: {
    access: 'admin',
    request: () => ({ body: { levels: { ...OPEN_LEVELS, birthday: 'groups' } } }),
    expect: adminOnly,
  },
  getMember: {
    access: 'member',
    request: (w) => ({ params: { memberId: w.family.memberId } }),
    expect: readById,
    about: (t) => ({ params: { memberId: t.memberId } }),
  },
  addFamily: { access: 'admin', request: () => ({ body: familyBody }), expect: adminOnly },
  updateFamily: {
    access: 'familyUser',
    request: async (w) => {
      const own = await w.ownFamily();
      return { params: { familyId: own.familyId }, body: { ...familyBody, version: own.familyVersion } };
    },
    expect: familyChange,
    about: (t) => ({ params: { familyId: t.familyId }, body: { ...familyBody, version: 1 } }),
  },
  deleteFamily: {
    access: 'familyUser',
    request: async (w) => ({ params: { familyId: (await w.ownFamily()).familyId } }),
    expect: familyChange,
    about: (t) => ({ params: { familyId: t.familyId } }),
  },
  addMember: {
    access: 'familyUser',
    request: async (w) => ({ body: { familyId: (await w.ownFamily()).familyId, name: 'Naomi', birthday: '11/30' } }),
    expect: familyChange,
    about: (t) => ({ body: { familyId: t.familyId, name: 'Naomi', birthday: '11/30' } }),
  },
  updateMember: {
    access: 'familyUser',
    request: async (w) => {
      const own = await w.ownFamily();
      return {
        params: { memberId: own.memberId },
        body: { name: 'Naomi', birthday: null, cellphone: null, email: null, version: own.memberVersion },
      };
    },
    expect: familyChange,
    about: (t) => ({
      params: { memberId: t.memberId },
      body: { name: 'Naomi', birthday: null, cellphone: null, email: null, version: 1 },
    }),
  },
  deleteMember: {
    access: 'familyUser',
    request: async (w) => ({ params: { memberId: (await w.ownFamily()).memberId } }),
    expect: familyChange,
    about: (t) => ({ params: { memberId: t.memberId } }),
  },
  createPhotoUpload: {
    access: 'familyUser',
    request: async (w) => ({
      body: { contentType: 'image/jpeg', size: 200_000, familyId: (await w.ownFamily()).familyId },
    }),
    expect: familyChange,
    about: (t) => ({ body: { contentType: 'image/jpeg', size: 200_000, familyId: t.familyId } }),
  },
  // An upload of the familyUser's own family, already handled by the photo pipeline.
  getPhotoUpload: {
    access: 'familyUser',
    request: async (w) => {
      const photo = await uploadPhoto(w.church.adminToken, (await w.ownFamily()).familyId);
      return { params: { photoId: photoIdOf(photo)! } };
    },
    expect: familyChange,
    about: (t) => ({ params: { photoId: t.photoId } }),
  },
  listGroups: { access: 'member', request: () => ({}), expect: members },
  getGroup: {
    access: 'member',
    request: async (w) => ({ params: { groupId: (await w.newGroup(true)).groupId } }),
    expect: readById,
  },
  addGroup: { access: 'admin', request: () => ({ body: { groupName: unique('Matrix Group') } }), expect: adminOnly },
  deleteGroup: {
    access: 'admin',
    request: async (w) => ({ params: { groupId: (await w.newGroup(true)).groupId } }),
    expect: groupChange,
  },
  addRole: {
    access: 'admin',
    request: async (w) => {
      const { groupId, memberId } = await w.newGroup();
      return { params: { groupId }, body: { memberId, label: 'Greeter' } };
    },
    expect: groupChange,
  },
  deleteRole: { access: 'admin', request: async (w) => ({ params: await w.newGroup(true) }), expect: groupChange },
  // Sign-up is public: every caller may open an account for an address, held by the church or not (a fresh one each call).
  newUser: {
    access: 'public',
    request: async (w) => {
      const email = `${unique('joiner')}@example.org`;
      const added = await call('addMember', {
        token: w.church.adminToken,
        body: { familyId: w.family.familyId, name: 'Joiner', email },
      });
      if (added.status !== 200) throw new Error(`addMember failed: ${JSON.stringify(added.body)}`);
      return { body: { email, fullName: 'Joiner Mensah', password: PASSWORD, orgId: w.church.orgId } };
    },
    expect: everyone(200),
  },
  // The mailed code is public too: whoever holds it makes the account (a fresh address and code each call).
  proveAddress: {
    access: 'public',
    request: async () => {
      const email = `${unique('prover')}@example.org`;
      const asked = await call('newUser', {
        body: { email, fullName: 'Prover Mensah', password: PASSWORD, orgId: null },
      });
      if (asked.status !== 200) throw new Error(`newUser failed: ${JSON.stringify(asked.body)}`);
      return { body: { email, code: await mailedCode(email), password: PASSWORD } };
    },
    expect: everyone(200),
  },
  listUsers: { access: 'admin', request: () => ({}), expect: adminOnly },
  setUserAdminClaim: {
    access: 'admin',
    request: async (w) => ({
      params: { userId: (await createAccountIn(w.church.orgId)).userId },
      body: { setAdminStatus: true },
    }),
    expect: userChange,
  },
  deleteUserAuth: {
    access: 'admin',
    request: async (w) => ({ params: { userId: (await createAccountIn(w.church.orgId)).userId } }),
    expect: userChange,
  },
  startIntegrityReport: { access: 'superAdmin', request: () => ({}), expect: superAdminOnly, settle: jobEnded },
  // A job record of its own (no execution behind it): reading it changes nothing.
  getJob: {
    access: 'superAdmin',
    request: async () => {
      const jobId = newId();
      await createReportJob(jobId, 'matrix@example.org', new Date().toISOString());
      return { params: { jobId } };
    },
    expect: superAdminOnly,
  },
  getAllOrganizations: { access: 'superAdmin', request: () => ({}), expect: superAdminOnly },
  // A church of its own, made for each call: the super-admin's call deletes it (and the matrix waits for that).
  deleteAllDataForOrganization: {
    access: 'superAdmin',
    request: async () => ({ body: { orgId: (await createChurch()).orgId } }),
    expect: superAdminOnly,
    settle: jobEnded,
  },
  listOrganizationUsers: {
    access: 'superAdmin',
    request: (w) => ({ params: { orgId: w.church.orgId } }),
    expect: superAdminOnly,
  },
  makeOrganizationAdmin: {
    access: 'superAdmin',
    request: async (w) => ({
      params: { orgId: w.church.orgId, userId: (await createAccountIn(w.church.orgId)).userId },
    }),
    expect: superAdminOnly,
  },
  // The church's own directory, for its admins; another church's admin gets its own church's PDF.
  // The church's book job: admins of the church only; another church's admin starts (and reads) its own church's.
  startDirectoryBook: { access: 'admin', request: () => ({ body: {} }), expect: adminOnly, settle: bookEnded },
  getDirectoryBook: { access: 'admin', request: () => ({}), expect: adminOnly },
  // The church's book setting: its admins only; another church's admin sets its own church's.
  setBookSettings: { access: 'admin', request: () => ({ body: { paper: 'a4', photos: false } }), expect: adminOnly },
  // An upload of the church's book cover: its admins only.
  createBookCoverUpload: {
    access: 'admin',
    request: () => ({ body: { contentType: 'image/jpeg', size: 200_000 } }),
    expect: adminOnly,
  },
  // The church's export: its admins only; another church's admin exports (and lists) its own church's.
  startExport: { access: 'admin', request: () => ({}), expect: adminOnly, settle: exportEnded },
  listExports: { access: 'admin', request: () => ({}), expect: adminOnly },
  // The church's import: its admins only; another church's admin is told the import is not its church's (not found).
  createImportUpload: {
    access: 'admin',
    request: () => ({ body: { fileName: 'people.csv', size: 100 } }),
    expect: adminOnly,
    settle: importEnded,
  },
  checkImport: {
    access: 'admin',
    request: async (w) => ({ params: { importId: await uploaded(w) }, body: CHECK_DEFAULTS }),
    expect: { ...adminOnly, otherAdmin: 404 },
    settle: importEnded,
  },
  confirmImport: {
    access: 'admin',
    request: async (w) => ({ params: { importId: (await checkedFile(w.tokens.admin!, matrixFile())).importId } }),
    expect: { ...adminOnly, otherAdmin: 404 },
    settle: importEnded,
  },
  undoImport: {
    access: 'admin',
    request: async (w) => ({ params: { importId: (await writtenImport(w.tokens.admin!, matrixFile())).importId } }),
    expect: { ...adminOnly, otherAdmin: 404 },
    settle: importEnded,
  },
  getImport: { access: 'admin', request: () => ({}), expect: adminOnly },
  // The audit trail: the church's admins only. Another church's admin reads its own church's trail
  // (test/integration/audit-trail.test.ts: nothing of this church's in it).
  listAuditEntries: { access: 'admin', request: () => ({}), expect: adminOnly },
  // The queue of families' changes: the church's admins only.
  listChangeRequests: { access: 'admin', request: () => ({}), expect: adminOnly },
  // A decision on a waiting change (a rejection, which changes no record): the church's admins only;
  // another church's admin is told it does not exist.
  decideChangeRequest: {
    access: 'admin',
    request: async (w) => ({
      params: { requestId: await waitingRequest(w) },
      body: { approve: false, note: 'Matrix' },
    }),
    expect: groupChange,
    settle: async () => {
      waiting = null;
    },
  },
  // Restoring a family as before its last change: the church's admins only; another church's admin
  // is told the change is not in its history.
  restoreVersion: {
    access: 'admin',
    request: async (w) => ({ body: await restorable(w) }),
    expect: groupChange,
    settle: async () => {
      lastChange = null;
    },
  },
  // The church's rules for members' changes: its admins only (saved as the open rules, so that no other case is bound by them).
  setChangeRules: {
    access: 'admin',
    request: () => ({ body: { approval: false, family: {}, member: {}, fixed: [] } }),
    expect: adminOnly,
  },
  // The member map, filtered by one of this church's groups: every member; another church's admin
  // is told the group does not exist.
  // Bible studies: every member reads those shared with the church; only administrators (and group
  // leaders, whom no role here is) write them; another church's administrator is told a study does not exist.
  listStudies: { access: 'member', request: () => ({}), expect: members },
  getStudy: {
    access: 'member',
    request: async (w) => ({ params: { studyId: await readStudyOf(w) } }),
    expect: readById,
  },
  // A reader prints what they read: the same rule as the study's page.
  printStudyHandout: {
    access: 'member',
    request: async (w) => ({ params: { studyId: await readStudyOf(w) } }),
    expect: readById,
  },
  // A study's file: its writers (here, administrators) upload it and follow its check; another
  // church's administrator is told the upload does not exist.
  createStudyAttachmentUpload: {
    access: 'member',
    request: () => ({ body: { contentType: 'application/pdf', size: 1000 } }),
    expect: adminOnly,
  },
  getStudyAttachmentUpload: {
    access: 'member',
    request: async (w) => ({ params: { attachmentId: await studyFileOf(w) } }),
    expect: studyFileRead,
  },
  addStudy: { access: 'member', request: () => ({ body: studyBody }), expect: adminOnly },
  updateStudy: {
    access: 'member',
    request: async (w) => ({ params: { studyId: await newStudy(w) }, body: { ...studyBody, version: 1 } }),
    expect: groupChange,
  },
  deleteStudy: {
    access: 'member',
    request: async (w) => ({ params: { studyId: await newStudy(w) } }),
    expect: groupChange,
  },
  setReadingSite: { access: 'admin', request: () => ({ body: { readingSite: null } }), expect: adminOnly },
  // A member made a leader of a group: administrators; another church's is told the role does not exist.
  setRoleLeader: {
    access: 'admin',
    request: async (w) => {
      const { groupId, memberId } = await w.newGroup(true);
      return { params: { groupId, memberId }, body: { leader: true } };
    },
    expect: groupChange,
  },
  getMap: {
    access: 'member',
    // One group for every caller: a read needs no fresh target, and the church's writes a minute are counted.
    request: async (w) => ({ query: `group=${await mapGroupOf(w)}` }),
    expect: readById,
  },
};

/**
 * The audit entries an accepted write adds (lambdas/audit/trail.ts): one per change of a church's
 * records, in the change's own transaction; none for a write that changes no record (an upload's
 * grant, a sign-in setting, a job's start, whose job writes the entries of what it changes). The
 * matrix counts them after every accepted call; reads add none.
 */
export const AUDITS: Partial<Record<Operation, number | readonly number[] | 'its job'>> = {
  // No church is made before the mailed code; finishing the registration makes it, with its administrator.
  registerOrganization: 0,
  finishRegistration: 1,
  finishSignUp: 1,
  // Links the account when a member holds its address (1), else changes nothing (0).
  addClaimCreds: [0, 1],
  setTwoStep: 0,
  linkApp: 0,
  addFamily: 1,
  updateFamily: 1,
  deleteFamily: 1,
  setFamilyPrivacy: 1,
  setPrivacyDefaults: 1,
  addMember: 1,
  updateMember: 1,
  deleteMember: 1,
  createPhotoUpload: 0,
  addGroup: 1,
  deleteGroup: 1,
  addRole: 1,
  deleteRole: 1,
  newUser: 0,
  proveAddress: 0,
  setUserAdminClaim: 1,
  // An administrator's account loses the right first (2), any other goes at once (1).
  deleteUserAuth: [1, 2],
  startIntegrityReport: 0,
  // The church goes whole, its audit trail with it.
  deleteAllDataForOrganization: 'its job',
  makeOrganizationAdmin: 1,
  startDirectoryBook: 0,
  setBookSettings: 1,
  createBookCoverUpload: 0,
  // A new export is recorded (1); joining the one being made is not a new one (0).
  startExport: [0, 1],
  createImportUpload: 0,
  checkImport: 0,
  confirmImport: 'its job',
  undoImport: 'its job',
  setChangeRules: 1,
  decideChangeRequest: 1,
  // A study written, changed or deleted; the reading site; a leader's mark on a role.
  addStudy: 1,
  // A handout is a file made to download: nothing of the church changes.
  printStudyHandout: 0,
  createStudyAttachmentUpload: 0,
  updateStudy: 1,
  deleteStudy: 1,
  setReadingSite: 1,
  setRoleLeader: 1,
  restoreVersion: 1,
};

/**
 * The routes that take no id of a record a viewer may be kept from (a family, a member, a photo
 * upload): the rest say what they are asked about (`about`), and the matrix checks them.
 */
export const NO_HIDDEN_ID = new Set<Operation>(
  (Object.keys(rules) as Operation[]).filter((operation) => !rules[operation].about),
);
