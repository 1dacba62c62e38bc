/**
 * Every screen, every state (issue 7, point 6): each route of the SPA as each role, at 375 and
 * 1280 px. Each visit waits until the page settles, checks what that role must see there (the page's
 * heading, a redirect, the verification gate, Access Denied or 404: one table below), that nothing
 * is wider than the screen, and zero axe violations; and saves a full-page screenshot to
 * test-results/screens/<role>-<route>-<width>.png for a person to look at. One browser; one context
 * per role, signed in once.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListFamiliesResult, ListGroupsResult, MeResult } from '../../lambdas/contract/api';
import { JOB_MESSAGES } from '../../lambdas/contract/jobTexts';
import { MAP_MESSAGES } from '../../lambdas/contract/map';
import { STUDY_MESSAGES } from '../../lambdas/contract/studies';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { call, idToken } from '../support/api';
import { stack } from '../support/env';
import { createAccountIn, PASSWORD } from '../support/fixtures';
import { expectAccessible, launch, newPage, requestsOf } from './support/browser';
import { signIn } from './support/session';

const SCREENS = 'test-results/screens';
const WIDTHS = [375, 1280] as const;

const ROLES = ['signed-out', 'unverified', 'member', 'family', 'admin', 'super-admin'] as const;
type Role = (typeof ROLES)[number];

/** The records a role's {id} routes point at: another family for most roles, its own for the family user. */
interface Target {
  orgId: string;
  /** The church's name, which its sign-up page shows. */
  orgName: string;
  familyId: string;
  surname: string;
  memberId: string;
  /** A group of the church, with its own page. */
  groupId: string;
  groupName: string;
}

/** What a role sees on a route: the page's h1, optionally a text on it, and where it ends up when redirected. */
interface Sight {
  heading: string | ((target: Target) => string);
  text?: string | ((target: Target) => string);
  /** The pathname after a redirect; absent when the address stays. */
  at?: string;
}

/** One sight per role, in ROLES order. */
type Sights = readonly [Sight, Sight, Sight, Sight, Sight, Sight];

const see = (heading: Sight['heading'], text?: Sight['text']): Sight => ({ heading, text });
const LANDING: Sight = { heading: 'Your church family, all in one place', at: '/' };
const TO_LOGIN: Sight = { heading: 'Sign In', at: '/login' };
const TO_DASHBOARD: Sight = { heading: 'Dashboard', at: '/dashboard' };
const GATE: Sight = see('Email Verification Required');
const GATE_AT_DASHBOARD: Sight = { ...GATE, at: '/dashboard' };
const NOT_FOUND = see('404 Not Found', 'Sorry, the page you are looking for does not exist or has moved.');
/** The administrators' pages (User Management, adding a family or a group) for everyone else. */
const ADMIN_DENIED = see('Access Denied', 'You do not have permission to view this page.');
const REPORT_DENIED = see('Access Denied', JOB_MESSAGES.reportDenied);
const ORG_DENIED = see('Access Denied', JOB_MESSAGES.orgDenied);
const FAMILY = see((t) => `${t.surname} Family`);
const GROUP = see((t) => t.groupName);
const FAMILY_REFUSED = see('Edit Family Details', 'Error: You do not have permission to edit this family.');
const MEMBER_REFUSED = see('Edit Member', 'You do not have permission to edit this member.');
/**
 * The directory's pages for the super-admin: its account is in the church but no member of it, so
 * not listed; its home is the organisations it looks after, never "no longer in the directory".
 */
const OPERATOR_HOME: Sight = { heading: 'Organization Management', at: '/admin/org' };

/** The same sight for every role. */
const all = (sight: Sight): Sights => [sight, sight, sight, sight, sight, sight];
/** Protected pages: signed out goes to /, unverified sees the gate, every other role the page. */
const protectedPage = (sight: Sight): Sights => [LANDING, GATE, sight, sight, sight, sight];
/** The directory's pages: protected, and for those the church lists (not the super-admin). */
const directoryPage = (sight: Sight): Sights => [LANDING, GATE, sight, sight, sight, OPERATOR_HOME];
/** Public-only pages: signed in goes to the dashboard (the gate when unverified). */
const publicOnly = (sight: Sight): Sights => [
  sight,
  GATE_AT_DASHBOARD,
  TO_DASHBOARD,
  TO_DASHBOARD,
  TO_DASHBOARD,
  OPERATOR_HOME,
];

