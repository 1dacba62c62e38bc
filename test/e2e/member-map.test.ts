/**
 * The member map in Chromium against the local product: the administrator finds the demo church's
 * families (and three more) as pins and clusters, opens a cluster (the map zooms in to where its families come
 * apart) and a pin (its family's card, whose link goes to the family's page); a family then keeps
 * its street address to administrators on its privacy form, and the demo member finds it neither in
 * the list nor on the map. Screenshots at 1280 and 375 px, axe on the map at both.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAP_MESSAGES, type MapResult } from '../../lambdas/contract/map';
import { LEVEL_LABELS, PRIVACY_MESSAGES } from '../../lambdas/contract/privacy';
import { DEMO_ACCOUNTS } from '../../lib/local/demo';
import { call, idToken } from '../support/api';
import { addFamilyVia } from '../support/fixtures';
import { settled } from '../support/upload';
import { expectAccessible, launch, newPage, SCREENSHOTS, screenshot } from './support/browser';
import { signIn } from './support/session';

let browser: Browser;
let adminToken: string;
const stamp = Date.now().toString(36);
const surname = `Mapped-${stamp}`;
let families: Awaited<ReturnType<typeof addFamilyVia>>[];

/** A family at an address, whose street every member sees (so the demo member finds it on the map). */
async function placedFamily(name: string, address: Record<string, string>) {
  const family = await addFamilyVia(adminToken, { surname: name, ...address });
  const open = await call('setFamilyPrivacy', {
    token: adminToken,
    params: { familyId: family.familyId },
    body: { unlisted: false, family: { street: 'everyone' }, members: {} },
  });
  expect(open.status, JSON.stringify(open.body)).toBe(200);
  return family;
}

beforeAll(async () => {
  browser = await launch();
  adminToken = await idToken(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  // Two neighbours in Raleigh, a cluster from as far as Durham, the third family: a map with a
  // cluster that opens and pins, whatever else the church has on it.
  families = [
    await placedFamily(surname, { street: '200 Hillsborough Street', city: 'Raleigh', zipcode: '27603' }),
    await placedFamily(`Nearby-${stamp}`, { street: '420 Hillsborough Street', city: 'Raleigh', zipcode: '27603' }),
    await placedFamily(`Durham-${stamp}`, { street: '100 Main Street', city: 'Durham', zipcode: '27701' }),
  ];
  // Their addresses are looked up by a job of their own, started when each is saved.
  await settled();
  const map = await call<MapResult>('getMap', { token: adminToken });
  expect(map.body.families.map((f) => f.surname)).toEqual(expect.arrayContaining([surname, `Durham-${stamp}`]));
  // The demo church's own families, looked up when it was made, are there too; its mistyped zip code is not.
  expect(map.body.families.map((f) => f.surname)).toEqual(expect.arrayContaining(['Adams', 'Okafor', 'Kim']));
  expect(map.body.missed).toContainEqual(expect.objectContaining({ surname: 'Brown', reason: 'notFound' }));
});
afterAll(async () => {
  for (const { familyId } of families ?? []) await call('deleteFamily', { token: adminToken, params: { familyId } });
  await browser?.close();
});

const clusters = (page: Page) => page.getByRole('button', { name: /^\d+ families, zoom in$/ });
const pins = (page: Page) => page.getByRole('button', { name: / Family(, approximate location)?$/ });
const familyList = (page: Page) => page.getByRole('region', { name: /^Families on the map \(\d+\)$/ });

/**
 * The screen as a person sees it: a full-page capture resizes the page, and the map redraws itself
 * halfway through it.
 */
const mapShot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });

/** The map page with its markers drawn. */
async function openMap(page: Page) {
  await page.goto('/map');
  await page.getByRole('heading', { level: 1, name: MAP_MESSAGES.title }).waitFor();
  await familyList(page).waitFor();
  await page.locator('.maplibregl-marker').first().waitFor();
}

/** How many families the markers show: a pin is one, a cluster its count (the map fits them all on load). */
async function familiesOnMarkers(page: Page): Promise<number> {
  const labels = await page
    .locator('.maplibregl-marker')
    .evaluateAll((markers) => markers.map((m) => m.getAttribute('aria-label') ?? ''));
  return labels.reduce((sum, label) => sum + (Number(/^(\d+) families/.exec(label)?.[1]) || 1), 0);
}

