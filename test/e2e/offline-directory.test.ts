/**
 * The directory offline, in Chromium against the local product (demo church): after one online
 * visit a member's copy of the directory is whole; with no network the app opens /families from
 * it under the offline banner, finds a family by search, opens it, and refuses an edit with a
 * clear message; sign-out wipes the copy, and so does the church deleting the member. The copy
 * holds, for each privacy level, exactly what the server shows this member: a detail at a level
 * the member is outside of, and a family left out of the directory, are nowhere in it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResult } from '../../lambdas/contract/api';
import { NOT_LISTED_TITLE } from '../../lambdas/contract/listing';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { OFFLINE_CHANGE_MESSAGE } from '../../web/src/lib/api';
import { call, idToken } from '../support/api';
import { addFamilyVia, createAccountIn, PASSWORD, unique } from '../support/fixtures';
import { uploadNewFamilyPhoto } from '../support/upload';
import { expectAccessible, launch, newPage, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
let admin: string;
let orgId: string;
beforeAll(async () => {
  browser = await launch();
  admin = await idToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  orgId = (await call<MeResult>('getMe', { token: admin })).body.orgId;
});
afterAll(async () => {
  await browser?.close();
});

interface Copy {
  meta: { userId: string; asOf: number | null } | null;
  families: { familyId: string; view: Record<string, unknown> }[];
  answers: { key: string; answer: unknown }[];
  photos: string[];
}

/** Everything the app's offline copy holds, read from IndexedDB as it is. */
const readCopy = (page: Page): Promise<Copy> =>
  page.evaluate(
    () =>
      new Promise<Copy>((done, fail) => {
        const opening = indexedDB.open('churchDirectory.offline');
        opening.onerror = () => fail(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('meta')) return done({ meta: null, families: [], answers: [], photos: [] });
          const tx = db.transaction(['meta', 'families', 'answers', 'photos']);
          const all = (store: string) => tx.objectStore(store).getAll();
          const meta = tx.objectStore('meta').get('meta');
          const [families, answers] = [all('families'), all('answers')];
          const photos = tx.objectStore('photos').getAllKeys();
          tx.oncomplete = () => {
            db.close();
            done({
              meta: (meta.result as Copy['meta']) ?? null,
              families: families.result as Copy['families'],
              answers: answers.result as Copy['answers'],
              photos: photos.result as string[],
            });
          };
        };
      }),
  );

/** Until the walk has finished a whole copy. */
async function copyWhole(page: Page): Promise<Copy> {
  for (let tries = 0; tries < 120; tries++) {
    const copy = await readCopy(page);
    if (copy.meta?.asOf) return copy;
    await page.waitForTimeout(250);
  }
  throw new Error('the offline copy was never whole');
}

async function copyWiped(page: Page) {
  for (let tries = 0; tries < 40; tries++) {
    const copy = await readCopy(page);
    if (!copy.meta && copy.families.length === 0 && copy.answers.length === 0 && copy.photos.length === 0) return;
    await page.waitForTimeout(250);
  }
  throw new Error('the offline copy was not wiped');
}

/** A member of the demo church with an account of their own, in a new family (with a photo, if asked). */
async function newMember({ photo = false } = {}) {
  const uploaded = photo ? await uploadNewFamilyPhoto(admin) : null;
  const family = await addFamilyVia(
    admin,
    { surname: unique('Offline'), ...(uploaded ? { photo: uploaded.photo } : {}) },
    uploaded?.requestKey,
  );
  const account = await createAccountIn(orgId, { memberId: family.memberId, familyId: family.familyId });
  return { ...account, family };
}

