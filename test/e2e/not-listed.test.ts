/**
 * Access ends when it should, in Chromium against the local product: a member signed in to the
 * demo church is deleted from the directory by its administrator; their next page is the clear
 * "no longer in the directory" page (axe, screenshots at 375 and 1280 px) instead of the
 * directory, "Check again" says they are not listed yet, and once the administrator adds them back
 * with the same e-mail it opens the directory again.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResult } from '../../lambdas/contract/api';
import { NOT_LISTED, NOT_LISTED_TITLE, STILL_NOT_LISTED } from '../../lambdas/contract/listing';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { call, idToken } from '../support/api';
import { addFamilyVia, PASSWORD, unique } from '../support/fixtures';
import { proveMailedAddress } from '../support/mail';
import { expectAccessible, launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a member the church no longer lists', () => {
  it.each([375, 1280])('sees why and what to do, then the directory once added back (%i px)', async (width) => {
    const admin = await idToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    // A family of its own, and the member's account made through the church's sign-up.
    const family = await addFamilyVia(admin, { surname: unique('Leaving') });
    const email = `${unique('leaving')}@grace.example`;
    const { orgId } = (await call<MeResult>('getMe', { token: admin })).body;
    const added = await call<{ id: string }>('addMember', {
      token: admin,
      body: { familyId: family.familyId, name: 'Naomi', email },
    });
    expect(added.status).toBe(200);
    const joined = await call('newUser', { body: { email, fullName: 'Naomi Leaving', password: PASSWORD, orgId } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect((await proveMailedAddress(email, PASSWORD)).status).toBe(200);

    const { context, page } = await newPage(browser, width);
    await signIn(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Birthdays This Month' }).waitFor();

    expect((await call('deleteMember', { token: admin, params: { memberId: added.body.id } })).status).toBe(200);
    await page.goto('/families');
    await page.getByRole('heading', { level: 1, name: NOT_LISTED_TITLE }).waitFor();
    await page.getByText(NOT_LISTED).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Families' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, `not-listed-${width}`);

    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByText(STILL_NOT_LISTED).waitFor();
    await expectAccessible(page);

    const back = await call('addMember', { token: admin, body: { familyId: family.familyId, name: 'Naomi', email } });
    expect(back.status).toBe(200);
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Families' }).waitFor();
    await context.close();

    // The demo church as it was: the family goes (which unlinks the account), then the account.
    expect((await call('deleteFamily', { token: admin, params: { familyId: family.familyId } })).status).toBe(200);
    const users = await call<{ users: { userId: string; email: string }[] }>('listUsers', { token: admin });
    const account = users.body.users.find((u) => u.email === email)!;
    expect((await call('deleteUserAuth', { token: admin, params: { userId: account.userId } })).status).toBe(200);
  });
});
