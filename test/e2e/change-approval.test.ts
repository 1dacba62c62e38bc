/**
 * Change approval in Chromium against the local product, in a church of its own (its rules would
 * hold the demo church's other journeys): the administrator turns approval on and leaves the
 * birthday to administrators; the member, on a phone, cannot edit the birthday and sends a new
 * cellphone, which waits; the administrator finds it counted in the menu, approves it in the
 * queue; the member sees it applied; the family's history shows the request and the change it
 * applied. Screenshots at 1280 and 375 px, axe on each new screen.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHANGE_RULE_MESSAGES } from '../../lambdas/contract/changeRules';
import { CHANGE_REQUEST_MESSAGES } from '../../lambdas/contract/changeRequests';
import { createChurch, memberAccountIn, PASSWORD, type Church } from '../support/fixtures';
import { HELD_TEXTS } from '../../web/src/lib/heldFields';
import { expectAccessible, launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
let church: Church;
let member: Awaited<ReturnType<typeof memberAccountIn>>;
const CELL = '919-555-0166';

beforeAll(async () => {
  browser = await launch();
  church = await createChurch();
  member = await memberAccountIn(church);
});
afterAll(async () => {
  await browser?.close();
});

it('holds a member’s change until an administrator approves it, and keeps its history', async () => {
  // The administrator's rules, at 1280 px.
  const admin = await newPage(browser, 1280);
  await signIn(admin.page, church.adminEmail, PASSWORD);
  await admin.page.goto('/admin/privacy');
  await admin.page.getByLabel('It waits until an administrator approves it').check();
  await admin.page.getByRole('group', { name: 'Member details' }).getByLabel('Birthday').selectOption('locked');
  await admin.page.getByRole('button', { name: 'Save Rules' }).click();
  await admin.page.getByText(CHANGE_RULE_MESSAGES.saved).waitFor();
  await expectAccessible(admin.page);
  await screenshot(admin.page, 'change-rules-1280');

  // The member, on a phone: the birthday is the office's; the cellphone goes for approval.
  const phone = await newPage(browser, 375);
  await signIn(phone.page, member.email, PASSWORD);
  await phone.page.goto(`/members/edit/${member.family.memberId}`);
  const birthday = phone.page.getByLabel(/^Birthday/);
  await birthday.waitFor();
  expect(await birthday.getAttribute('readonly')).not.toBeNull();
  await phone.page.getByText(HELD_TEXTS.locked).waitFor();
  await phone.page.getByLabel('Cellphone').fill(CELL);
  await expectAccessible(phone.page);
  await screenshot(phone.page, 'change-member-form-375');
  await phone.page.getByRole('button', { name: /Update Member/ }).click();
  await phone.page.getByText(CHANGE_REQUEST_MESSAGES.sent).waitFor();
  await phone.page.waitForURL(`**/families/${member.family.familyId}`);
  await phone.page.getByText('Waiting for approval').waitFor();
  expect(await phone.page.locator('main').innerText()).not.toContain('(919) 555-0166');
  await screenshot(phone.page, 'change-waiting-375');

  // The administrator: counted in the menu, approved in the queue.
  await admin.page.goto('/dashboard');
  await admin.page.getByRole('link', { name: /^Changes\W*1 waiting$/ }).waitFor();
  await admin.page.getByRole('link', { name: /Changes/ }).click();
  await admin.page.getByRole('heading', { name: 'Changes Waiting for Approval' }).waitFor();
  await admin.page.getByRole('cell', { name: CELL }).waitFor();
  await expectAccessible(admin.page);
  await screenshot(admin.page, 'change-queue-1280');
  await admin.page.getByRole('button', { name: 'Approve' }).click();
  await admin.page.getByText(CHANGE_REQUEST_MESSAGES.approved).waitFor();
  await admin.page.getByText('No changes are waiting.').waitFor();

  // The member sees it applied.
  await phone.page.reload();
  await phone.page.getByText('Approved', { exact: true }).waitFor();
  expect(await phone.page.locator('main').innerText()).toMatch(/919.?555.?0166/);
  await screenshot(phone.page, 'change-approved-375');

  // The family's history: the request, and the change it applied.
  await admin.page.goto(`/families/${member.family.familyId}`);
  await admin.page.getByRole('link', { name: 'History' }).click();
  await admin.page.getByRole('heading', { name: /^History of the / }).waitFor();
  const history = await admin.page.locator('main').innerText();
  expect(history).toContain('Added a change request for');
  expect(history).toContain("from a member's request");
  await expectAccessible(admin.page);
  await screenshot(admin.page, 'change-history-1280');

  // The queue and the history at 375 px.
  const narrow = await newPage(browser, 375);
  await signIn(narrow.page, church.adminEmail, PASSWORD);
  await narrow.page.goto(`/admin/history?subject=family:${member.family.familyId}`);
  await narrow.page.getByText('Added a change request for').first().waitFor();
  await expectAccessible(narrow.page);
  await screenshot(narrow.page, 'change-history-375');
  for (const opened of [admin, phone, narrow]) await opened.context.close();
});