describe('the directory offline', () => {
  it('reads, searches and opens families with no network after one visit, and refuses edits (375 px)', async () => {
    const me = await newMember({ photo: true });
    const { context, page } = await newPage(browser, 375, { serviceWorker: true });
    await signIn(page, me.email, PASSWORD);
    await page.goto('/families');
    await page.getByRole('heading', { level: 1, name: 'Families' }).waitFor();
    const copy = await copyWhole(page);
    expect(copy.meta!.userId).toBe(me.userId);
    expect(copy.families.length).toBeGreaterThan(10);
    // Photos are kept by the photo, never by a link (links die within minutes).
    expect(copy.photos.length).toBeGreaterThan(0);
    expect(copy.photos.every((photo) => !photo.includes('?'))).toBe(true);
    // The worker's install runs beside the walk; one that lost a fetch to the busy stack is tried
    // again at the next load, as the phone would at its next opening.
    for (let load = 0; !(await page.evaluate(() => navigator.serviceWorker.controller !== null)); load++) {
      if (load === 3) throw new Error('the service worker never took control');
      await page.waitForTimeout(3000);
      await page.reload();
    }

    await context.setOffline(true);
    await page.goto('/families');
    await page.getByText(/^Offline: showing the directory as of /).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Families' }).waitFor();
    await page
      .getByRole('link', { name: / Family$/ })
      .first()
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'offline-families-375');

    await page.getByLabel('Search families').fill('Okafor');
    const found = page.getByRole('link', { name: /Okafor/ }).first();
    await found.waitFor();
    await found.click();
    await page.getByRole('heading', { level: 1, name: /Okafor/ }).waitFor();
    await page.getByText(/^Offline: showing the directory as of /).waitFor();
    await screenshot(page, 'offline-family-375');

    // Its own photo, from the copy's bytes.
    await page.goto(`/families/${me.family.familyId}`);
    const photo = page.locator('img[src^="blob:"]').first();
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // Its own family's form opens from the copy; saving is refused, and nothing is lost from the form.
    await page.goto(`/families/edit/${me.family.familyId}`);
    const phone = page.getByLabel('Home Phone');
    await phone.fill('919-555-0199');
    await page.getByRole('button', { name: 'Update Family' }).click();
    await page.getByText(OFFLINE_CHANGE_MESSAGE).waitFor();
    expect(await phone.inputValue()).toBe('919-555-0199');
    await screenshot(page, 'offline-edit-refused-375');

    // Back online: the banner goes with the next answer from the server; sign-out wipes the copy.
    await context.setOffline(false);
    await page.goto('/families');
    await page.getByRole('heading', { level: 1, name: 'Families' }).waitFor();
    await expect.poll(() => page.getByText(/^Offline: showing/).count()).toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await copyWiped(page);
    await context.close();
  });

  it('is wiped when the church no longer lists the member (1280 px)', async () => {
    const me = await newMember();
    const { context, page } = await newPage(browser, 1280);
    await signIn(page, me.email, PASSWORD);
    await copyWhole(page);
    expect((await call('deleteMember', { token: admin, params: { memberId: me.family.memberId } })).status).toBe(200);
    await page.goto('/families');
    await page.getByRole('heading', { level: 1, name: NOT_LISTED_TITLE }).waitFor();
    await copyWiped(page);
    await context.close();
    expect((await call('deleteFamily', { token: admin, params: { familyId: me.family.familyId } })).status).toBe(200);
  });

  it('holds, for each privacy level, only what the server shows this member', async () => {
    const mark = unique('secret').replace(/-/g, '');
    // A family sharing its phone with everyone, its street with its groups only, its anniversary
    // with administrators only; a member sharing an address with administrators only; and a
    // family left out of the directory.
    const shared = await addFamilyVia(admin, {
      surname: `Shared${mark}`,
      phone: '919-555-0142',
      street: `${mark} Groups Lane`,
      anniversary: '11/30',
    });
    const email = `${mark}.admins@grace.example`;
    const adult = await call<{ id: string }>('addMember', {
      token: admin,
      body: { familyId: shared.familyId, name: 'Priscilla', email },
    });
    expect(adult.status).toBe(200);
    const privacy = await call('setFamilyPrivacy', {
      token: admin,
      params: { familyId: shared.familyId },
      body: {
        unlisted: false,
        family: { phone: 'everyone', street: 'groups', anniversary: 'admins' },
        members: { [adult.body.id]: { email: 'admins' } },
      },
    });
    expect(privacy.status, JSON.stringify(privacy.body)).toBe(200);
    const unlisted = await addFamilyVia(admin, { surname: `Unlisted${mark}` });
    const left = await call('setFamilyPrivacy', {
      token: admin,
      params: { familyId: unlisted.familyId },
      body: { unlisted: true, family: {}, members: {} },
    });
    expect(left.status, JSON.stringify(left.body)).toBe(200);

    // One member outside the family's groups, one in a group with it.
    const outside = await newMember();
    const inside = await newMember();
    const group = await call<{ groupId: string }>('addGroup', { token: admin, body: { groupName: `Group ${mark}` } });
    for (const memberId of [shared.memberId, inside.family.memberId])
      expect(
        (await call('addRole', { token: admin, params: { groupId: group.body.groupId }, body: { memberId } })).status,
      ).toBe(200);

    for (const [viewer, seesGroups] of [
      [outside, false],
      [inside, true],
    ] as const) {
      const { context, page } = await newPage(browser, 1280);
      await signIn(page, viewer.email, PASSWORD);
      const held = await copyWhole(page);
      const view = held.families.find((f) => f.familyId === shared.familyId)?.view;
      expect(view).toMatchObject({ surname: `Shared${mark}`, phone: '919-555-0142' });
      expect(view!.anniversary ?? null).toBeNull();
      const copy = JSON.stringify(held);
      expect(copy.includes(`${mark} Groups Lane`), `street seen by groups: ${seesGroups}`).toBe(seesGroups);
      expect(copy).not.toContain(email);
      expect(copy).not.toContain(`Unlisted${mark}`);
      expect(copy).not.toContain(unlisted.familyId);
      await context.close();
    }

    expect((await call('deleteGroup', { token: admin, params: { groupId: group.body.groupId } })).status).toBe(200);
    for (const familyId of [shared.familyId, unlisted.familyId, outside.family.familyId, inside.family.familyId])
      expect((await call('deleteFamily', { token: admin, params: { familyId } })).status).toBe(200);
  });
});
