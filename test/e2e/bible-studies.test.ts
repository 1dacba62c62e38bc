/**
 * Bible studies in Chromium against the local product: the demo administrator chooses where
 * references open, writes a study of two sessions (a reference typed "jn 3:16-18", shown as "John
 * 3:16-18" and linked to the reading site, a PDF and a picture attached, each uploaded and checked
 * before the save) for the Choir, and makes a member of the Choir its leader on the group's page;
 * that member finds the study on the Bible Studies page and its next session on the dashboard,
 * sees the picture and the PDF's link in their places, prints the handout (a PDF that reads the
 * study back: its title, sessions, dates, passages, numbered questions and files), and may now
 * write studies; the demo member, in no such group, finds neither, and the study's address
 * answers "not found". Screenshots at 1280 and 375 px, axe on each new screen at both.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ListGroupsResult, MeResult } from '../../lambdas/contract/api';
import { STUDY_MESSAGES, type ListStudiesResult } from '../../lambdas/contract/studies';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { calendarDay } from '../../web/src/lib/calendarDay';
import { call, idToken } from '../support/api';
import { rolesOf } from '../support/groups';
import { memberAccountIn, PASSWORD } from '../support/fixtures';
import { pdfText } from '../support/pdfText';
import { photoJpeg } from '../support/photos';
import { expectAccessible, launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
let adminToken: string;
let choirId: string;
let member: Awaited<ReturnType<typeof memberAccountIn>>;
/** The member's name as the group's page shows it. */
let memberName: string;
let readingSiteBefore: string | null;
let studyId: string | undefined;
const stamp = Date.now().toString(36);
const title = `Advent ${stamp}`;
const READING_SITE = 'https://www.biblegateway.com/passage/?search={passage}';

/** A day `days` from today, as a date input takes it (the sessions are in the future). */
function dayFromNow(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}
const FIRST = dayFromNow(30);
const SECOND = dayFromNow(37);
/** A session's date as the handout prints it: "Sunday, December 6, 2026". */
const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The files the administrator attaches (named after them: their names without the extension), and the handout saved. */
const files = mkdtempSync(path.join(tmpdir(), 'bible-studies-'));
const PDF_FILE = path.join(files, 'Advent readings.pdf');
const PICTURE_FILE = path.join(files, 'Advent wreath.jpg');
const PDF_NAME = 'Advent readings';
const PICTURE_NAME = 'Advent wreath';

