/**
 * Markup in names is text, on every screen and in the PDF (issue 7): an administrator's church
 * holds a family, members, a group, a role label and a user account whose names are HTML and
 * script payloads and scripts of the world (made through the API for speed). Each page must show
 * them literally, run nothing (window.__xss stays undefined, no dialog opens) and hold no element
 * made from them; the PDF directory must print them as written.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, idToken } from '../support/api';
import { stack } from '../support/env';
import { PASSWORD, registrationBody, signUpAndJoin, unique } from '../support/fixtures';
import { proveMailedAddress } from '../support/mail';
import { launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';
import { makeBook } from '../support/book';
import { pdfText } from '../support/pdfText';

/**
 * Scripts of the world, every one printed in the PDF (its Noto font chain). The Hebrew comes last:
 * poppler's pdftotext counts a symbol after right-to-left letters as theirs and would read
 * '🙂 שלום' back (the PDF is read with pdf.js, test/support/pdfText.ts).
 */
const WORLD = 'Nguyễn 김 🙂 שלום';
const IMG = '<img src=x onerror="window.__xss=1">';
const TEXT = {
  surname: `${IMG} ${WORLD}`,
  street: '<svg onload="window.__xss=1"></svg> 1 Elm',
  city: '<b>bold</b>',
  name: '<script>window.__xss=1</script>',
  second: WORLD,
  email: '<img/src=x/onerror=window.__xss=1>@x.yz',
  group: `<b>bold</b> ${IMG}`,
  label: '<b>bold</b>',
  church: `${IMG} ${unique('Church')}`,
};

/** This month, so the dashboard lists the birthdays and the anniversary. */
const month = String(new Date().getMonth() + 1).padStart(2, '0');

const OPERATOR = { email: stack.env.SUPER_ADMIN_EMAIL!, password: 'super-admin-1' };

let browser: Browser;
let church: { orgId: string; adminEmail: string; adminToken: string };
let familyId: string;
let memberId: string;
let groupId: string;

async function made<T = Record<string, unknown>>(answer: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

beforeAll(async () => {
  browser = await launch();
  // The church's name and its administrator's name are markup too: the PDF's cover and the super-admin's list show them.
  const registration = registrationBody({ name: TEXT.church });
  await made(
    call('registerOrganization', {
      body: { ...registration, adminInfo: { ...registration.adminInfo, name: TEXT.name } },
    }),
  );
  expect((await proveMailedAddress(registration.adminInfo.email, PASSWORD)).status).toBe(200);
  const registered = await made(
    call<{ orgId: string }>('finishRegistration', {
      token: await idToken(registration.adminInfo.email, PASSWORD),
      body: { churchInfo: registration.churchInfo },
    }),
  );
  church = {
    orgId: registered.orgId,
    adminEmail: registration.adminInfo.email,
    adminToken: await idToken(registration.adminInfo.email, PASSWORD),
  };
  const token = church.adminToken;
  const family = await made(
    call<{ id: string }>('addFamily', {
      token,
      body: { surname: TEXT.surname, street: TEXT.street, city: TEXT.city, anniversary: `${month}/15` },
    }),
  );
  familyId = family.id;
  memberId = (
    await made(
      call<{ id: string }>('addMember', { token, body: { familyId, name: TEXT.name, birthday: `${month}/10` } }),
    )
  ).id;
  await made(
    call('addMember', { token, body: { familyId, name: TEXT.second, birthday: `${month}/11`, email: TEXT.email } }),
  );
  ({ groupId } = await made(call<{ groupId: string }>('addGroup', { token, body: { groupName: TEXT.group } })));
  await made(call('addRole', { token, params: { groupId }, body: { memberId, label: TEXT.label } }));
  // The member holding the markup address signs up: User Management lists that address.
  await made(signUpAndJoin(TEXT.email, church.orgId));
});
afterAll(async () => {
  await browser?.close();
});

/** The page shows each text literally (and each named input holds its value), and nothing of the markup came alive. */
async function expectInert(page: Page, texts: string[], inputs: Record<string, string> = {}) {
  for (const text of texts) await page.getByText(text).first().waitFor();
  for (const [name, value] of Object.entries(inputs))
    await expect.poll(() => page.locator(`input[name="${name}"]`).inputValue()).toBe(value);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload], [onerror], [onload]').count()).toBe(0);
  expect(await page.locator('b', { hasText: /^bold$/ }).count()).toBe(0);
  expect(await page.evaluate(() => [...document.scripts].some((s) => s.textContent?.includes('__xss')))).toBe(false);
}

interface Screen {
  /** For the screenshot. */
  name: string;
  route: () => string;
  /** Shown as text. */
  texts: string[];
  /** Held by the inputs of these names. */
  inputs?: () => Record<string, string>;
}

const adminScreens: Screen[] = [
  { name: 'dashboard', route: () => '/dashboard', texts: [TEXT.name, TEXT.second, TEXT.surname] },
  { name: 'families', route: () => '/families', texts: [TEXT.surname, TEXT.name, TEXT.second] },
  { name: 'grid', route: () => '/families/grid', texts: [TEXT.surname] },
  {
    name: 'family',
    route: () => `/families/${familyId}`,
    texts: [TEXT.surname, TEXT.street, TEXT.city, TEXT.name, TEXT.second, TEXT.email],
  },
  {
    name: 'family-edit',
    route: () => `/families/edit/${familyId}`,
    texts: [],
    inputs: () => ({ surname: TEXT.surname, street: TEXT.street, city: TEXT.city }),
  },
  {
    name: 'member-edit',
    route: () => `/members/edit/${memberId}`,
    texts: [TEXT.surname],
    inputs: () => ({ name: TEXT.name, family: `${TEXT.surname} Family` }),
  },
  { name: 'groups', route: () => '/groups', texts: [TEXT.group] },
  { name: 'group', route: () => `/groups/${groupId}`, texts: [TEXT.group, TEXT.label, TEXT.name] },
  { name: 'users', route: () => '/admin/users', texts: [TEXT.email] },
];

/** Signs in and checks each screen in turn; no dialog (an alert from a payload) may open on any. */
async function visit(account: { email: string; password: string }, screens: Screen[]) {
  const { context, page } = await newPage(browser);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, account.email, account.password);
  for (const screen of screens) {
    await page.goto(screen.route());
    await expectInert(page, screen.texts, screen.inputs?.());
    await screenshot(page, `hostile-text-${screen.name}`);
  }
  expect(dialogs).toEqual([]);
  await context.close();
}

describe('names made of markup', () => {
  it('show as text on every screen of the administrator, and nothing runs', async () => {
    await visit({ email: church.adminEmail, password: PASSWORD }, adminScreens);
  });

  it('show as text to the super-admin, in the list of organisations', async () => {
    await visit(OPERATOR, [{ name: 'organizations', route: () => '/admin/org', texts: [TEXT.church, TEXT.name] }]);
  });

  it('print as written in the PDF directory', async () => {
    const { bytes } = await makeBook(church.adminToken);
    const text = await pdfText(bytes!);
    for (const name of [TEXT.church, `${IMG} ${WORLD}`, TEXT.street, TEXT.city, TEXT.name, WORLD, TEXT.email])
      expect(text).toContain(name);
  });
});