type Row = readonly [path: (t: Target) => string, slug: string, sights: Sights];

// prettier-ignore
const ROUTES: readonly Row[] = [
  // path, screenshot name, then what each role sees, in ROLES order: signed-out, unverified, member, family, admin, super-admin
  [() => '/',                            'home',                  publicOnly(LANDING)],
  [() => '/login',                       'login',                 publicOnly(see('Sign In'))],
  [() => '/forgot-password',             'forgot-password',       publicOnly(see('Reset Password'))],
  [() => '/create-account',              'create-account',        all(see('Join Your Church Directory'))],
  [(t) => `/create-account/${t.orgId}`,  'create-account-org',    all(see('Join Your Church Directory', (t) => `You are joining ${t.orgName}.`))],
  [() => '/register-organization',       'register-organization', all(see('Register Your Church Directory'))],
  [() => '/verify-address?email=ruth%40example.org', 'verify-address', all({ ...see('Verify Your Email', () => 'We sent a message to ruth@example.org.'), at: '/verify-address' })],
  [() => '/privacy',                     'privacy',               all(see('Privacy Policy', 'Last updated May 4, 2025'))],
  [() => '/dashboard',                   'dashboard',             directoryPage(see('Dashboard', 'Birthdays This Month'))],
  [() => '/families',                    'families',              directoryPage(see('Families'))],
  [() => '/families/grid',               'families-grid',         directoryPage(see('Families'))],
  [(t) => `/families/${t.familyId}`,     'family',                directoryPage(FAMILY)],
  [() => '/families/add',                'families-add',          [LANDING,    GATE,       ADMIN_DENIED,     ADMIN_DENIED,               see('Add New Family'),      ADMIN_DENIED]],
  [(t) => `/families/edit/${t.familyId}`,'families-edit',         [LANDING,    GATE,       FAMILY_REFUSED,   see('Edit Family Details'), see('Edit Family Details'), OPERATOR_HOME]],
  [() => '/members/add',                 'members-add',           directoryPage(see('Add Member'))],
  [(t) => `/members/edit/${t.memberId}`, 'members-edit',          [LANDING,    GATE,       MEMBER_REFUSED,   see('Edit Member'),         see('Edit Member'),         OPERATOR_HOME]],
  [() => '/groups',                      'groups',                directoryPage(see('Groups'))],
  [(t) => `/groups/${t.groupId}`,        'group',                 directoryPage(GROUP)],
  [() => '/groups/add',                  'groups-add',            [LANDING,    GATE,       ADMIN_DENIED,     ADMIN_DENIED,               see('Add New Group'),       ADMIN_DENIED]],
  [() => '/map',                         'map',                   directoryPage(see(MAP_MESSAGES.title, MAP_MESSAGES.intro))],
  [() => '/documents',                   'documents',             directoryPage(see(STUDY_MESSAGES.pageTitle, STUDY_MESSAGES.intro))],
  [() => '/admin/users',                 'admin-users',           [TO_LOGIN,   GATE,       ADMIN_DENIED,     ADMIN_DENIED,               see('User Management'),     ADMIN_DENIED]],
  [() => '/admin/import-export',         'admin-import-export',   [TO_LOGIN,   GATE,       ADMIN_DENIED,     ADMIN_DENIED,               see('Import and Export'),   ADMIN_DENIED]],
  [() => '/admin/data-audit',            'admin-data-audit',      [TO_LOGIN,   GATE,       REPORT_DENIED,    REPORT_DENIED,              REPORT_DENIED,              see('Data Integrity Report')]],
  [() => '/admin/org',                   'admin-org',             [TO_LOGIN,   GATE,       ORG_DENIED,       ORG_DENIED,                 ORG_DENIED,                 see('Organization Management')]],
  [() => '/profile',                     'profile',               protectedPage(see('Your Profile'))],
  [() => '/help',                        'help',                  all(see('Help'))],
  [() => '/no-such-page',                'unknown',               [NOT_FOUND,  GATE_AT_DASHBOARD, TO_DASHBOARD, TO_DASHBOARD,             TO_DASHBOARD,             OPERATOR_HOME]],
];