/** The count in the list's heading: "Families on the map (N)". */
async function listed(page: Page): Promise<number> {
  const heading = await familyList(page).getByRole('heading').innerText();
  return Number(/\((\d+)\)/.exec(heading)![1]);
}

it('shows the administrator the families as clusters and pins; a cluster opens, a pin opens its family’s card', async () => {
  const { context, page } = await newPage(browser, 1280);
  await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await openMap(page);
  await familyList(page)
    .getByRole('link', { name: `${surname} Family` })
    .waitFor();
  expect(await familiesOnMarkers(page)).toBe(await listed(page));
  await expectAccessible(page);
  await mapShot(page, 'member-map-admin-1280');

  // A cluster opens: the map zooms in to where its families come apart.
  const cluster = (await clusters(page).first().elementHandle())!;
  const inCluster = Number(await cluster.textContent());
  await cluster.click();
  await cluster.waitForElementState('hidden');
  expect(await page.locator('.maplibregl-marker').count()).toBeGreaterThan(1);
  expect(await familiesOnMarkers(page)).toBeGreaterThanOrEqual(inCluster);
  while ((await pins(page).count()) === 0) {
    const next = (await clusters(page).first().elementHandle())!;
    await next.click();
    await next.waitForElementState('hidden');
  }

  // A pin opens its family's card, whose link goes to the family's page.
  const pin = pins(page).first();
  const name = (await pin.getAttribute('aria-label'))!.replace(/, approximate location$/, '');
  await pin.click();
  const card = page.locator('.maplibregl-popup');
  const link = card.getByRole('link', { name });
  await link.waitFor();
  expect(await card.innerText()).toMatch(/\d{5}|, [A-Z]{2}/);
  await expectAccessible(page);
  await mapShot(page, 'member-map-card-1280');
  // Escape closes it, and the focus is on the pin again.
  await page.keyboard.press('Escape');
  await card.waitFor({ state: 'detached' });
  expect(await pin.evaluate((element) => element === document.activeElement)).toBe(true);
  await pin.click();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/families\/[^/]+$/);
  await link.click();
  await page.waitForURL(`**${href}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();

  // At 375 px: the map across the screen, the list below it.
  await page.setViewportSize({ width: 375, height: 900 });
  await openMap(page);
  const [map, list] = await Promise.all([
    page.locator('.maplibregl-map').boundingBox(),
    familyList(page).boundingBox(),
  ]);
  expect(map!.width).toBeCloseTo(375, 0);
  expect(list!.y).toBeGreaterThan(map!.y + map!.height);
  await expectAccessible(page);
  await screenshot(page, 'member-map-admin-375');
  await context.close();
});

it('leaves a family whose street address only administrators see off the demo member’s map and list', async () => {
  const member = await newPage(browser, 375);
  await signIn(member.page, DEMO_ACCOUNTS.member.email, DEMO_ACCOUNTS.member.password);
  await openMap(member.page);
  await familyList(member.page)
    .getByRole('link', { name: `${surname} Family` })
    .waitFor();
  const before = await listed(member.page);

  // The family's privacy form, as the administrator fills it in.
  const admin = await newPage(browser, 1280);
  await signIn(admin.page, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  await admin.page.goto(`/families/${families[0]!.familyId}/privacy`);
  await admin.page.getByLabel('Street Address').selectOption({ label: LEVEL_LABELS.admins });
  await admin.page.getByRole('button', { name: 'Save Privacy Choices' }).click();
  await admin.page.getByText(PRIVACY_MESSAGES.saved).waitFor();
  await admin.context.close();

  await openMap(member.page);
  expect(await listed(member.page)).toBe(before - 1);
  expect(await familyList(member.page).innerText()).not.toContain(surname);
  expect(await familiesOnMarkers(member.page)).toBe(before - 1);
  expect(await member.page.getByRole('button', { name: new RegExp(surname) }).count()).toBe(0);
  await expectAccessible(member.page);
  await screenshot(member.page, 'member-map-member-375');

  await member.page.setViewportSize({ width: 1280, height: 900 });
  await openMap(member.page);
  await expectAccessible(member.page);
  await mapShot(member.page, 'member-map-member-1280');
  await member.context.close();
});
