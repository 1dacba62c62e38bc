import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import type { FamilyView } from '../../lambdas/contract/api';
import { s3 } from '../../lambdas/platform/s3';
import { call } from '../support/api';
import { stack } from '../support/env';
import { TINY_JPEG, uploadPhoto } from '../support/upload';
import { addFamilyVia, createAccountIn, createChurch, memberAccountIn, snapshotTable } from '../support/fixtures';

const exists = async (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: stack.env.PHOTOS_BUCKET, Key: key })).then(
    () => true,
    () => false,
  );

const family = async (token: string, familyId: string) =>
  (await call<{ family: FamilyView }>('getFamily', { token, params: { familyId } })).body.family;

describe('family photos', () => {
  it('uploads under the church’s prefix, serves a stable presigned URL, and deletes replaced and removed photos', async () => {
    const church = await createChurch();
    const first = await uploadPhoto(church.adminToken);
    expect(first).toMatch(new RegExp(`^${church.orgId}/photos/[0-9a-f-]{36}\\.jpg$`));
    const added = await call<{ id: string; version: number }>('addFamily', {
      token: church.adminToken,
      body: { surname: 'Photo', photo: first },
    });
    expect(added.status).toBe(200);

    const seen = await family(church.adminToken, added.body.id);
    expect(seen.photo).toBe(first);
    const image = await fetch(seen.photoUrl!);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(TINY_JPEG);
    // Signed with the hour's start: the same URL on the next read, so the browser's cache works.
    expect((await family(church.adminToken, added.body.id)).photoUrl).toBe(seen.photoUrl);

    const second = await uploadPhoto(church.adminToken, added.body.id);
    const replaced = await call<{ version: number }>('updateFamily', {
      token: church.adminToken,
      params: { familyId: added.body.id },
      body: { surname: 'Photo', photo: second, existingPhotoPath: first, version: added.body.version },
    });
    expect(replaced.status).toBe(200);
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(true);

    const removed = await call('updateFamily', {
      token: church.adminToken,
      params: { familyId: added.body.id },
      body: { surname: 'Photo', photo: null, existingPhotoPath: second, version: replaced.body.version },
    });
    expect(removed.status).toBe(200);
    expect(await exists(second)).toBe(false);
    expect((await family(church.adminToken, added.body.id)).photoUrl).toBeNull();
  });

  it('deletes the photo with its family', async () => {
    const church = await createChurch();
    const photo = await uploadPhoto(church.adminToken);
    const added = await call<{ id: string }>('addFamily', {
      token: church.adminToken,
      body: { surname: 'Gone', photo },
    });
    expect((await call('deleteFamily', { token: church.adminToken, params: { familyId: added.body.id } })).status).toBe(
      200,
    );
    expect(await exists(photo)).toBe(false);
  });

  it('refuses photos of another church, photos never uploaded, and foreign URLs, changing nothing', async () => {
    const [church, other] = await Promise.all([createChurch(), createChurch()]);
    const theirs = await uploadPhoto(other.adminToken);
    const { familyId, familyVersion } = await addFamilyVia(church.adminToken);
    const before = await snapshotTable();
    for (const photo of [
      theirs,
      `${church.orgId}/photos/00000000-0000-4000-8000-000000000000.jpg`,
      'https://evil.example/x.jpg',
      '../../etc/passwd',
    ]) {
      const answer = await call('updateFamily', {
        token: church.adminToken,
        params: { familyId },
        body: { surname: 'X', photo, version: familyVersion },
      });
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
    const ask = (token: string, body: unknown) => call('createPhotoUpload', { token, body });
    expect((await ask(church.adminToken, { contentType: 'text/html', size: 10 })).body.error).toEqual({
      code: 'invalid-argument',
      message: 'Please select a valid image file.',
    });
    expect((await ask(church.adminToken, { contentType: 'image/jpeg', size: 50 * 1024 * 1024 })).status).toBe(400);
    expect((await ask(church.adminToken, { contentType: 'image/jpeg', size: 0 })).status).toBe(400);
    expect((await ask(member.token, { contentType: 'image/jpeg', size: 10, familyId })).status).toBe(403);
    expect((await ask(owner.token, { contentType: 'image/jpeg', size: 10, familyId })).status).toBe(200);
    // A family user cannot get an upload for a new family (only admins add families).
    expect((await ask(owner.token, { contentType: 'image/jpeg', size: 10 })).status).toBe(403);
  });
});
