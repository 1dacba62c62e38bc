/**
 * What the hostile-input property (test/integration/hostile-input.test.ts) knows of each write
 * route: who calls it, the valid request its mutations start from, the values that fit its
 * fields, the other ids to try in its path, and how an accepted request reads back through the
 * API (the contract's normalisation, lambdas/contract/*.ts: text trimmed, empty optional text
 * null, state upper-cased, e-mail lower-cased).
 */
import { churchBooksPrefix, EXPORTS_PREFIX } from '../../lambdas/book/bookKeys';
import { BOOK_COVER_FOLDER, STUDY_FILES_FOLDER } from '../../lambdas/photos/photo-keys';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3 } from '../../lambdas/platform/aws/s3';
import fc from 'fast-check';
import { expect } from 'vitest';
import type {
  FamilyView,
  ListGroupsResult,
  ListUsersResult,
  MeResult,
  MemberView,
  PhotoUploadResult,
} from '../../lambdas/contract/api';
import type { BookView, GetDirectoryBookResult, StartDirectoryBookResult } from '../../lambdas/contract/book';
import {
  FAMILY_SHARED,
  FAMILY_SHARED_KEYS,
  LEVELS,
  MEMBER_SHARED,
  MEMBER_SHARED_KEYS,
  OPEN_LEVELS,
  SHARED_KEYS,
  type Choices,
  type Level,
  type Levels,
  type Shared,
} from '../../lambdas/contract/privacy';
import { CANNOT_JOIN } from '../../lambdas/accounts/accounts';
import { readOrganization } from '../../lambdas/directory/repos/directory';
import type { Operation } from '../../lambdas/routes';
import { call, idToken, type Answer } from './api';
import { rolesOf } from './groups';
import { stack } from './env';
import {
  addFamilyVia,
  createAccountIn,
  createChurch,
  PASSWORD,
  registrationBody,
  unique,
  type Church,
} from './fixtures';
import { cleaned, DATES, nameText, optionalText, type BodyShape } from './hostile';
import { mailedCode, mailsTo, proveMailedAddress } from './mail';
import { ACCOUNT_EXISTS_SUBJECT } from '../../lambdas/accounts/proofMails';
import { waitForJob } from './jobs';
import { finishedExport } from './exports';
import { CHECK_DEFAULTS, checkedFile, confirmedImport, settledImport, uploadImport } from './imports';
import type { ImportUploadResult } from '../../lambdas/contract/importJobs';
import type { PrivacyDefaultsResult } from '../../lambdas/contract/changeRules';
import { FIELD_RULES, OPEN_RULES } from '../../lambdas/contract/changeRules';
import {
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  type AttachmentType,
  type AttachmentUploadResult,
  type ListStudiesResult,
  type StudyHandout,
} from '../../lambdas/contract/studies';
import { studyBody } from './studies';
import { FAMILY_FIELDS, MEMBER_FIELDS } from '../../lambdas/contract/directory';
import { keysOf } from '../../lambdas/contract/entity';
import type { GetFamilyResult } from '../../lambdas/contract/api';
import { randomUUID } from 'node:crypto';
import type { ListAuditResult } from '../../lambdas/contract/audit';
import { MAX_GROUPS_FILES, MAX_IMPORT_BYTES } from '../../lambdas/contract/imports';

/** Everything the cases point at: our church and its records, and another church's. */
export interface World {
  main: Church;
  adminUserId: string;
  /** A family with one member who has a role in `groupId`: renamed and updated by the cases, never deleted. */
  family: { familyId: string; memberId: string };
  groupId: string;
  /** A plain member (no admin) whose e-mail a member of `family` holds: addClaimCreds links it. */
  plain: { userId: string; email: string; token: string };
  /** The target of setUserAdminClaim. */
  user: { userId: string; email: string };
  other: Church & { familyId: string; memberId: string; groupId: string; userId: string };
  superToken: string;
  /**
   * A family of two members in no group, for the privacy cases alone: left out of the directory
   * and its details hidden at will, so no other case's family is.
   */
  privacyFamily: { familyId: string; memberIds: [string, string] };
  /** A plain member of a family of its own, in no group: sees what the privacy cases share with everyone. */
  viewer: { token: string };
}

export type Sent = Record<string, unknown>;

interface Outcome<T> {
  w: World;
  /** What `arrange` made for this request. */
  t: T;
  /** The body as the handler parsed it. */
  sent: Sent;
  answer: Answer;
}

export interface RouteCase<T = unknown> {
  operation: Operation;
  /** Requests per run of the file (times HOSTILE_RUNS). */
  runs: number;
  /** Who calls: a token of the world's, or one `arrange` made (a fresh proven account). */
  token: (w: World, t: T) => string | null;
  /** Fresh targets for one request (a family to delete), made before the snapshot. */
  arrange?: (w: World) => Promise<T>;
  /** The valid body the mutations start from. */
  valid?: (w: World, t: T) => Sent;
  shape?: (w: World) => Omit<BodyShape, 'smuggled'>;
  /** Path parameters: the valid ones, and other ids (another church's) to try instead. */
  params?: { valid: (w: World, t: T) => Record<string, string>; others: (w: World) => Record<string, string[]> };
  /** The call writes nothing even when it succeeds (a presigned upload): stores compared then too. */
  readOnly?: boolean;
  /** After a success: it reads back as sent. */
  accepted: (outcome: Outcome<T>) => Promise<void>;
  /** After a refusal, besides the unchanged stores. */
  refused?: (outcome: Outcome<T>) => Promise<void>;
}

/** Keeps each case's own target type while the table holds them all. */
const route = <T>(c: RouteCase<T>) => c as unknown as RouteCase;

/** The book's paper and photos, good and bad (startDirectoryBook, setBookSettings). */
const bookChoices = () => ({
  paper: fc.constantFrom('letter', 'a4', 'A4', ' a4', 'legal', ''),
  photos: fc.constantFrom(true, false, 'true', 0, null),
});

const cognito = new CognitoIdentityProviderClient({ endpoint: stack.cognitoEndpoint });

/** The exports bucket's keys under a prefix. */
async function exportsUnder(prefix: string): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: stack.env.EXPORTS_BUCKET!, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

/** The Cognito account's attributes, or null when there is no such account. */
export async function cognitoAttributes(username: string): Promise<Record<string, string> | null> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: username }));
    return Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name!, a.Value ?? '']));
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return null;
    throw error;
  }
}

