import { PutObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FamilyView, ListFamiliesResult } from '../../lambdas/contract/api';
import { MESSAGES } from '../../lambdas/contract/directory';
import { keys } from '../../lambdas/core/repos/keys';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { s3 } from '../../lambdas/platform/aws/s3';
import { call } from '../support/api';
import { stack } from '../support/env';
import { photoExists, settled, TINY_JPEG, uploadNewFamilyPhoto, uploadPhoto } from '../support/upload';
import {
  addFamilyVia,
  createAccountIn,
  createChurch,
  memberAccountIn,
  snapshotStorage,
  snapshotTable,
} from '../support/fixtures';

/** Whether the object is there once the work off the request path (the photo clean-up) is done. */
const exists = async (key: string) => {
  await settled();
  return photoExists(key);
};

const family = async (token: string, familyId: string) =>
  (await call<{ family: FamilyView }>('getFamily', { token, params: { familyId } })).body.family;

/**
 * A link is signed at the start of its step (lambdas/photos/photo-links.ts): a read in the same
 * step gives the very same URL; one in a later step, a link to the same object.
 */
function expectSameLink(later: string | null, earlier: string | null) {
  const signedAt = (url: string | null) => url && new URL(url).searchParams.get('X-Amz-Date');
  if (signedAt(later) === signedAt(earlier)) expect(later).toBe(earlier);
  else expect(later?.split('?')[0]).toBe(earlier?.split('?')[0]);
}

/** The form's save: every field, and the photo (left out: kept). */
const saveFamily = (token: string, familyId: string, version: number, photo?: string | null) =>
  call<{ version: number }>('updateFamily', {
    token,
    params: { familyId },
    body: { surname: 'Photo', version, ...(photo === undefined ? {} : { photo }) },
  });

/** A family with a photo of its own, and its family user (linked to its member). */
async function pictured(church: { orgId: string; adminToken: string }) {
  const { photo, requestKey } = await uploadNewFamilyPhoto(church.adminToken);
  const added = await addFamilyVia(church.adminToken, { surname: 'Photo', photo }, requestKey);
  const user = await createAccountIn(church.orgId, { familyId: added.familyId, memberId: added.memberId });
  return { ...added, photo, token: user.token };
}

/** A photo as stored before family folders (`<orgId>/photos/<uuid>.jpg`): the object, and these families pointing at it. */
async function seedOldPhoto(orgId: string, familyIds: string[]): Promise<string> {
  const key = `${orgId}/photos/${randomUUID()}.jpg`;
  await s3.send(
    new PutObjectCommand({ Bucket: stack.env.PHOTOS_BUCKET, Key: key, Body: TINY_JPEG, ContentType: 'image/jpeg' }),
  );
  for (const familyId of familyIds)
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.family(orgId, familyId),
        UpdateExpression: 'SET photo = :photo',
        ExpressionAttributeValues: { ':photo': key },
      }),
    );
  return key;
}