/** Texts of a page still on its way: the visit waits until none shows. */
const BUSY = /Loading|Checking authentication\.\.\.|Verifying access\.\.\.|Finalizing account setup/;

/**
 * Waits until the page is at rest: no requests in flight, no busy text, every image loaded (lazy
 * ones too, so that the full-page screenshot shows what a person scrolling down would see).
 */
async function settle(page: Page, quiet: () => Promise<void>) {
  await quiet();
  await expect.poll(() => page.getByText(BUSY).count(), { timeout: 30_000 }).toBe(0);
  await page.evaluate(() => document.querySelectorAll('img').forEach((img) => (img.loading = 'eager')));
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, {
    timeout: 15_000,
  });
}

let browser: Browser;
const targets = {} as Record<'other' | 'own', Target>;

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  browser = await launch();
  // The family user's own records, and another family (with a photo and several members) for everyone else.
  const memberToken = await idToken(DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
  const me = (await call<MeResult>('getMe', { token: memberToken })).body;
  const { families } = (await call<ListFamiliesResult>('listFamilies', { token: memberToken })).body;
  const own = families.find((f) => f.familyId === me.familyId)!;
  const { groups } = (await call<ListGroupsResult>('listGroups', { token: memberToken })).body;
  const group = { groupId: groups[0]!.groupId, groupName: groups[0]!.groupName };
  const other = families.find((f) => f.familyId !== me.familyId && f.photoUrl && f.members.length > 1)!;
  targets.own = {
    orgId: me.orgId,
    orgName: me.orgName,
    familyId: own.familyId,
    surname: own.surname,
    memberId: me.memberId!,
    ...group,
  };
  targets.other = {
    orgId: me.orgId,
    orgName: me.orgName,
    familyId: other.familyId,
    surname: other.surname,
    memberId: other.members[0]!.memberId,
    ...group,
  };
});
afterAll(async () => {
  await browser?.close();
});

/** The role's account, signed in through the sign-in page (none when signed out). */
async function credentialsOf(role: Role): Promise<{ email: string; password: string } | null> {
  switch (role) {
    case 'signed-out':
      return null;
    case 'unverified':
      return { email: (await createAccountIn(targets.other.orgId, { verified: false })).email, password: PASSWORD };
    case 'member':
    case 'family':
      return DEMO_ACCOUNTS.member;
    case 'admin':
      return DEMO_ACCOUNTS.admin;
    case 'super-admin':
      return { email: stack.env.SUPER_ADMIN_EMAIL!, password: 'super-admin-1' };
  }
}

describe.each(ROLES.map((role, column) => [role, column] as const))('every screen as %s', (role, column) => {
  let page: Page;
  let quiet: () => Promise<void>;
  beforeAll(async () => {
    page = (await newPage(browser)).page;
    quiet = requestsOf(page);
    const credentials = await credentialsOf(role);
    if (credentials) await signIn(page, credentials.email, credentials.password);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  const cases = ROUTES.flatMap(([path, slug, sights]) =>
    WIDTHS.map((width) => ({ path, slug, sight: sights[column]!, width })),
  );
  it.each(cases)('$slug at $width px', async ({ path, slug, sight, width }) => {
    const target = role === 'family' ? targets.own : targets.other;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path(target));
    await settle(page, quiet);
    // The screenshot first, so that a failing check still leaves the picture to look at.
    await page.screenshot({ path: `${SCREENS}/${role}-${slug}-${width}.png`, fullPage: true });

    const heading = typeof sight.heading === 'function' ? sight.heading(target) : sight.heading;
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 5000 });
    const text = typeof sight.text === 'function' ? sight.text(target) : sight.text;
    if (text) await page.getByText(text, { exact: false }).first().waitFor({ timeout: 5000 });
    expect(new URL(page.url()).pathname).toBe(sight.at ?? path(target));
    // Nothing wider than the screen: the page never scrolls sideways (wide tables scroll in their own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
  });
});