export async function read<T>(operation: Operation, token: string, params?: Record<string, string>): Promise<T> {
  const answer = await call<T>(operation, { token, params });
  expect(answer.status, `${operation} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

const status = async (operation: Operation, token: string, params: Record<string, string>) =>
  (await call(operation, { token, params })).status;

/** A family of its own for each run that adds members: a family lists at most 100, and the runs add hundreds. */
export async function newFamilyIn(token: string) {
  const added = await call<{ id: string }>('addFamily', { token, body: { surname: unique('Arranged') } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { familyId: added.body.id };
}

/** A new member, in a new family of its own. */
export async function newMemberIn(token: string, email: string | null = null) {
  const { familyId } = await newFamilyIn(token);
  const added = await call<{ id: string }>('addMember', { token, body: { familyId, name: 'Arranged', email } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { familyId, memberId: added.body.id, email };
}

export async function addGroupIn(token: string) {
  const added = await call<{ groupId: string }>('addGroup', { token, body: { groupName: unique('Arranged Group') } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { groupId: added.body.groupId };
}

/** The role of `memberId` in `groupId`, as /groups shows it. */
async function roleIn(w: World, groupId: string, memberId: string) {
  return (await rolesOf(w.main.adminToken, groupId)).find((r) => r.memberId === memberId) ?? null;
}

const lower = (v: unknown) => optionalText(v)?.toLowerCase() ?? null;
const upper = (v: unknown) => optionalText(v)?.toUpperCase() ?? null;

const emailText = fc.oneof(
  fc.constantFrom(
    '<script>@x.yz',
    'Ünïcödé@exämple.org',
    'UPPER@EXAMPLE.ORG',
    ' padded@example.org ',
    'no-at.example.org',
    'a@b',
    `${'x'.repeat(250)}@e.org`,
    '"quoted"@example.org',
    'a\u0000b@example.org',
    '김@예.한국',
  ),
  nameText,
);
const versions = fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constantFrom(0, 2 ** 53, 1.5, -0, 1e308));
/** An id no import of any church has. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The file the import cases upload: one family. */
/** A file of one family the church does not have yet (a new surname each call): there is always something to import. */
const hostileFile = () => `Family Surname,First Name\r\n${unique('Hostile')},Ada\r\n`;

/** An import of that file, uploaded and checked: ready to confirm. */
async function checkedHostileFile(w: World): Promise<string> {
  const checked = await checkedFile(w.main.adminToken, hostileFile());
  expect(checked.status).toBe('CHECKED');
  return checked.importId;
}

const NO_SUCH_PHOTO = '00000000-0000-4000-8000-000000000000.jpg';

const familyFields = (w: World) => ({
  surname: nameText,
  street: nameText,
  city: nameText,
  state: fc.constantFrom('nc', ' tx ', 'N1', 'NCX', '', null, 'ǅz'),
  zipcode: fc.constantFrom('27601', '27601-1234', ' 27601 ', '2760', '276011234', '', null),
  phone: nameText,
  anniversary: fc.constantFrom(...DATES, null),
  // Never uploaded, another church's, kept-from-old-data URLs (refused for new values), scripts.
  photo: fc.constantFrom(
    null,
    '',
    `${w.main.orgId}/photos/${NO_SUCH_PHOTO}`,
    `${w.other.orgId}/photos/${NO_SUCH_PHOTO}`,
    'http://example.org/x.jpg',
    'javascript:alert(1)',
  ),
});

const familyBody = (surname: string): Sent => ({
  surname,
  street: '1 Oak Street',
  city: 'Raleigh',
  state: 'NC',
  zipcode: '27601',
  phone: '919-555-0100',
  anniversary: '06/12',
  photo: null,
});

function expectedFamily(sent: Sent) {
  return {
    surname: cleaned(sent.surname),
    street: optionalText(sent.street),
    city: optionalText(sent.city),
    state: upper(sent.state),
    zipcode: optionalText(sent.zipcode),
    phone: optionalText(sent.phone),
    anniversary: optionalText(sent.anniversary),
    // Every photo value sent is refused (never uploaded, another church's, a URL): none is ever kept.
    photoUrl: null,
  };
}

const memberFields = (w: World) => ({
  name: nameText,
  birthday: fc.constantFrom(...DATES, null),
  cellphone: nameText,
  email: emailText,
  familyId: fc.constantFrom(w.other.familyId, ` ${w.family.familyId} `, 'a/b'),
});

function expectedMember(sent: Sent) {
  return {
    name: cleaned(sent.name),
    birthday: optionalText(sent.birthday),
    cellphone: optionalText(sent.cellphone),
    email: lower(sent.email),
  };
}

const getFamily = async (w: World, familyId: string) =>
  (await read<{ family: FamilyView }>('getFamily', w.main.adminToken, { familyId })).family;
const getMember = async (w: World, memberId: string) =>
  (await read<{ member: MemberView }>('getMember', w.main.adminToken, { memberId })).member;

const PHOTO_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const churchInfoFields = {
  'churchInfo.name': nameText,
  'churchInfo.address': nameText,
  'churchInfo.city': nameText,
  'churchInfo.state': fc.constantFrom('nc', ' tx ', 'XX', 'N1', '', 'District Of Columbia'),
  'churchInfo.zip': fc.constantFrom('27601', ' 27601 ', '2760', '27601-1234', 'abcde'),
};

/** The church as registered, read back through the API and the table. */
async function expectRegistered(w: World, church: Sent, email: string, password: string, orgId: string, name: string) {
  expect([w.main.orgId, w.other.orgId]).not.toContain(orgId);
  const me = await read<MeResult>('getMe', await idToken(email, password));
  expect(me).toMatchObject({ orgId, orgName: cleaned(church.name), admin: true, email });
  expect(await readOrganization(orgId)).toMatchObject({
    orgName: cleaned(church.name),
    address: cleaned(church.address),
    city: cleaned(church.city),
    state: cleaned(church.state).toUpperCase(),
    zip: cleaned(church.zip),
    contactName: name,
    contactEmail: email,
  });
}

/** A level as sent: mostly one of the three or null (the church's default), else a near miss. */
const levelChoice = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...LEVELS, null) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('Admins', ' groups', 'everyone ', '', 'public', 'nobody') },
);

/** A field's rule as sent: mostly one of the three or left out, else a near miss. */
const ruleChoice = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...FIELD_RULES, undefined) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('Locked', ' blank', '', 'never', null, true) },
);

/** A member's choices as sent: any of its fields with a level or a near miss, a smuggled key, or not an object. */
const memberChoices = (w: World) =>
  fc.oneof(
    fc.record(Object.fromEntries(MEMBER_SHARED_KEYS.map((k) => [k, levelChoice])), { requiredKeys: [] }),
    fc
      .tuple(
        fc.record(Object.fromEntries(MEMBER_SHARED_KEYS.map((k) => [k, levelChoice])), { requiredKeys: [] }),
        fc.constantFrom('orgId', 'familyId', 'memberId', 'admin', 'version', '__proto__', 'privacy'),
        fc.constantFrom<unknown>(w.other.orgId, w.other.familyId, true, 'admins', 99, { email: 'admins' }),
      )
      // A computed key is an own property, `__proto__` included: it is sent like any other.
      .map(([choices, key, value]) => ({ ...choices, [key]: value })),
    fc.constantFrom<unknown>('groups', null, [], 0),
  );

/** The choices the contract keeps of a sent object: the shareable fields given a level (null: as the church decides). */
function choicesSent<K extends Shared>(keys: readonly K[], sent: unknown): Choices<K> {
  const given = sent as Record<string, unknown>;
  return Object.fromEntries(
    keys.filter((k) => LEVELS.includes(given[k] as Level)).map((k) => [k, given[k]]),
  ) as Choices<K>;
}

/** The level that applies to each field: the choice, else the church's default. */
const levelsOf = <K extends Shared>(keys: readonly K[], choices: Choices<K>, defaults: Levels) =>
  Object.fromEntries(keys.map((k) => [k, choices[k] ?? defaults[k]])) as Levels<K>;

const fieldOf = (view: FamilyView | MemberView, field: string) =>
  (view as unknown as Record<string, unknown>)[field === 'photo' ? 'photoUrl' : field];

/**
 * What a plain member outside the family and its groups (w.viewer) sees of it, as the
 * administrator's view of it says: nothing when it is left out of the directory, else only the
 * fields shared with everyone (the others null), and no privacy settings.
 */
async function expectViewerSees(w: World, family: FamilyView) {
  const privacy = family.privacy!;
  const seen = await call<{ family: FamilyView }>('getFamily', {
    token: w.viewer.token,
    params: { familyId: family.familyId },
  });
  if (privacy.unlisted) {
    expect(seen.status, JSON.stringify(seen.body)).toBe(404);
    return;
  }
  expect(seen.status, JSON.stringify(seen.body)).toBe(200);
  const shown = seen.body.family;
  expect(shown.privacy).toBeNull();
  for (const k of FAMILY_SHARED_KEYS)
    for (const field of FAMILY_SHARED[k].covers)
      expect(fieldOf(shown, field), `${k}: ${field}`).toEqual(
        privacy.levels[k] === 'everyone' ? fieldOf(family, field) : null,
      );
  for (const member of family.members) {
    const other = shown.members.find((m) => m.memberId === member.memberId)!;
    expect(other.privacy).toBeNull();
    for (const k of MEMBER_SHARED_KEYS)
      for (const field of MEMBER_SHARED[k].covers)
        expect(fieldOf(other, field), `${member.memberId} ${k}: ${field}`).toEqual(
          member.privacy!.levels[k] === 'everyone' ? fieldOf(member, field) : null,
        );
  }
}

/** Another church's privacy is never touched: its defaults open, its family listed with no choices. */
async function expectOtherChurchUntouched(w: World) {
  expect((await read<PrivacyDefaultsResult>('getPrivacyDefaults', w.other.adminToken)).levels).toEqual(OPEN_LEVELS);
  const theirs = (await read<{ family: FamilyView }>('getFamily', w.other.adminToken, { familyId: w.other.familyId }))
    .family;
  expect(theirs.privacy).toMatchObject({ unlisted: false, choices: {}, levels: { phone: 'everyone' } });
  for (const m of theirs.members) expect(m.privacy?.choices).toEqual({});
}

/**
 * Whether the request went to an address that has an account: its mail is then the way into it,
 * with no code (the address was used by an earlier run).
 */
async function hasAccountAlready(email: string): Promise<boolean> {
  const [mail] = await mailsTo(email);
  expect(mail, `a mail to ${email}`).toBeDefined();
  if (mail!.code) return false;
  expect(mail!.subject).toBe(ACCOUNT_EXISTS_SUBJECT);
  expect(await cognitoAttributes(email)).not.toBeNull();
  return true;
}

/** A proven account, opened by `open` (the first step of sign-up or registration), and its token. */
async function provenAccount(email: string, open: () => Promise<Answer>) {
  const opened = await open();
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  expect((await proveMailedAddress(email, PASSWORD)).status).toBe(200);
  return { email, token: await idToken(email, PASSWORD) };
}

/** Every write route of lambdas/routes.ts, in an order where the jobs come last. */

/** A new group of the main church with the world's family's member in it. */
async function groupWithRole(w: World): Promise<{ groupId: string }> {
  const { groupId } = await addGroupIn(w.main.adminToken);
  const added = await call('addRole', {
    token: w.main.adminToken,
    params: { groupId },
    body: { memberId: w.family.memberId },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { groupId };
}

/** A Bible study's fields, good and nearly good: hostile Markdown, unknown references, other churches' groups. */
const studyFields = (w: World) => ({
  title: nameText,
  description: fc.constantFrom<unknown>(
    null,
    '',
    '**bold** [link](https://example.org)',
    '[x](javascript:alert(1))',
    7,
  ),
  sharing: fc.constantFrom<unknown>('church', 'draft', 'groups', 'Church', '', null),
  groupIds: fc.constantFrom<unknown>([], [w.groupId], [w.other.groupId], ['<b>'], 'x', null),
  sessions: fc.constantFrom<unknown>(
    [],
    [
      {
        title: null,
        date: null,
        items: [{ kind: 'text', markdown: '<script>alert(1)</script> <img src=x onerror=alert(1)>' }],
      },
    ],
    [{ title: null, date: null, items: [{ kind: 'text', markdown: '[click](javascript:alert(1))' }] }],
    [{ title: null, date: null, items: [{ kind: 'scripture', reference: 'Hezekiah 4:5' }] }],
    [{ title: 'Week 1', date: '2026-13-01', items: [] }],
    [{ title: 'Week 1', date: '2027-01-10', items: [{ kind: 'poem', text: 'x' }] }],
    // Files never uploaded, another church's, outside the study files, or nameless: none is taken.
    ...[
      `${w.main.orgId}/photos/study-files/${randomUUID()}.pdf`,
      `${w.other.orgId}/photos/study-files/${randomUUID()}.jpg`,
      `${w.main.orgId}/photos/${w.family.familyId}/${randomUUID()}.jpg`,
      '../../etc/passwd',
    ].map((file) => [{ title: null, date: null, items: [{ kind: 'attachment', file, name: 'Notes.pdf' }] }]),
    [{ title: null, date: null, items: [{ kind: 'attachment', file: 'x', name: '' }] }],
    'sessions',
  ),
});

/** A study of the church, shared with it, made by its administrator. */
async function newStudyIn(token: string): Promise<{ studyId: string }> {
  const added = await call<{ studyId: string }>('addStudy', { token, body: { ...studyBody, title: unique('Study') } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { studyId: added.body.studyId };
}

/** The study's title as `token`'s caller reads it, or null when it finds none. */
async function studyTitle(token: string, studyId: string): Promise<string | null> {
  const answer = await call<{ study: { title: string } }>('getStudy', { token, params: { studyId } });
  return answer.status === 200 ? answer.body.study.title : null;
}

export const hostileRoutes: RouteCase[] = [
  route({
    operation: 'registerOrganization',
    runs: 30,
    token: () => null,
    arrange: async () => registrationBody(),
    valid: (_w, t) => t,
    shape: () => ({
      fields: {
        churchInfo: fc.constant('not an object'),
        adminInfo: fc.constant(['not', 'an', 'object']),
        ...churchInfoFields,
        'adminInfo.name': nameText,
        'adminInfo.email': emailText,
        'adminInfo.password': fc.constantFrom(
          '12345',
          'correct-horse-1',
          'x'.repeat(129),
          ' spaced out ',
          '🙂🙂🙂🙂🙂🙂',
          '<script>x',
        ),
      },
      containers: ['', 'churchInfo', 'adminInfo'],
    }),
    accepted: async ({ w, sent }) => {
      // The account is opened; the church is made once the address is proven.
      const church = sent.churchInfo as Sent;
      const admin = sent.adminInfo as Sent;
      const email = cleaned(admin.email).toLowerCase();
      if (await hasAccountAlready(email)) return;
      expect((await proveMailedAddress(email, String(admin.password))).status).toBe(200);
      const token = await idToken(email, String(admin.password));
      const finished = await call('finishRegistration', { token, body: { churchInfo: church } });
      expect(finished.status, JSON.stringify(finished.body)).toBe(200);
      await expectRegistered(
        w,
        church,
        email,
        String(admin.password),
        String(finished.body.orgId),
        cleaned(admin.name),
      );
    },
    // No account is left behind for the address of a refused registration.
    refused: async ({ t }) => expect(await cognitoAttributes(t.adminInfo.email)).toBeNull(),
  }),
  route({
    operation: 'finishRegistration',
    runs: 15,
    arrange: async () => {
      const body = registrationBody();
      const account = await provenAccount(body.adminInfo.email, () => call('registerOrganization', { body }));
      return { ...account, body };
    },
    token: (_w, t) => t.token,
    valid: (_w, t) => ({ churchInfo: t.body.churchInfo }),
    shape: () => ({
      fields: { churchInfo: fc.constant('not an object'), ...churchInfoFields },
      containers: ['', 'churchInfo'],
    }),
    accepted: async ({ w, t, sent, answer }) =>
      expectRegistered(
        w,
        sent.churchInfo as Sent,
        t.email,
        PASSWORD,
        String(answer.body.orgId),
        cleaned(t.body.adminInfo.name),
      ),
    // A refused finish leaves the proven account without a church.
    refused: async ({ t }) => expect((await cognitoAttributes(t.email))?.['custom:orgId']).toBeUndefined(),
  }),
  route({
    operation: 'finishSignUp',
    runs: 15,
    arrange: async (w) => {
      const { email } = await newMemberIn(w.main.adminToken, `${unique('finisher')}@example.org`);
      return provenAccount(email!, () =>
        call('newUser', { body: { email, fullName: 'New Finisher', password: PASSWORD, orgId: w.main.orgId } }),
      );
    },
    token: (_w, t) => t.token,
    valid: (w) => ({ orgId: w.main.orgId }),
    shape: (w) => ({
      fields: {
        orgId: fc.constantFrom(w.other.orgId, null, '', '  ', 'x'.repeat(64), 'x'.repeat(65), `${w.main.orgId} `),
      },
    }),
    accepted: async ({ w, t }) => {
      // The proven address joins the member that holds it, in the church that lists it, whatever the link said.
      const users = await read<ListUsersResult>('listUsers', w.main.adminToken);
      expect(users.users.find((u) => u.email === t.email)).toMatchObject({
        admin: false,
        memberId: expect.any(String),
      });
      expect(await cognitoAttributes(t.email)).toMatchObject({ 'custom:admin': 'false', 'custom:orgId': w.main.orgId });
    },
    refused: async ({ t }) => expect((await cognitoAttributes(t.email))?.['custom:orgId']).toBeUndefined(),
  }),
  route({
    operation: 'addClaimCreds',
    runs: 30,
    token: (w) => w.plain.token,
    valid: () => ({}),
    accepted: async ({ w }) => {
      expect(await read<MeResult>('getMe', w.plain.token)).toMatchObject({ orgId: w.main.orgId, admin: false });
      expect((await cognitoAttributes(w.plain.email))?.['custom:admin']).toBe('false');
    },
  }),
  route({
    operation: 'setTwoStep',
    runs: 20,
    // A member with no authenticator app: turning the step on is refused (nothing set up), off changes nothing.
    token: (w) => w.plain.token,
    valid: () => ({ on: false }),
    shape: () => ({ fields: { on: fc.constantFrom(true, false, 'true', 'false', 1, 0, null, 'on') } }),
    accepted: async ({ w, sent, answer }) => {
      expect(sent.on).toBe(false);
      expect(answer.body).toEqual({ on: false });
      const user = await cognito.send(
        new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: w.plain.email }),
      );
      expect(user.UserMFASettingList ?? []).not.toContain('SOFTWARE_TOKEN_MFA');
    },
  }),
  route({
    operation: 'linkApp',
    runs: 20,
    token: (w) => w.viewer.token,
    valid: () => ({ platform: 'android' }),
    shape: () => ({
      fields: { platform: fc.constantFrom('ios', 'android', 'IOS', ' Android ', 'windows', '', null, 1) },
    }),
    accepted: async ({ w, answer }) => {
      expect(answer.body).toMatchObject({ success: true, mobileAppLinked: true });
      expect((await read<MeResult>('getMe', w.viewer.token)).mobileAppLinked).toBe(true);
    },
  }),
  route({
    operation: 'addFamily',
    runs: 100,
    token: (w) => w.main.adminToken,
    valid: () => familyBody(unique('Hostile')),
    shape: (w) => ({ fields: familyFields(w) }),
    accepted: async ({ w, sent, answer }) => {
      const familyId = String(answer.body.id);
      expect(await getFamily(w, familyId)).toMatchObject({ ...expectedFamily(sent), version: 1 });
      expect(await status('getFamily', w.other.adminToken, { familyId })).toBe(404);
    },
  }),
  route({
    operation: 'updateFamily',
    runs: 100,
    token: (w) => w.main.adminToken,
    arrange: (w) => getFamily(w, w.family.familyId),
    valid: (_w, t) => ({ ...familyBody(t.surname), version: t.version, existingPhotoPath: null }),
    shape: (w) => ({ fields: { ...familyFields(w), version: versions, existingPhotoPath: nameText } }),
    params: { valid: (w) => ({ familyId: w.family.familyId }), others: (w) => ({ familyId: [w.other.familyId] }) },
    accepted: async ({ w, t, sent }) => {
      const family = await getFamily(w, w.family.familyId);
      const expected = expectedFamily(sent);
      expect(family).toMatchObject({ ...expected, version: t.version + 1 });
      // The surname moves to every member and to the names on their group roles, in the same write.
      for (const m of family.members) expect(m.surname).toBe(expected.surname);
      const member = family.members.find((m) => m.memberId === w.family.memberId)!;
      expect((await roleIn(w, w.groupId, member.memberId))?.memberName).toBe(
        `${member.name} ${expected.surname}`.trim(),
      );
    },
  }),
  route({
    operation: 'deleteFamily',
    runs: 50,
    token: (w) => w.main.adminToken,
    arrange: (w) => addFamilyVia(w.main.adminToken),
    params: { valid: (_w, t) => ({ familyId: t.familyId }), others: (w) => ({ familyId: [w.other.familyId] }) },
    accepted: async ({ w, t }) => {
      expect(await status('getFamily', w.main.adminToken, { familyId: t.familyId })).toBe(404);
      expect(await status('getMember', w.main.adminToken, { memberId: t.memberId })).toBe(404);
    },
  }),
  route({
    operation: 'setFamilyPrivacy',
    runs: 60,
    token: (w) => w.main.adminToken,
    // The family as it was: an omitted member keeps its choices, and each write is a new version.
    arrange: (w) => getFamily(w, w.privacyFamily.familyId),
    // Each accepted request turns the family in or out of the directory and moves its levels on, so
    // the runs see both and every level.
    valid: (w, t) => {
      const [first, second] = w.privacyFamily.memberIds;
      const pick = (i: number) => [...LEVELS, null][(t.version + i) % (LEVELS.length + 1)];
      return {
        unlisted: !t.privacy!.unlisted,
        approximateLocation: !t.privacy!.approximateLocation,
        family: { phone: pick(0), street: pick(1), anniversary: pick(2), photo: pick(3) },
        members: {
          [first]: { cellphone: pick(1), email: pick(2), birthday: pick(3) },
          [second]: { email: pick(0), birthday: pick(1) },
        },
      };
    },
    shape: (w) => {
      const [first, second] = w.privacyFamily.memberIds;
      return {
        fields: {
          unlisted: fc.constantFrom<unknown>(true, false, 'true', 'false', 0, 1, null),
          // Left out keeps it as it was.
          approximateLocation: fc.constantFrom<unknown>(true, false, undefined, 'true', 0, 1, null),
          family: fc.constantFrom<unknown>({}, { phone: 'admins' }, { phone: 'Admins' }, 'admins', []),
          ...Object.fromEntries(FAMILY_SHARED_KEYS.map((k) => [`family.${k}`, levelChoice])),
          // No member; another family's, another church's, or no id at all; a member's choices that are no object.
          members: fc.constantFrom<unknown>(
            {},
            { [w.family.memberId]: { email: 'admins' } },
            { [w.other.memberId]: {} },
            { [first]: 'admins' },
            { [first]: null },
            { [` ${first}`]: {} },
            { 'a/b': {} },
            { ['x'.repeat(65)]: {} },
            [first],
          ),
          // A member's choices whole (its fields at a depth the mutations do not reach), with a smuggled key at times.
          [`members.${first}`]: memberChoices(w),
          [`members.${second}`]: memberChoices(w),
        },
        containers: ['', 'family', 'members'],
      };
    },
    // Not our own church's other family: a body with no member ids would be taken for it (an admin
    // may) and could leave it out of the directory, which the other cases need listed.
    params: {
      valid: (w) => ({ familyId: w.privacyFamily.familyId }),
      others: (w) => ({ familyId: [w.other.familyId] }),
    },
    accepted: async ({ w, t, sent }) => {
      const family = await getFamily(w, w.privacyFamily.familyId);
      const sentMembers = sent.members as Record<string, unknown>;
      // Only this family's members are taken. A `__proto__` key is dropped by the contract (as an
      // unknown key is anywhere), never read as a member id.
      const ids = t.members.map((m) => m.memberId);
      for (const id of Object.keys(sentMembers)) if (id !== '__proto__') expect(ids).toContain(id);
      const defaults = family.privacy!.defaults;
      expect(defaults).toEqual((await read<PrivacyDefaultsResult>('getPrivacyDefaults', w.main.adminToken)).levels);
      const choices = choicesSent(FAMILY_SHARED_KEYS, sent.family);
      expect(family).toMatchObject({
        ...Object.fromEntries(Object.entries(t).filter(([k]) => !['version', 'privacy', 'members'].includes(k))),
        version: t.version + 1,
      });
      expect(family.privacy).toEqual({
        unlisted: sent.unlisted,
        approximateLocation: sent.approximateLocation ?? t.privacy!.approximateLocation,
        choices,
        levels: levelsOf(FAMILY_SHARED_KEYS, choices, defaults),
        defaults,
      });
      expect(family.members.map((m) => m.memberId).sort()).toEqual([...ids].sort());
      for (const before of t.members) {
        const member = family.members.find((m) => m.memberId === before.memberId)!;
        const changed = Object.hasOwn(sentMembers, before.memberId);
        const memberChoices = changed
          ? choicesSent(MEMBER_SHARED_KEYS, sentMembers[before.memberId])
          : before.privacy!.choices;
        expect(member, before.memberId).toMatchObject({
          ...Object.fromEntries(Object.entries(before).filter(([k]) => !['version', 'privacy'].includes(k))),
          version: before.version + (changed ? 1 : 0),
          privacy: { choices: memberChoices, levels: levelsOf(MEMBER_SHARED_KEYS, memberChoices, defaults) },
        });
        expect(member.privacy!.choices).toEqual(memberChoices);
      }
      await expectViewerSees(w, family);
      await expectOtherChurchUntouched(w);
    },
  }),
  route({
    operation: 'setPrivacyDefaults',
    runs: 30,
    token: (w) => w.main.adminToken,
    valid: () => ({
      levels: {
        phone: 'groups',
        street: 'admins',
        anniversary: 'everyone',
        photo: 'groups',
        cellphone: 'admins',
        email: 'groups',
        birthday: 'everyone',
      },
    }),
    shape: () => ({
      fields: {
        levels: fc.constantFrom<unknown>({}, OPEN_LEVELS, 'everyone', [], { ...OPEN_LEVELS, phone: 'Groups' }),
        ...Object.fromEntries(SHARED_KEYS.map((k) => [`levels.${k}`, levelChoice])),
      },
      containers: ['', 'levels'],
    }),
    accepted: async ({ w, sent }) => {
      const levels = Object.fromEntries(SHARED_KEYS.map((k) => [k, (sent.levels as Sent)[k]])) as Levels;
      expect((await read<PrivacyDefaultsResult>('getPrivacyDefaults', w.main.adminToken)).levels).toEqual(levels);
      // The defaults apply where a family or member chose nothing.
      const family = await getFamily(w, w.privacyFamily.familyId);
      expect(family.privacy).toMatchObject({
        defaults: levels,
        levels: levelsOf(FAMILY_SHARED_KEYS, family.privacy!.choices, levels),
      });
      for (const m of family.members)
        expect(m.privacy?.levels).toEqual(levelsOf(MEMBER_SHARED_KEYS, m.privacy!.choices, levels));
      await expectViewerSees(w, family);
      await expectOtherChurchUntouched(w);
      // Back to sharing everything with everyone, as the other cases' church does.
      const restored = await call('setPrivacyDefaults', { token: w.main.adminToken, body: { levels: OPEN_LEVELS } });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    },
  }),
  route({
    operation: 'setChangeRules',
    runs: 30,
    token: (w) => w.main.adminToken,
    valid: () => ({ approval: true, family: { phone: 'blank' }, member: { birthday: 'locked' }, fixed: ['email'] }),
    shape: () => ({
      fields: {
        approval: fc.constantFrom<unknown>(true, false, 'true', 1, null),
        family: fc.constantFrom<unknown>({}, { surname: 'locked' }, 'locked', []),
        member: fc.constantFrom<unknown>({}, { email: 'blank' }, 'open', null),
        fixed: fc.constantFrom<unknown>([], ['phone', 'email'], ['Phone'], 'phone', [null], SHARED_KEYS),
        ...Object.fromEntries(keysOf(FAMILY_FIELDS).map((k) => [`family.${k}`, ruleChoice])),
        ...Object.fromEntries(keysOf(MEMBER_FIELDS).map((k) => [`member.${k}`, ruleChoice])),
      },
      containers: ['', 'family', 'member'],
    }),
    accepted: async ({ w, sent }) => {
      const closed = (rules: unknown, keys: readonly string[]) =>
        Object.fromEntries(
          keys.flatMap((k) => {
            const rule = (rules as Sent)[k];
            return rule === 'blank' || rule === 'locked' ? [[k, rule]] : [];
          }),
        );
      const fixed = sent.fixed as string[];
      expect((await read<PrivacyDefaultsResult>('getPrivacyDefaults', w.main.adminToken)).rules).toEqual({
        approval: sent.approval,
        family: closed(sent.family, keysOf(FAMILY_FIELDS)),
        member: closed(sent.member, keysOf(MEMBER_FIELDS)),
        fixed: SHARED_KEYS.filter((k) => fixed.includes(k)),
      });
      await expectOtherChurchUntouched(w);
      // Back to the open rules, as the other cases' church has them.
      const restored = await call('setChangeRules', { token: w.main.adminToken, body: OPEN_RULES });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    },
  }),
  route({
    operation: 'addMember',
    runs: 100,
    token: (w) => w.main.adminToken,
    arrange: (w) => newFamilyIn(w.main.adminToken),
    valid: (_w, t) => ({
      familyId: t.familyId,
      name: 'Hostile Member',
      birthday: '03/14',
      cellphone: '919-555-0100',
      email: `${unique('m')}@example.org`,
    }),
    shape: (w) => ({ fields: memberFields(w) }),
    accepted: async ({ w, sent, answer }) => {
      const memberId = String(answer.body.id);
      expect(await getMember(w, memberId)).toMatchObject({
        ...expectedMember(sent),
        familyId: cleaned(sent.familyId),
        version: 1,
      });
      expect(await status('getMember', w.other.adminToken, { memberId })).toBe(404);
    },
  }),
  route({
    operation: 'updateMember',
    runs: 100,
    token: (w) => w.main.adminToken,
    arrange: (w) => getMember(w, w.family.memberId),
    valid: (w, t) => ({
      name: 'Lydia',
      birthday: '03/14',
      cellphone: null,
      email: null,
      version: t.version,
      familyId: w.family.familyId,
    }),
    shape: (w) => ({ fields: { ...memberFields(w), version: versions } }),
    params: { valid: (w) => ({ memberId: w.family.memberId }), others: (w) => ({ memberId: [w.other.memberId] }) },
    accepted: async ({ w, t, sent }) => {
      const member = await getMember(w, w.family.memberId);
      // A member never moves family through this call, whatever familyId the body carries.
      expect(member).toMatchObject({ ...expectedMember(sent), familyId: w.family.familyId, version: t.version + 1 });
      expect((await roleIn(w, w.groupId, member.memberId))?.memberName).toBe(`${member.name} ${member.surname}`.trim());
    },
  }),
  route({
    operation: 'deleteMember',
    runs: 50,
    token: (w) => w.main.adminToken,
    arrange: (w) => newMemberIn(w.main.adminToken),
    params: { valid: (_w, t) => ({ memberId: t.memberId }), others: (w) => ({ memberId: [w.other.memberId] }) },
    accepted: async ({ w, t }) => {
      expect(await status('getMember', w.main.adminToken, { memberId: t.memberId })).toBe(404);
    },
  }),
  route({
    operation: 'createPhotoUpload',
    runs: 60,
    token: (w) => w.main.adminToken,
    valid: (w) => ({ contentType: 'image/jpeg', size: 1000, familyId: w.family.familyId }),
    shape: (w) => ({
      fields: {
        contentType: fc.constantFrom(
          ...Object.keys(PHOTO_EXTENSIONS),
          'image/svg+xml',
          'text/html',
          'IMAGE/JPEG',
          ' image/png',
        ),
        size: fc.oneof(
          fc.integer({ min: -10, max: 6 * 1024 * 1024 }),
          fc.constantFrom(0, 5 * 1024 * 1024, 5 * 1024 * 1024 + 1, 1.5, 1e308),
        ),
        familyId: fc.constantFrom(w.other.familyId, ` ${w.family.familyId}`, 'a/b'),
      },
    }),
    readOnly: true,
    accepted: async ({ w, sent, answer }) => {
      const { photo } = answer.body as unknown as PhotoUploadResult;
      // Only ever into the family's own folder (a refusal is any other familyId).
      expect(photo).toMatch(
        new RegExp(
          `^${w.main.orgId}/photos/${w.family.familyId}/[0-9a-f-]{36}\\.${PHOTO_EXTENSIONS[String(sent.contentType)]}$`,
        ),
      );
    },
  }),
  route({
    operation: 'addGroup',
    runs: 60,
    token: (w) => w.main.adminToken,
    valid: () => ({ groupName: unique('Hostile Group') }),
    shape: () => ({ fields: { groupName: nameText } }),
    accepted: async ({ w, sent, answer }) => {
      const groups = await read<ListGroupsResult>('listGroups', w.main.adminToken);
      expect(groups.groups.find((g) => g.groupId === answer.body.groupId)).toMatchObject({
        groupName: cleaned(sent.groupName),
        memberCount: 0,
      });
      const theirs = await read<ListGroupsResult>('listGroups', w.other.adminToken);
      expect(theirs.groups.map((g) => g.groupId)).not.toContain(answer.body.groupId);
    },
  }),
  route({
    operation: 'deleteGroup',
    runs: 40,
    token: (w) => w.main.adminToken,
    arrange: (w) => addGroupIn(w.main.adminToken),
    params: { valid: (_w, t) => ({ groupId: t.groupId }), others: (w) => ({ groupId: [w.other.groupId] }) },
    accepted: async ({ w, t }) => {
      const groups = await read<ListGroupsResult>('listGroups', w.main.adminToken);
      expect(groups.groups.map((g) => g.groupId)).not.toContain(t.groupId);
    },
  }),
  route({
    operation: 'addRole',
    runs: 60,
    token: (w) => w.main.adminToken,
    arrange: (w) => addGroupIn(w.main.adminToken),
    valid: (w) => ({ memberId: w.family.memberId, label: 'Greeter' }),
    shape: (w) => ({
      fields: { memberId: fc.constantFrom(w.other.memberId, ` ${w.family.memberId} `, '<b>'), label: nameText },
    }),
    params: { valid: (_w, t) => ({ groupId: t.groupId }), others: (w) => ({ groupId: [w.other.groupId] }) },
    accepted: async ({ w, t, sent }) => {
      expect(await roleIn(w, t.groupId, cleaned(sent.memberId))).toMatchObject({ label: optionalText(sent.label) });
    },
  }),
  route({
    operation: 'restoreVersion',
    runs: 30,
    token: (w) => w.main.adminToken,
    // A new family whose city the administrator changed: its last change, to take back.
    arrange: async (w) => {
      const { familyId } = await newFamilyIn(w.main.adminToken);
      const changed = await call('updateFamily', {
        token: w.main.adminToken,
        params: { familyId },
        body: { surname: 'Arranged', city: 'Apex', version: 1 },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const history = await call<ListAuditResult>('listAuditEntries', {
        token: w.main.adminToken,
        query: `subject=family:${familyId}`,
      });
      const [last] = history.body.entries;
      return { familyId, entryId: last!.entryId, at: last!.at };
    },
    valid: (_w, t) => ({ entryId: t.entryId, at: t.at, recordId: t.familyId }),
    shape: (w) => ({
      fields: {
        entryId: fc.constantFrom<unknown>(randomUUID(), 'x', null, 7),
        at: fc.constantFrom<unknown>('2026-01-01T00:00:00.000Z', '2026-13-01', '', null),
        recordId: fc.constantFrom<unknown>(w.other.familyId, w.family.familyId, '../x', null),
      },
    }),
    accepted: async ({ w, t }) => {
      const family = await read<GetFamilyResult>('getFamily', w.main.adminToken, { familyId: t.familyId });
      expect(family.family.city).toBeNull();
      await expectOtherChurchUntouched(w);
    },
  }),
  route({
    operation: 'decideChangeRequest',
    runs: 30,
    token: (w) => w.main.adminToken,
    // A family's change asked while the church approved changes first (its rules open again after).
    arrange: async (w) => {
      const { familyId, memberId } = await newMemberIn(w.main.adminToken);
      const account = await createAccountIn(w.main.orgId, { familyId, memberId });
      const rules = (approval: boolean) =>
        call('setChangeRules', { token: w.main.adminToken, body: { ...OPEN_RULES, approval } });
      const { version } = (await read<GetFamilyResult>('getFamily', w.main.adminToken, { familyId })).family;
      await rules(true);
      const asked = await call<{ requestId: string }>('updateFamily', {
        token: account.token,
        params: { familyId },
        body: { surname: 'Arranged', city: 'Apex', version },
      });
      await rules(false);
      expect(asked.body.requestId, JSON.stringify(asked.body)).toEqual(expect.any(String));
      return { familyId, requestId: asked.body.requestId };
    },
    valid: () => ({ approve: false, note: 'Please call the office.' }),
    shape: () => ({
      fields: {
        approve: fc.constantFrom<unknown>(true, false, 'true', 0, null),
        note: fc.oneof(nameText, fc.constantFrom<unknown>(null, '', '   ', 'x'.repeat(501), 42)),
      },
    }),
    params: {
      valid: (_w, t) => ({ requestId: t.requestId }),
      others: () => ({ requestId: [randomUUID(), 'not-a-request'] }),
    },
    accepted: async ({ w, t, sent }) => {
      const family = await read<GetFamilyResult>('getFamily', w.main.adminToken, { familyId: t.familyId });
      const [request] = family.requests!;
      expect(request).toMatchObject({
        requestId: t.requestId,
        status: sent.approve ? 'approved' : 'rejected',
        note: optionalText(sent.note),
      });
      expect(family.family.city).toBe(sent.approve ? 'Apex' : null);
      await expectOtherChurchUntouched(w);
    },
  }),
  route({
    operation: 'deleteRole',
    runs: 40,
    token: (w) => w.main.adminToken,
    arrange: groupWithRole,
    params: {
      valid: (w, t) => ({ groupId: t.groupId, memberId: w.family.memberId }),
      others: (w) => ({ groupId: [w.other.groupId], memberId: [w.other.memberId] }),
    },
    accepted: async ({ w, t }) => {
      expect(await roleIn(w, t.groupId, w.family.memberId)).toBeNull();
    },
  }),
  route({
    operation: 'setRoleLeader',
    runs: 30,
    token: (w) => w.main.adminToken,
    arrange: groupWithRole,
    valid: () => ({ leader: true }),
    shape: () => ({ fields: { leader: fc.constantFrom<unknown>(true, false, 'true', 1, null) } }),
    params: {
      valid: (w, t) => ({ groupId: t.groupId, memberId: w.family.memberId }),
      others: (w) => ({ groupId: [w.other.groupId], memberId: [w.other.memberId] }),
    },
    accepted: async ({ w, t, sent }) => {
      expect(await roleIn(w, t.groupId, w.family.memberId)).toMatchObject({ leader: sent.leader });
    },
  }),
  route({
    operation: 'addStudy',
    runs: 60,
    token: (w) => w.main.adminToken,
    valid: () => ({ ...studyBody, title: unique('Hostile study') }),
    shape: (w) => ({ fields: studyFields(w), containers: [''] }),
    accepted: async ({ w, sent, answer }) => {
      const studyId = String(answer.body.studyId);
      expect(await studyTitle(w.main.adminToken, studyId)).toBe(cleaned(sent.title));
      expect(await studyTitle(w.other.adminToken, studyId)).toBeNull();
    },
  }),
  route({
    operation: 'updateStudy',
    runs: 40,
    token: (w) => w.main.adminToken,
    arrange: (w) => newStudyIn(w.main.adminToken),
    valid: () => ({ ...studyBody, title: unique('Hostile change'), version: 1 }),
    shape: (w) => ({
      fields: { ...studyFields(w), version: fc.constantFrom<unknown>(1, 2, 0, '1', null) },
      containers: [''],
    }),
    params: { valid: (_w, t) => ({ studyId: t.studyId }), others: () => ({ studyId: [randomUUID()] }) },
    accepted: async ({ w, t, sent }) => {
      expect(await studyTitle(w.main.adminToken, t.studyId)).toBe(cleaned(sent.title));
    },
  }),
  route({
    operation: 'deleteStudy',
    runs: 30,
    token: (w) => w.main.adminToken,
    arrange: (w) => newStudyIn(w.main.adminToken),
    params: { valid: (_w, t) => ({ studyId: t.studyId }), others: () => ({ studyId: [randomUUID()] }) },
    accepted: async ({ w, t }) => {
      expect(await studyTitle(w.main.adminToken, t.studyId)).toBeNull();
    },
  }),
  route({
    operation: 'printStudyHandout',
    runs: 8,
    token: (w) => w.main.adminToken,
    arrange: (w) => newStudyIn(w.main.adminToken),
    valid: () => ({}),
    params: {
      valid: (_w, t) => ({ studyId: t.studyId }),
      others: (w) => ({ studyId: [randomUUID(), w.other.groupId] }),
    },
    accepted: async ({ w, answer }) => {
      const { url } = answer.body as unknown as StudyHandout;
      // Into the church's own exports, which expire.
      expect(decodeURIComponent(url)).toContain(`${EXPORTS_PREFIX}${w.main.orgId}/handouts/`);
    },
  }),
  route({
    operation: 'createStudyAttachmentUpload',
    runs: 40,
    token: (w) => w.main.adminToken,
    valid: () => ({ contentType: 'application/pdf', size: 1000 }),
    shape: () => ({
      fields: {
        contentType: fc.constantFrom(...Object.keys(ATTACHMENT_TYPES), 'image/svg+xml', 'text/html', 'APPLICATION/PDF'),
        size: fc.oneof(
          fc.integer({ min: -10, max: 11 * 1024 * 1024 }),
          fc.constantFrom(0, 5 * 1024 * 1024 + 1, 10 * 1024 * 1024 + 1, 1.5, 1e308),
        ),
      },
    }),
    readOnly: true,
    accepted: async ({ w, sent, answer }) => {
      const { file } = answer.body as unknown as AttachmentUploadResult;
      // Only ever into the church's own study files, with the extension of the type asked for.
      const extension = ATTACHMENT_TYPES[sent.contentType as AttachmentType];
      expect(file).toMatch(new RegExp(`^${w.main.orgId}/photos/${STUDY_FILES_FOLDER}/[0-9a-f-]{36}\\.${extension}$`));
      expect(sent.size).toBeLessThanOrEqual(MAX_ATTACHMENT_BYTES[extension === 'pdf' ? 'pdf' : 'image']);
    },
  }),
  route({
    operation: 'setReadingSite',
    runs: 30,
    token: (w) => w.main.adminToken,
    valid: () => ({ readingSite: 'https://www.biblegateway.com/passage/?search={passage}' }),
    shape: () => ({
      fields: {
        readingSite: fc.constantFrom<unknown>(
          null,
          ' https://read.example/{passage} ',
          'http://read.example/{passage}',
          'https://read.example/',
          'javascript:alert(1)//{passage}',
          `https://read.example/${'x'.repeat(300)}{passage}`,
          5,
        ),
      },
    }),
    accepted: async ({ w, sent }) => {
      const { readingSite } = await read<ListStudiesResult>('listStudies', w.main.adminToken);
      expect(readingSite).toBe(sent.readingSite === null ? null : cleaned(sent.readingSite));
    },
  }),
  route({
    operation: 'newUser',
    runs: 30,
    token: () => null,
    arrange: (w) => newMemberIn(w.main.adminToken, `${unique('joiner')}@example.org`),
    valid: (w, t) => ({ email: t.email, fullName: 'New Joiner', password: PASSWORD, orgId: w.main.orgId }),
    shape: (w) => ({
      fields: {
        email: emailText,
        fullName: nameText,
        password: fc.constantFrom('12345', 'x'.repeat(129), ' spaced out ', '🙂🙂🙂🙂🙂🙂'),
        orgId: fc.constantFrom(w.other.orgId, null, '', '  ', 'x'.repeat(64), 'x'.repeat(65), `${w.main.orgId} `),
      },
    }),
    accepted: async ({ w, sent }) => {
      // Any address opens an account; once proven, it joins the member only where the link places it.
      const email = cleaned(sent.email).toLowerCase();
      if (await hasAccountAlready(email)) return;
      expect((await proveMailedAddress(email, String(sent.password))).status).toBe(200);
      const token = await idToken(email, String(sent.password));
      const finished = await call('finishSignUp', { token, body: { orgId: sent.orgId ?? null } });
      if (finished.status !== 200) {
        expect(finished.body.error).toEqual({ code: 'permission-denied', message: CANNOT_JOIN });
        expect((await cognitoAttributes(email))?.['custom:orgId']).toBeUndefined();
        return;
      }
      const users = await read<ListUsersResult>('listUsers', w.main.adminToken);
      expect(users.users.find((u) => u.email === email)).toMatchObject({ admin: false, memberId: expect.any(String) });
      expect(await cognitoAttributes(email)).toMatchObject({ 'custom:admin': 'false', 'custom:orgId': w.main.orgId });
    },
    refused: async ({ t }) => expect(await cognitoAttributes(t.email!)).toBeNull(),
  }),
  route<{ email: string; code: string }>({
    operation: 'proveAddress',
    runs: 30,
    token: () => null,
    arrange: async (w) => {
      const email = `${unique('prover')}@example.org`;
      const opened = await call('newUser', {
        body: { email, fullName: 'New Prover', password: PASSWORD, orgId: w.main.orgId },
      });
      expect(opened.status).toBe(200);
      return { email, code: (await mailedCode(email))! };
    },
    valid: (_w, t) => ({ email: t.email, code: t.code, password: PASSWORD }),
    shape: () => ({
      fields: {
        email: emailText,
        code: fc.constantFrom('', '12345', '1234567', 'abcdef', '000000', '١٢٣٤٥٦', 123456, null),
        password: fc.constantFrom('12345', 'x'.repeat(129), ' spaced out ', '🙂🙂🙂🙂🙂🙂'),
      },
    }),
    accepted: async ({ t, sent }) => {
      // Only the mailed code makes the account: proven, with the password sent.
      expect(await cognitoAttributes(t.email)).toMatchObject({ email_verified: 'true' });
      await idToken(t.email, String(sent.password));
    },
    refused: async ({ t }) => expect(await cognitoAttributes(t.email)).toBeNull(),
  }),
  route({
    operation: 'setUserAdminClaim',
    runs: 50,
    token: (w) => w.main.adminToken,
    valid: () => ({ setAdminStatus: true }),
    shape: () => ({ fields: { setAdminStatus: fc.oneof(fc.boolean(), fc.constantFrom('true', 1, 0, 'false')) } }),
    // Never the caller's own id: removing its own admin would end the run.
    params: { valid: (w) => ({ userId: w.user.userId }), others: (w) => ({ userId: [w.other.userId] }) },
    accepted: async ({ w, sent }) => {
      const users = await read<ListUsersResult>('listUsers', w.main.adminToken);
      expect(users.users.find((u) => u.userId === w.user.userId)?.admin).toBe(sent.setAdminStatus);
      expect((await cognitoAttributes(w.user.email))?.['custom:admin']).toBe(String(sent.setAdminStatus));
    },
  }),
  route({
    operation: 'deleteUserAuth',
    runs: 20,
    token: (w) => w.main.adminToken,
    arrange: (w) => createAccountIn(w.main.orgId),
    params: { valid: (_w, t) => ({ userId: t.userId }), others: (w) => ({ userId: [w.other.userId, w.adminUserId] }) },
    accepted: async ({ w, t }) => {
      const users = await read<ListUsersResult>('listUsers', w.main.adminToken);
      expect(users.users.map((u) => u.userId)).not.toContain(t.userId);
      expect(await cognitoAttributes(t.email)).toBeNull();
    },
  }),
  route({
    operation: 'makeOrganizationAdmin',
    runs: 10,
    token: (w) => w.superToken,
    arrange: (w) => createAccountIn(w.main.orgId),
    params: {
      valid: (w, t) => ({ orgId: w.main.orgId, userId: t.userId }),
      others: (w) => ({ orgId: [w.other.orgId], userId: [w.other.userId] }),
    },
    accepted: async ({ w, t }) => {
      const users = await read<ListUsersResult>('listUsers', w.main.adminToken);
      expect(users.users.find((u) => u.userId === t.userId)?.admin).toBe(true);
      expect((await cognitoAttributes(t.email))?.['custom:admin']).toBe('true');
    },
  }),
  route({
    operation: 'startDirectoryBook',
    runs: 8,
    token: (w) => w.main.adminToken,
    valid: () => ({ paper: 'letter', photos: false }),
    shape: () => ({ fields: bookChoices() }),
    // Waits for the book, so nothing of it is written during the cases after this one.
    accepted: async ({ w, answer }) => {
      const started = answer.body as unknown as StartDirectoryBookResult;
      let book: BookView | null = started.book;
      for (let i = 0; i < 600 && book?.status === 'RUNNING'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        book = (await read<GetDirectoryBookResult>('getDirectoryBook', w.main.adminToken)).book;
      }
      expect(book?.status).toBe('SUCCEEDED');
      if (book?.url) expect(decodeURIComponent(book.url)).toContain(churchBooksPrefix(w.main.orgId));
      // The run's last step marks it SUCCEEDED, then deletes the book it replaced and its work: wait for those too.
      const church = [churchBooksPrefix(w.main.orgId), `${EXPORTS_PREFIX}${w.main.orgId}/book-parts/`];
      await expect
        .poll(async () => (await Promise.all(church.map(exportsUnder))).flat().length, { timeout: 30_000 })
        .toBe(book?.url ? 1 : 0);
    },
  }),
  route({
    operation: 'setBookSettings',
    runs: 10,
    token: (w) => w.main.adminToken,
    valid: () => ({ paper: 'letter', photos: true }),
    shape: () => ({ fields: bookChoices() }),
    accepted: async ({ w, sent }) => {
      const { settings } = await read<GetDirectoryBookResult>('getDirectoryBook', w.main.adminToken);
      expect(settings).toMatchObject({ paper: sent.paper, photos: sent.photos });
    },
  }),
  route({
    operation: 'createBookCoverUpload',
    runs: 30,
    token: (w) => w.main.adminToken,
    valid: () => ({ contentType: 'image/jpeg', size: 1000 }),
    shape: () => ({
      fields: {
        contentType: fc.constantFrom(...Object.keys(PHOTO_EXTENSIONS), 'image/svg+xml', 'text/html', 'IMAGE/JPEG'),
        size: fc.oneof(
          fc.integer({ min: -10, max: 6 * 1024 * 1024 }),
          fc.constantFrom(0, 5 * 1024 * 1024 + 1, 1.5, 1e308),
        ),
      },
    }),
    readOnly: true,
    accepted: async ({ w, sent, answer }) => {
      const { photo } = answer.body as unknown as PhotoUploadResult;
      // Only ever into the church's own cover folder, whatever else the body holds.
      expect(photo).toMatch(
        new RegExp(
          `^${w.main.orgId}/photos/${BOOK_COVER_FOLDER}/[0-9a-f-]{36}\\.${PHOTO_EXTENSIONS[String(sent.contentType)]}$`,
        ),
      );
    },
  }),
  route({
    operation: 'startIntegrityReport',
    runs: 4,
    token: (w) => w.superToken,
    valid: () => ({}),
    accepted: async ({ w, answer }) => {
      expect((await waitForJob(w.superToken, String(answer.body.jobId))).status).toBe('SUCCEEDED');
    },
  }),
  route({
    operation: 'startExport',
    runs: 4,
    token: (w) => w.main.adminToken,
    valid: () => ({}),
    // Waits for the file, so nothing of the export is written during the cases after this one.
    accepted: async ({ w }) => {
      expect((await finishedExport(w.main.adminToken))?.status).toBe('SUCCEEDED');
    },
  }),
  route({
    operation: 'createImportUpload',
    runs: 20,
    token: (w) => w.main.adminToken,
    valid: () => ({ fileName: 'people.csv', size: 1000, groupsFiles: [{ fileName: 'tags.csv', size: 100 }] }),
    shape: () => ({
      fields: {
        fileName: fc.constantFrom('people.csv', 'a.XLSX', 'x.xls', 'x.csv.exe', '', ' .csv', '../../etc.csv', nameText),
        size: fc.oneof(
          fc.integer({ min: -10, max: 30 * 1024 * 1024 }),
          fc.constantFrom(0, MAX_IMPORT_BYTES + 1, 1.5, 1e308),
        ),
        // The groups files: good, too many, of a wrong type or size, not a list, other keys.
        groupsFiles: fc.constantFrom(
          [],
          [{ fileName: 'tags.csv', size: 10 }],
          [
            { fileName: 'groups.xlsx', size: 10 },
            { fileName: 'groupmembers.CSV', size: MAX_IMPORT_BYTES },
          ],
          Array.from({ length: MAX_GROUPS_FILES + 1 }, (_, i) => ({ fileName: `g${i}.csv`, size: 10 })),
          [{ fileName: 'tags.xls', size: 10 }],
          [{ fileName: '../../etc.csv', size: 10, fileKey: 'exports/other/x.csv', orgId: 'other' }],
          [{ fileName: 'tags.csv', size: MAX_IMPORT_BYTES + 1 }],
          [{ fileName: 'tags.csv' }],
          [null],
          'tags.csv',
          null,
        ),
      },
    }),
    accepted: async ({ w, sent, answer }) => {
      const upload = answer.body as unknown as ImportUploadResult;
      // Only ever into the church's own folder, whatever the files are called.
      const folder = `${EXPORTS_PREFIX}${w.main.orgId}/imports/${upload.import.importId}/`;
      expect(decodeURIComponent(upload.url)).toContain(`${folder}file.`);
      const groups = (sent.groupsFiles ?? []) as { fileName: string }[];
      expect(upload.import.groupsFiles).toEqual(groups.map((g) => g.fileName.trim()));
      upload.groupsFiles.forEach((to, i) => expect(decodeURIComponent(to.url)).toContain(`${folder}groups-${i}.`));
    },
  }),
  route({
    operation: 'checkImport',
    runs: 12,
    token: (w) => w.main.adminToken,
    arrange: async (w) => ({ importId: (await uploadImport(w.main.adminToken, hostileFile())).importId }),
    valid: () => ({ ...CHECK_DEFAULTS }),
    shape: () => ({
      fields: {
        preset: fc.constantFrom(null, 'ours', 'breeze', 'nope', ''),
        mapping: fc.constantFrom({}, { 0: 'lastName' }, { x: 'lastName' }, { 0: 'bogus' }, { 0: null }, []),
        dateOrder: fc.constantFrom('mdy', 'dmy', 'ymd', null),
        invite: fc.constantFrom(true, false, 'yes', null),
      },
    }),
    params: { valid: (_w, t) => ({ importId: t.importId }), others: () => ({ importId: [UNKNOWN_ID] }) },
    accepted: async ({ w }) => {
      expect(['CHECKED', 'FAILED']).toContain((await settledImport(w.main.adminToken))?.status);
    },
  }),
  route({
    operation: 'confirmImport',
    runs: 4,
    token: (w) => w.main.adminToken,
    arrange: async (w) => ({ importId: await checkedHostileFile(w) }),
    valid: () => ({}),
    params: { valid: (_w, t) => ({ importId: t.importId }), others: () => ({ importId: [UNKNOWN_ID] }) },
    accepted: async ({ w }) => {
      expect((await settledImport(w.main.adminToken))?.status).toBe('DONE');
    },
  }),
  route({
    operation: 'undoImport',
    runs: 4,
    token: (w) => w.main.adminToken,
    arrange: async (w) => {
      const importId = await checkedHostileFile(w);
      await confirmedImport(w.main.adminToken, importId);
      return { importId };
    },
    valid: () => ({}),
    params: { valid: (_w, t) => ({ importId: t.importId }), others: () => ({ importId: [UNKNOWN_ID] }) },
    accepted: async ({ w }) => {
      expect((await settledImport(w.main.adminToken))?.status).toBe('UNDONE');
    },
  }),
  route({
    operation: 'deleteAllDataForOrganization',
    runs: 5,
    token: (w) => w.superToken,
    // A church of its own per request: never ours or the other one the cases need.
    arrange: () => createChurch(),
    valid: (_w, t) => ({ orgId: t.orgId }),
    shape: () => ({
      fields: { orgId: fc.constantFrom('00000000-0000-4000-8000-000000000000', '', ' ', 'x'.repeat(65), 'ORG#x') },
    }),
    accepted: async ({ w, t, answer }) => {
      expect((await waitForJob(w.superToken, String(answer.body.jobId))).status).toBe('SUCCEEDED');
      expect(await readOrganization(t.orgId)).toBeNull();
    },
  }),
];