beforeAll(async () => {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  writeFileSync(PDF_FILE, await pdf.save());
  writeFileSync(PICTURE_FILE, photoJpeg(7, 40, 30));
  browser = await launch();
  adminToken = await idToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const me = await call<MeResult>('getMe', { token: adminToken });
  const groups = await call<ListGroupsResult>('listGroups', { token: adminToken });
  choirId = groups.body.groups.find((g) => g.groupName === 'Choir')!.groupId;
  // A member of the Choir: a family of its own with its account, added to the group.
  member = await memberAccountIn({ orgId: me.body.orgId, adminEmail: DEMO_ACCOUNTS.admin.email, adminToken });
  const added = await call('addRole', {
    token: adminToken,
    params: { groupId: choirId },
    body: { memberId: member.family.memberId, label: 'Tenor' },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  memberName = (await rolesOf(adminToken, choirId)).find((r) => r.memberId === member.family.memberId)!.memberName;
  // The demo member is in no Choir: the study is not theirs to read.
  const demo = await call<MeResult>('getMe', {
    token: await idToken(DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password),
  });
  expect((await rolesOf(adminToken, choirId)).map((r) => r.memberId)).not.toContain(demo.body.memberId);
  const list = await call<ListStudiesResult>('listStudies', { token: adminToken });
  readingSiteBefore = list.body.readingSite;
});
afterAll(async () => {
  if (studyId) await call('deleteStudy', { token: adminToken, params: { studyId } });
  if (member) await call('deleteFamily', { token: adminToken, params: { familyId: member.family.familyId } });
  await call('setReadingSite', { token: adminToken, body: { readingSite: readingSiteBefore } });
  await browser?.close();
});

const studiesPage = async (page: Page) => {
  await page.goto('/documents');
  await page.getByRole('heading', { level: 1, name: STUDY_MESSAGES.pageTitle }).waitFor();
  await page.getByText(STUDY_MESSAGES.intro).waitFor();
};
const studyCard = (page: Page) => page.getByRole('article', { name: title });
const reference = (page: Page) => page.getByRole('link', { name: /^John 3:16-18/ });

/** The study's files in the first session: the picture as a figure with its name, the PDF as a link with its pages. */
async function expectFiles(page: Page) {
  const session = page.getByRole('region', { name: 'Session 1: Hope' });
  const figure = session.getByRole('figure');
  const picture = figure.getByRole('img', { name: PICTURE_NAME });
  await picture.waitFor();
  // Loaded (its presigned link answered), at its size: the picture is smaller than the screen box.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
    .toBe(40);
  expect([await picture.getAttribute('width'), await picture.getAttribute('height')]).toEqual(['40', '30']);
  expect(await figure.locator('figcaption').innerText()).toBe(PICTURE_NAME);
  const pdf = session.getByRole('link', { name: PDF_NAME, exact: true });
  expect(await pdf.getAttribute('href')).toMatch(/^https?:\/\//);
  expect(await pdf.locator('xpath=..').innerText()).toBe(`${PDF_NAME} (PDF, 1 page)`);
}

/** The study's page, its sessions drawn. */
async function openStudy(page: Page) {
  await page.goto(`/documents/${studyId}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Session 2: Peace' }).waitFor();
}

it('lets the administrator choose the reading site and write a study of two sessions for the Choir', async () => {
  const { context, page } = await newPage(browser, 1280);
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await page.getByRole('link', { name: 'Bible Studies' }).click();
  await page.getByRole('heading', { level: 1, name: STUDY_MESSAGES.pageTitle }).waitFor();
  await page.getByLabel('Reading site').fill(READING_SITE);
  await page.getByRole('button', { name: 'Save Reading Site' }).click();
  await page.getByText(STUDY_MESSAGES.readingSiteSaved).waitFor();
  await expectAccessible(page);
  await screenshot(page, 'studies-admin-1280');

  await page.getByRole('link', { name: 'Write a study' }).click();
  await page.getByRole('heading', { level: 1, name: 'Write a Bible Study' }).waitFor();
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel('Description (optional)').fill('Four weeks of waiting for the light, with the Choir.');
  await page.getByRole('radio', { name: /^Chosen groups/ }).check();
  await page.getByRole('checkbox', { name: 'Choir', exact: true }).check();
  await page.getByLabel('Session 1 Title (optional)').fill('Hope');
  await page.getByLabel('Session 1 Date (optional)').fill(FIRST);
  const addToFirst = page.getByRole('button', { name: 'Add item to session 1' });
  await addToFirst.click();
  await page.getByLabel('Session 1, item 1: Text (Markdown)').fill('Light the **first** candle, and pray.');
  await addToFirst.click();
  await page.getByLabel('Session 1, Item 2 type').selectOption({ label: 'Bible reference' });
  await page.getByLabel('Session 1, item 2: Bible reference').fill('jn 3:16-18');
  await addToFirst.click();
  await page.getByLabel('Session 1, Item 3 type').selectOption({ label: 'Question' });
  await page.getByLabel('Session 1, item 3: Question').fill('What do you hope for?');
  // A PDF and a picture: each uploaded at once, checked by the server, named after its file.
  const addFile = page.getByRole('button', { name: 'Add file to session 1' });
  await addFile.click();
  await page.getByLabel('Session 1, item 4: Choose file').setInputFiles(PDF_FILE);
  await page.getByText('Ready: PDF, 1 page').waitFor({ timeout: 30_000 });
  expect(await page.getByLabel(/^Session 1, item 4: Name/).inputValue()).toBe(PDF_NAME);
  await addFile.click();
  await page.getByLabel('Session 1, item 5: Choose file').setInputFiles(PICTURE_FILE);
  await page.getByText('Ready: Picture').waitFor({ timeout: 30_000 });
  expect(await page.getByLabel(/^Session 1, item 5: Name/).inputValue()).toBe(PICTURE_NAME);
  await page.getByRole('button', { name: 'Add session' }).click();
  await page.getByLabel('Session 2 Title (optional)').fill('Peace');
  await page.getByLabel('Session 2 Date (optional)').fill(SECOND);
  await page.getByRole('button', { name: 'Add item to session 2' }).click();
  await page.getByLabel('Session 2, Item 1 type').selectOption({ label: 'Question' });
  await page.getByLabel('Session 2, item 1: Question').fill('Where do you find peace?');
  await expectAccessible(page);
  await screenshot(page, 'study-editor-1280');

  await page.getByRole('button', { name: 'Save Study' }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  studyId = /\/documents\/([^/]+)$/.exec(new URL(page.url()).pathname)![1];
  await page.getByText(STUDY_MESSAGES.saved).waitFor();
  // The reference as the server normalised it, linked to the reading site.
  const link = reference(page);
  expect(await link.getAttribute('href')).toMatch(/^https:\/\/www\.biblegateway\.com\/passage\/\?search=John/);
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await link.getAttribute('target')).toBe('_blank');
  const main = await page.locator('main').innerText();
  expect(main).toContain('Shared with Choir.');
  expect(main).toContain(calendarDay(FIRST, 'en-US'));
  expect(main).not.toContain('jn 3:16-18');
  await expectFiles(page);
  await expectAccessible(page);
  await screenshot(page, 'study-1280');

  // The member of the Choir becomes its leader, on the group's page.
  await page.goto(`/groups/${choirId}`);
  const leader = page.getByRole('checkbox', { name: `Leader: ${memberName}` });
  await leader.check();
  // Marked at once, and kept: the page read again shows it, with the mark everyone sees.
  await page.locator('.status-message').waitFor();
  await page.reload();
  expect(await leader.isChecked()).toBe(true);
  expect(await page.getByRole('link', { name: new RegExp(memberName) }).innerText()).toContain('Leader');
  await expectAccessible(page);
  await screenshot(page, 'study-group-leader-1280');
  await context.close();
});

it('shows the administrator the list, the editor, the study and the group at 375 px', async () => {
  const { context, page } = await newPage(browser, 375);
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await studiesPage(page);
  await studyCard(page).waitFor();
  await expectAccessible(page);
  await screenshot(page, 'studies-admin-375');
  await page.goto(`/documents/${studyId}/edit`);
  await page.getByRole('heading', { level: 1, name: 'Edit Bible Study' }).waitFor();
  expect(await page.getByLabel('Session 1, item 2: Bible reference').inputValue()).toBe('John 3:16-18');
  // The study's files, kept: a PDF of one page, the picture's preview.
  expect(await page.getByLabel(/^Session 1, item 4: Name/).inputValue()).toBe(PDF_NAME);
  await page.getByText('PDF, 1 page', { exact: true }).waitFor();
  expect(await page.getByLabel(/^Session 1, item 5: Name/).inputValue()).toBe(PICTURE_NAME);
  await page.getByLabel('Session 1, item 5: Choose another file').waitFor({ state: 'attached' });
  await expectAccessible(page);
  await screenshot(page, 'study-editor-375');
  await openStudy(page);
  await expectAccessible(page);
  await screenshot(page, 'study-admin-375');
  await page.goto(`/groups/${choirId}`);
  expect(await page.getByRole('checkbox', { name: `Leader: ${memberName}` }).isChecked()).toBe(true);
  await expectAccessible(page);
  await screenshot(page, 'study-group-leader-375');
  await context.close();
});

it('shows the Choir’s member the study and its next session, and lets its leader write studies', async () => {
  const { context, page } = await newPage(browser, 375);
  await signIn(page, member.email, PASSWORD);
  const sessions = page.getByRole('region', { name: 'Next Bible study sessions' });
  // Soonest first: the study's first session, then its second.
  const next = sessions.getByRole('link', { name: new RegExp(title) }).first();
  await next.waitFor();
  expect(await next.innerText()).toContain(calendarDay(FIRST, 'en-US'));
  expect(await next.innerText()).toContain('Hope');
  expect(
    await sessions
      .getByRole('link', { name: new RegExp(title) })
      .nth(1)
      .innerText(),
  ).toContain(calendarDay(SECOND, 'en-US'));
  await expectAccessible(page);
  await screenshot(page, 'study-dashboard-member-375');

  await studiesPage(page);
  const card = studyCard(page);
  expect(await card.innerText()).toContain(`2 sessions · Next session: ${calendarDay(FIRST, 'en-US')}`);
  await page.getByRole('link', { name: 'Write a study' }).waitFor();
  await expectAccessible(page);
  await screenshot(page, 'studies-member-375');
  await card.getByRole('link', { name: title }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await reference(page).waitFor();
  expect(await page.getByRole('link', { name: 'Edit Study' }).count()).toBe(0);
  await expectFiles(page);
  await expectAccessible(page);
  await screenshot(page, 'study-member-375');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await next.waitFor();
  await expectAccessible(page);
  await screenshot(page, 'study-dashboard-member-1280');
  await studiesPage(page);
  await studyCard(page).waitFor();
  await expectAccessible(page);
  await screenshot(page, 'studies-member-1280');
  await openStudy(page);
  await expectFiles(page);
  await expectAccessible(page);
  await screenshot(page, 'study-member-1280');

  // The handout: made by the server, saved by the browser, and it reads the study back.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: STUDY_MESSAGES.print }).click();
  const file = await download;
  await page.getByText(STUDY_MESSAGES.printed).waitFor();
  expect(file.suggestedFilename()).toBe(`${title} handout.pdf`);
  const saved = path.join(files, 'handout.pdf');
  await file.saveAs(saved);
  const bytes = readFileSync(saved);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(title);
  expect(text).toContain('Session 1');
  expect(text).toContain(longDay(FIRST));
  expect(text).toMatch(/Read\s+John 3:16-18/);
  expect(text).toContain('1. What do you hope for?');
  expect(text).toContain(`Attached: ${PDF_NAME} (PDF, 1 page)`);
  expect(text).toContain('Session 2');
  expect(text).toContain(longDay(SECOND));
  expect(text).toContain('Where do you find peace?');
  await expectAccessible(page);
  await context.close();
});

it('keeps the study from the demo member, in no Choir: not listed, no session, not found at its address', async () => {
  const { context, page } = await newPage(browser, 375);
  await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
  await page.getByRole('heading', { name: 'Birthdays This Month' }).waitFor();
  expect(await page.locator('main').innerText()).not.toContain(title);
  await studiesPage(page);
  await page.getByRole('list', { name: STUDY_MESSAGES.pageTitle }).or(page.getByText(STUDY_MESSAGES.empty)).waitFor();
  expect(await studyCard(page).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Write a study' }).count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'studies-demo-member-375');
  await page.goto(`/documents/${studyId}`);
  await page.getByText(STUDY_MESSAGES.notFound).waitFor();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await studiesPage(page);
  await page.getByRole('list', { name: STUDY_MESSAGES.pageTitle }).or(page.getByText(STUDY_MESSAGES.empty)).waitFor();
  expect(await studyCard(page).count()).toBe(0);
  await expectAccessible(page);
  await screenshot(page, 'studies-demo-member-1280');
  await context.close();
});
