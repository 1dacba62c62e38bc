/**
 * The super-admin's pages in Chromium against the local product (issue 6): the operator runs the
 * data integrity report (a Step Functions job run locally by aws-local-stepfunctions), sees it
 * again after a reload, and deletes a church through the 'Confirm Destructive Action' modal; the
 * church's admin gets the Access Denied screens. Axe on each screen, screenshots at 1280 and 375 px.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { call, idToken } from '../support/api';
import { stack } from '../support/env';
import type { MeResult } from '../../lambdas/contract/api';
import { PASSWORD, registrationBody, signUpAndJoin, unique } from '../support/fixtures';
import { proveMailedAddress } from '../support/mail';
import { expectAccessible, launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

const OPERATOR = { email: stack.env.SUPER_ADMIN_EMAIL!, password: 'super-admin-1' };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A church of its own for each deletion journey, registered through the API. */
async function churchToDelete(): Promise<{ orgId: string; name: string }> {
  const body = registrationBody();
  expect((await call('registerOrganization', { body })).status).toBe(200);
  expect((await proveMailedAddress(body.adminInfo.email, PASSWORD)).status).toBe(200);
  const answer = await call<{ orgId: string }>('finishRegistration', {
    token: await idToken(body.adminInfo.email, PASSWORD),
    body: { churchInfo: body.churchInfo },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { orgId: answer.body.orgId, name: body.churchInfo.name };
}

describe('super-admin', () => {
  it.each([1280, 375])('runs the data integrity report and sees it again after a reload (%i px)', async (width) => {
    // Sign-ups that never finish are states, not faults: one waiting for its code, one refused once proven.
    const admin = await idToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const { orgId } = (await call<MeResult>('getMe', { token: admin })).body;
    const waiting = `${unique('waiting')}@nowhere.example`;
    const asked = { email: waiting, fullName: 'Will Wait', password: PASSWORD, orgId };
    expect((await call('newUser', { body: asked })).status).toBe(200);
    const refused = `${unique('refused')}@nowhere.example`;
    expect((await signUpAndJoin(refused, orgId)).status).toBe(403);

    const { context, page } = await newPage(browser, width);
    await signIn(page, OPERATOR.email, OPERATOR.password);
    // In no church's directory: the operator's home is the organisations, never "no longer listed".
    await page.waitForURL('**/admin/org');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (width < 700) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
    }
    await nav.getByRole('link', { name: 'Data Audit' }).click();
    await page.waitForURL('**/admin/data-audit');
    await page.getByRole('heading', { level: 1, name: 'Data Integrity Report' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Run Data Integrity Report' }).click();
    await page.getByText('Generating Report...').waitFor();
    await page.getByText(/may take several minutes/).waitFor();
    await expectAccessible(page);
    await screenshot(page, `data-audit-running-${width}`);

    const total = page.locator('.DataAuditPage_issue-badge');
    await total.waitFor({ timeout: 60_000 });
    const count = Number(await total.textContent());
    expect(await total.getAttribute('class')).toContain(count > 0 ? 'issue-badge--bad' : 'issue-badge--ok');
    if (count === 0) await page.getByText('No data integrity issues found. Everything looks good!').waitFor();
    else expect(await page.getByRole('table').getByRole('row').count()).toBe(Math.min(count, 5000) + 1);
    // The demo church is clean, and the unfinished sign-ups are nobody's fault.
    for (const text of [orgId, waiting, refused])
      expect(await page.getByRole('row').filter({ hasText: text }).count(), text).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `data-audit-result-${width}`);

    // The job's status and result live on the server: a reload shows the same report.
    await page.reload();
    await page.locator('.DataAuditPage_issue-badge').waitFor();
    expect(Number(await page.locator('.DataAuditPage_issue-badge').textContent())).toBe(count);
    await page.goto('/profile');
    await page.getByText('Super Administrator', { exact: true }).waitFor();
    await context.close();
  });

  it.each([1280, 375])('deletes all data of a church after typing its exact id (%i px)', async (width) => {
    const church = await churchToDelete();
    const { context, page } = await newPage(browser, width);
    await signIn(page, OPERATOR.email, OPERATOR.password);
    await page.goto('/admin/org');
    const row = page.getByRole('row').filter({ hasText: church.orgId });
    await row.waitFor();
    const heading = await page.getByRole('heading', { level: 2, name: /^Organizations \(\d+\)$/ }).textContent();
    const before = Number(/\((\d+)\)/.exec(heading ?? '')![1]);
    expect(await row.textContent()).toContain(church.name);
    await expectAccessible(page);
    await screenshot(page, `org-list-${width}`);

    await row.getByRole('button', { name: `Delete All Org Data of ${church.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Destructive Action' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Confirm & Delete All Data' });
    const input = dialog.getByLabel(/Type the organization ID/);
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await confirm.isDisabled()).toBe(true);
    await input.fill(church.orgId.toUpperCase());
    expect(await confirm.isDisabled()).toBe(true);
    await input.fill(church.orgId);
    expect(await confirm.isDisabled()).toBe(false);
    await expectAccessible(page);
    await screenshot(page, `org-delete-modal-${width}`);

    await confirm.click();
    const success = page.getByText(
      `Successfully deleted all data for organization: ${church.name} (ID: ${church.orgId}). Summary:`,
    );
    await success.waitFor({ timeout: 60_000 });
    expect(await success.textContent()).toMatch(
      /users: 1, authUsers: 1, .*organizationNameClaims: 1, organizations: 1$/,
    );
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: `Organizations (${before - 1})` }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: church.orgId }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `org-deleted-${width}`);
    await context.close();
  });

  it('shows the church admin the Access Denied screens and no super-admin links', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'User Management' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Data Audit' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Organizations' }).count()).toBe(0);

    await page.goto('/admin/data-audit');
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    await page
      .getByText('You do not have the necessary permissions to view this page or perform this action.')
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'data-audit-denied');

    await page.goto('/admin/org');
    await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    await page.getByText('You do not have permission to view this page.').waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/dashboard');

    // The API refuses the admin too, whatever the screen shows.
    const token = await idToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    for (const operation of ['getAllOrganizations', 'startIntegrityReport'] as const) {
      const denied = await call(operation, { token });
      expect(denied.status, operation).toBe(403);
      expect(denied.body.error?.message).toBe('You are not authorized to perform this action.');
    }
    await context.close();
  });
});
