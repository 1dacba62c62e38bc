/**
 * A hidden or replaced photo stays unreadable through the links handed out before (issue 30):
 * every read link dies within its lifetime (lambdas/photos/photo-links.ts; the test stacks set it
 * to seconds, TEST_PHOTO_LINK_SECONDS), and the local S3 stand-in refuses a dead link as S3 does,
 * and a link cut of its signature or edited to last longer (lib/local/s3-door.ts). Each test
 * fails with its fix taken out: links that last hours still answer 200 after the lifetime.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FamilyView } from '../../lambdas/contract/api';
import { call } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createAccountIn, createChurch, memberAccountIn, type Church } from '../support/fixtures';
import { injectFault } from '../support/jobs';
import { photoExists, settled, uploadNewFamilyPhoto, uploadPhoto } from '../support/upload';

const LINK_MS = Number(stack.env.PHOTO_LINK_SECONDS) * 1000;

const family = async (token: string, familyId: string) =>
  (await call<{ family: FamilyView }>('getFamily', { token, params: { familyId } })).body.family;

/** Every link a view hands out for its photo: the small one and the srcset's. */
const linksOf = (view: FamilyView) => [
  view.photoUrl!,
  ...(view.photoSrcset ?? '').split(', ').flatMap((candidate) => (candidate ? [candidate.split(' ')[0]!] : [])),
];

/** A family with a photo, its family user, and another family's member who looks at it. */
async function picturedFamily(church: Church) {
  const { photo, requestKey } = await uploadNewFamilyPhoto(church.adminToken);
  const added = await addFamilyVia(church.adminToken, { photo }, requestKey);
  const owner = await createAccountIn(church.orgId, { familyId: added.familyId, memberId: added.memberId });
  const viewer = await memberAccountIn(church);
  return { ...added, photo, owner, viewer };
}

/** The links the member holds, each read once while alive; and when the last of them must be dead. */
async function heldLinks(token: string, familyId: string) {
  const view = await family(token, familyId);
  // Signed no later than now, each link works at most its lifetime from its signing.
  const deadBy = Date.now() + LINK_MS + 1000;
  const links = linksOf(view);
  expect(links.length).toBeGreaterThan(1);
  for (const link of links) expect((await fetch(link)).status, link).toBe(200);
  return { view, links, deadBy };
}

async function statusesAfter(deadBy: number, links: string[]) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadBy - Date.now())));
  return Promise.all(links.map(async (link) => (await fetch(link)).status));
}

afterEach(() => injectFault(null));

describe('photo links handed out before a photo is hidden or replaced', () => {
  it("answer 403 once their lifetime is over, after the family made its photo admins-only; the family's own links still work", async () => {
    const church = await createChurch();
    const pictured = await picturedFamily(church);
    const held = await heldLinks(pictured.viewer.token, pictured.familyId);

    const body = { unlisted: false, family: { photo: 'admins' }, members: {} };
    const hidden = await call('setFamilyPrivacy', {
      token: pictured.owner.token,
      params: { familyId: pictured.familyId },
      body,
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect((await family(pictured.viewer.token, pictured.familyId)).photoUrl).toBeNull();

    expect(await statusesAfter(held.deadBy, held.links)).toEqual(held.links.map(() => 403));
    // The photo itself is untouched: whoever may see it gets links that work.
    const own = await family(pictured.owner.token, pictured.familyId);
    for (const link of linksOf(own)) expect((await fetch(link)).status, link).toBe(200);
  });

  it('answer 404 once the clean-up has deleted a replaced photo, and 403 once their lifetime is over when it could not', async () => {
    const church = await createChurch();
    const replace = async (pictured: Awaited<ReturnType<typeof picturedFamily>>) => {
      const next = await uploadPhoto(pictured.owner.token, pictured.familyId);
      const saved = await call('updateFamily', {
        token: pictured.owner.token,
        params: { familyId: pictured.familyId },
        body: { surname: 'Replaced', photo: next, version: pictured.familyVersion },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      await settled();
    };

    const cleaned = await picturedFamily(church);
    const heldCleaned = await heldLinks(cleaned.viewer.token, cleaned.familyId);
    await replace(cleaned);
    for (const link of heldCleaned.links) expect((await fetch(link)).status, link).toBe(404);

    // The clean-up fails for good (the failed-jobs alarm's case): the old objects stay.
    const kept = await picturedFamily(church);
    const heldKept = await heldLinks(kept.viewer.token, kept.familyId);
    await injectFault({ state: 'DeletePhoto', fastRetries: true });
    await replace(kept);
    expect(await photoExists(kept.photo)).toBe(true);
    expect(await statusesAfter(heldKept.deadBy, heldKept.links)).toEqual(heldKept.links.map(() => 403));
  });

  it('are not revived by cutting off their signature or editing their date or lifetime, as S3 refuses them', async () => {
    const church = await createChurch();
    const pictured = await picturedFamily(church);
    const [link] = (await heldLinks(pictured.viewer.token, pictured.familyId)).links;
    const edited = (name: string, value: string) => {
      const url = new URL(link!);
      url.searchParams.set(name, value);
      return url.toString();
    };
    // A minute later than signed: never the signed date itself (a link may be signed this very second).
    const signed = new URL(link!).searchParams.get('X-Amz-Date')!;
    const at = (date: string) =>
      new Date(date.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const later = new Date(at(signed).getTime() + 60_000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    expect(later).not.toBe(signed);
    for (const revived of [link!.split('?')[0]!, edited('X-Amz-Date', later), edited('X-Amz-Expires', '604800')])
      expect((await fetch(revived)).status, revived).toBe(403);
  });
});