describe('family photos', () => {
  it("uploads into the family's folder, serves a stable presigned URL but never the key, and deletes replaced and removed photos", async () => {
    const church = await createChurch();
    const { photo: first, requestKey } = await uploadNewFamilyPhoto(church.adminToken);
    const added = await call<{ id: string; version: number }>('addFamily', {
      token: church.adminToken,
      body: { surname: 'Photo', photo: first },
      requestKey,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(first).toMatch(new RegExp(`^${church.orgId}/photos/${added.body.id}/[0-9a-f-]{36}\\.jpg$`));

    const seen = await family(church.adminToken, added.body.id);
    expect(seen).not.toHaveProperty('photo');
    const image = await fetch(seen.photoUrl!);
    expect(image.status).toBe(200);
    // Lists show the small rendition the pipeline made, never the upload itself.
    expect(image.headers.get('content-type')).toBe('image/webp');
    // Kept by the browser under the link it loaded, which the app shows again (web/src/lib/photoLinks.ts).
    expect(image.headers.get('cache-control')).toBe('private, max-age=604800, immutable');
    // Signed with the step's start: the same URL on the next read, so the browser's cache works.
    expectSameLink((await family(church.adminToken, added.body.id)).photoUrl, seen.photoUrl);
    const list = await call<ListFamiliesResult>('listFamilies', { token: church.adminToken });
    expect(list.body.families.find((f) => f.familyId === added.body.id)).not.toHaveProperty('photo');

    // Saved without a photo in the body: the photo stays.
    const kept = await saveFamily(church.adminToken, added.body.id, added.body.version);
    expect(kept.status).toBe(200);
    expect(await exists(first)).toBe(true);
    expectSameLink((await family(church.adminToken, added.body.id)).photoUrl, seen.photoUrl);

    const second = await uploadPhoto(church.adminToken, added.body.id);
    const replaced = await saveFamily(church.adminToken, added.body.id, kept.body.version, second);
    expect(replaced.status).toBe(200);
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(true);

    const removed = await saveFamily(church.adminToken, added.body.id, replaced.body.version, null);
    expect(removed.status).toBe(200);
    expect(await exists(second)).toBe(false);
    expect((await family(church.adminToken, added.body.id)).photoUrl).toBeNull();
  });

  it('deletes the photo with its family', async () => {
    const church = await createChurch();
    const { familyId, photo } = await pictured(church);
    expect((await call('deleteFamily', { token: church.adminToken, params: { familyId } })).status).toBe(200);
    expect(await exists(photo)).toBe(false);
  });

  it("refuses another family's photo to its family user, so it can never delete it", async () => {
    const church = await createChurch();
    const [victim, thief] = await Promise.all([pictured(church), pictured(church)]);
    const oldKey = await seedOldPhoto(church.orgId, [victim.familyId]);
    const before = await snapshotStorage();
    for (const photo of [victim.photo, oldKey]) {
      const answer = await saveFamily(thief.token, thief.familyId, thief.familyVersion, photo);
      expect(answer.status, photo).toBe(400);
      expect(answer.body.error).toEqual({ code: 'invalid-argument', message: MESSAGES.photoNotYours });
    }
    expect(await snapshotStorage()).toBe(before);
    // Clearing its own photo removes only its own object.
    expect((await saveFamily(thief.token, thief.familyId, thief.familyVersion, null)).status).toBe(200);
    expect(await exists(thief.photo)).toBe(false);
    expect(await exists(victim.photo)).toBe(true);
    expect(await exists(oldKey)).toBe(true);
  });

  it('gives an upload for a family being added to that add only', async () => {
    const church = await createChurch();
    const other = await addFamilyVia(church.adminToken);
    const { photo, requestKey } = await uploadNewFamilyPhoto(church.adminToken);
    const before = await snapshotStorage();
    const add = (key?: string) =>
      call<{ id: string }>('addFamily', { token: church.adminToken, body: { surname: 'New', photo }, requestKey: key });
    for (const refused of [
      await add(),
      await add(randomUUID()),
      await saveFamily(church.adminToken, other.familyId, other.familyVersion, photo),
    ])
      expect(refused.body.error).toEqual({ code: 'invalid-argument', message: MESSAGES.photoNotYours });
    expect(await snapshotStorage()).toBe(before);
    expect((await add(requestKey)).status).toBe(200);
    // And an upload for one family is not another's, even for an administrator.
    const forOther = await uploadPhoto(church.adminToken, other.familyId);
    const mine = await pictured(church);
    expect((await saveFamily(church.adminToken, mine.familyId, mine.familyVersion, forOther)).status).toBe(400);
  });

  it('keeps photos saved before family folders: shown, and removed by their family only once no family holds them', async () => {
    const church = await createChurch();
    const [shared, sharing, own] = await Promise.all([
      addFamilyVia(church.adminToken),
      addFamilyVia(church.adminToken),
      addFamilyVia(church.adminToken),
    ]);
    // Two families on one object: how older data could be left by the hole this closes.
    const sharedKey = await seedOldPhoto(church.orgId, [shared.familyId, sharing.familyId]);
    const ownKey = await seedOldPhoto(church.orgId, [own.familyId]);
    const image = await fetch((await family(church.adminToken, own.familyId)).photoUrl!);
    expect(image.status).toBe(200);

    expect((await saveFamily(church.adminToken, own.familyId, own.familyVersion)).status).toBe(200);
    expect(await exists(ownKey)).toBe(true);
    const replacement = await uploadPhoto(church.adminToken, own.familyId);
    expect((await saveFamily(church.adminToken, own.familyId, own.familyVersion + 1, replacement)).status).toBe(200);
    expect(await exists(ownKey)).toBe(false);

    expect((await saveFamily(church.adminToken, shared.familyId, shared.familyVersion, null)).status).toBe(200);
    expect(await exists(sharedKey)).toBe(true);
    expect((await family(church.adminToken, sharing.familyId)).photoUrl).not.toBeNull();
    expect(
      (await call('deleteFamily', { token: church.adminToken, params: { familyId: sharing.familyId } })).status,
    ).toBe(200);
    expect(await exists(sharedKey)).toBe(false);
  });

  it('refuses photos of another church, photos never uploaded, and foreign URLs, changing nothing', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const { photo: theirs } = await uploadNewFamilyPhoto(other.adminToken);
    const { familyId, familyVersion } = await addFamilyVia(church.adminToken);
    const before = await snapshotTable();
    for (const photo of [
      theirs,
      `${church.orgId}/photos/${familyId}/00000000-0000-4000-8000-000000000000.jpg`,
      `${church.orgId}/photos/00000000-0000-4000-8000-000000000000.jpg`,
      'https://evil.example/x.jpg',
      '../../etc/passwd',
    ]) {
      const answer = await saveFamily(church.adminToken, familyId, familyVersion, photo);
      expect(answer.status, photo).toBe(400);
      expect(answer.body.error?.code).toBe('invalid-argument');
      const add = await call('addFamily', { token: church.adminToken, body: { surname: 'X', photo } });
      expect(add.status, photo).toBe(400);
    }
    expect(await snapshotTable()).toBe(before);
    expect(await exists(theirs)).toBe(true);
  });

  it('hands out uploads only for images of a bounded size, and only to who may edit the family', async () => {
    const church = await createChurch();
    const { familyId, memberId } = await addFamilyVia(church.adminToken);
    const member = await memberAccountIn(church);
    const owner = await createAccountIn(church.orgId, { familyId, memberId });
    const ask = (token: string, body: unknown, requestKey?: string) =>
      call('createPhotoUpload', { token, body, requestKey });
    expect((await ask(church.adminToken, { contentType: 'text/html', size: 10, familyId })).body.error).toEqual({
      code: 'invalid-argument',
      message: 'Please select a valid image file.',
    });
    expect((await ask(church.adminToken, { contentType: 'image/jpeg', size: 50 * 1024 * 1024, familyId })).status).toBe(
      400,
    );
    expect((await ask(church.adminToken, { contentType: 'image/jpeg', size: 0, familyId })).status).toBe(400);
    expect((await ask(member.token, { contentType: 'image/jpeg', size: 10, familyId })).status).toBe(404);
    expect((await ask(owner.token, { contentType: 'image/jpeg', size: 10, familyId })).status).toBe(200);
    // A family user cannot get an upload for a new family (only admins add families).
    expect((await ask(owner.token, { contentType: 'image/jpeg', size: 10 }, randomUUID())).status).toBe(403);
    // A new family's upload names the add it is for: without the add's request key there is none.
    expect((await ask(church.adminToken, { contentType: 'image/jpeg', size: 10 })).body.error).toEqual({
      code: 'invalid-argument',
      message: MESSAGES.photoNewFamily,
    });
  });
});
