/**
 * Groups in Chromium against the local product: an admin creates a group, opens its page from the
 * groups page, adds two members with labels through the modal (keyboard and screen-reader
 * friendly), removes one, deletes the group from its page; a member sees the groups and a group's
 * members without the admin controls. Axe on both pages, the form and the modal.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { expectAccessible, launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('groups', () => {
  it.each([1280, 375])(
    'an admin creates a group, adds two members with labels, removes one and deletes the group (%i px)',
    async (width) => {
      const { context, page } = await newPage(browser, width);
      await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
      await page.goto('/groups');
      await page.getByRole('article').first().waitFor();
      await expectAccessible(page);
      await screenshot(page, `groups-admin-${width}`);

      const name = `Journey Group ${width} ${Date.now().toString(36)}`;
      await page.getByRole('link', { name: 'Create Group' }).click();
      await page.waitForURL('**/groups/add');
      await expectAccessible(page);
      await page.getByLabel('Group Name').fill(name);
      await page.getByRole('button', { name: 'Create Group' }).click();
      await expect.poll(() => page.getByText(`Group '${name}' created.`).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByLabel('Group Name').count()).toBe(0);
      // The redirect after 2 s carries the message.
      await page.waitForURL((url) => url.pathname === '/groups', { timeout: 5000 });
      await page.getByText(`Group '${name}' created.`).waitFor();
      const card = page.getByRole('article', { name });
      await card.getByText('No members', { exact: true }).waitFor();
      await card.getByRole('link', { name: `Manage members of ${name}` }).click();
      await page.waitForURL(/\/groups\/[^/]+$/);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const members = page.getByRole('region', { name: `Members of ${name}` });
      await members.getByText('No members in this group.').waitFor();
      await expectAccessible(page);

      const added: string[] = [];
      for (const label of ['Leader', 'Helper']) {
        const open = page.getByRole('button', { name: 'Add Member' });
        await open.click();
        const dialog = page.getByRole('dialog', { name: `Add Member to ${name}` });
        await dialog.waitFor();
        // The church's people are found by search: the modal starts in its search box.
        const find = dialog.getByLabel('Find a member');
        expect(await find.evaluate((el) => el === document.activeElement)).toBe(true);
        await find.fill('a');
        const select = dialog.getByLabel('Select Member');
        await expect.poll(() => select.isEnabled()).toBe(true);
        const offered = (await select.locator('option').allTextContents()).slice(1);
        for (const already of added) expect(offered).not.toContain(already);
        await select.selectOption({ label: offered[0]! });
        await dialog.getByLabel('Role Label').fill(label);
        if (label === 'Leader') {
          await expectAccessible(page);
          await screenshot(page, `groups-modal-${width}`);
        }
        await dialog.getByRole('button', { name: 'Add Member' }).click();
        await dialog.waitFor({ state: 'detached' });
        // The role's label, on the member's card (not the Leader choice beside it).
        await members.getByRole('link').getByText(label, { exact: true }).waitFor();
        added.push(offered[0]!);
        expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
      }
      const links = members.getByRole('link');
      expect(await links.count()).toBe(2);
      expect(await links.first().getAttribute('href')).toMatch(/^\/families\//);
      await page.getByText('2 members', { exact: true }).waitFor();
      await screenshot(page, `groups-two-members-${width}`);

      page.once('dialog', (d) => {
        expect(d.message()).toBe(`Remove ${added[0]} from the group "${name}"?`);
        void d.accept();
      });
      await members.getByRole('button', { name: `Remove ${added[0]} from ${name}` }).click();
      await expect.poll(() => members.getByRole('link').count()).toBe(1);
      await members.getByRole('link', { name: new RegExp(added[1]!) }).waitFor();
      await page.getByText('1 member', { exact: true }).waitFor();

      page.once('dialog', (d) => {
        expect(d.message()).toBe(`Delete group "${name}" and all its roles?`);
        void d.accept();
      });
      await page.getByRole('button', { name: 'Delete Group' }).click();
      await page.waitForURL((url) => url.pathname === '/groups');
      await page.getByText(`Group "${name}" deleted.`).waitFor();
      await page.getByRole('article').first().waitFor();
      expect(await page.getByRole('article', { name }).count()).toBe(0);
      await context.close();
    },
  );

  it('a member sees the groups and a group’s members, without the admin controls', async () => {
    const { context, page } = await newPage(browser, 375);
    await signIn(page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
    await page.goto('/groups');
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('link', { name: 'Create Group' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Add Member|Delete Group|Remove/ }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'groups-member-375');

    await page
      .getByRole('link', { name: /^View members of / })
      .first()
      .click();
    await page.waitForURL(/\/groups\/[^/]+$/);
    const members = page.getByRole('region', { name: /^Members of / });
    await members.waitFor();
    expect(await page.getByRole('button', { name: /Add Member|Delete Group|Remove/ }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'group-member-375');
    await context.close();
  });
});
