/**
 * The photo pipeline end to end, on the local stack: an upload under `uploads/` makes S3 invoke
 * lambdas/events/photoUploaded.ts, which stores the photo with its renditions; families take only
 * a checked photo; a file that is no photo is refused with the words the form shows, and changes
 * nothing; the one-off job makes renditions for photos stored before there were any.
 */
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FamilyView, PhotoUploadStatus } from '../../lambdas/contract/api';
import { PHOTO_MESSAGES } from '../../lambdas/contract/directory';
import { keys } from '../../lambdas/core/repos/keys';
import { photoIdOf, renditionKey } from '../../lambdas/photos/photo-keys';
import { RENDITION_NAMES, renditionSize } from '../../lambdas/photos/photo-sizes';
import { ddb } from '../../lambdas/platform/aws/ddb';
import { s3 } from '../../lambdas/platform/aws/s3';
import { startExecution } from '../../lambdas/platform/aws/sfn';
import { call } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createAccountIn, createChurch, memberAccountIn, snapshotStorage } from '../support/fixtures';
import { photoJpeg } from '../support/photos';
import { photoExists, preparedStatus, putUpload, settled, uploadNewFamilyPhoto, uploadPhoto } from '../support/upload';

const bucket = () => stack.env.PHOTOS_BUCKET!;

async function objectMeta(key: string) {
  const answer = await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  const bytes = await answer.Body!.transformToByteArray();
  const meta = await sharp(bytes).metadata();
  return { contentType: answer.ContentType, format: meta.format, width: meta.width, height: meta.height };
}

const family = async (token: string, familyId: string) =>
  (await call<{ family: FamilyView }>('getFamily', { token, params: { familyId } })).body.family;

const keysUnder = async (prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);

describe('photo renditions', () => {
  it('stores a checked photo with a small and a page WebP and a print JPEG at their sizes, and the views offer them', async () => {
    const church = await createChurch();
    const { photo, requestKey } = await uploadNewFamilyPhoto(church.adminToken, photoJpeg(11, 1200, 900));
    const added = await addFamilyVia(church.adminToken, { photo }, requestKey);

    const size = { width: 1200, height: 900 };
    expect(await objectMeta(photo)).toMatchObject({ contentType: 'image/jpeg', ...size });
    for (const name of RENDITION_NAMES) {
      expect(await objectMeta(renditionKey(photo, name)), name).toEqual({
        contentType: name === 'print' ? 'image/jpeg' : 'image/webp',
        format: name === 'print' ? 'jpeg' : 'webp',
        ...renditionSize(name, size),
      });
    }
    // The upload itself is gone once handled: nothing of it stays under uploads/.
    expect(await keysUnder(`uploads/${church.orgId}/`)).toEqual([]);

    const seen = await family(church.adminToken, added.familyId);
    expect(seen.photoSize).toEqual(size);
    const candidates = seen.photoSrcset!.split(', ').map((c) => c.split(' '));
    expect(candidates.map(([, width]) => width)).toEqual(['480w', '667w']);
    for (const [url] of candidates) expect((await fetch(url!)).status).toBe(200);
    expect((await objectMeta(photo)).width).toBe(1200);
    const small = await fetch(seen.photoUrl!);
    expect(small.headers.get('content-type')).toBe('image/webp');
    // A small rendition of a photo weighs a fraction of it.
    const original = (await s3.send(new GetObjectCommand({ Bucket: bucket(), Key: photo }))).ContentLength!;
    expect((await small.arrayBuffer()).byteLength).toBeLessThan(original / 5);
  });

  it('deletes a replaced photo with its renditions, off the request path', async () => {
    const church = await createChurch();
    const { photo, requestKey } = await uploadNewFamilyPhoto(church.adminToken, photoJpeg(12, 600, 400));
    const added = await addFamilyVia(church.adminToken, { photo }, requestKey);
    const next = await uploadPhoto(church.adminToken, added.familyId, photoJpeg(13, 600, 400));
    const saved = await call('updateFamily', {
      token: church.adminToken,
      params: { familyId: added.familyId },
      body: { surname: 'Renditions', photo: next, version: added.familyVersion },
    });
    expect(saved.status).toBe(200);
    await settled();
    for (const key of [photo, ...RENDITION_NAMES.map((name) => renditionKey(photo, name))])
      expect(await photoExists(key), key).toBe(false);
    for (const key of [next, ...RENDITION_NAMES.map((name) => renditionKey(next, name))])
      expect(await photoExists(key), key).toBe(true);
  });

  it('refuses a file that is no photo with a clear message, and a save with it changes nothing', async () => {
    const church = await createChurch();
    const { familyId, familyVersion } = await addFamilyVia(church.adminToken);
    // Said to be a JPEG (the presigned upload signs only the type and size): the bytes decide.
    const photo = await putUpload(church.adminToken, { familyId }, Buffer.from('<html>not a picture</html>'));
    const status = await preparedStatus(church.adminToken, photo);
    expect(status).toEqual({ status: 'refused', message: PHOTO_MESSAGES.notAPhoto } satisfies PhotoUploadStatus);
    // Nothing of it is stored: not the upload, not a photo in the church's folder.
    expect(await keysUnder(`uploads/${church.orgId}/`)).toEqual([]);
    expect(await keysUnder(`${church.orgId}/photos/${familyId}/`)).toEqual([]);

    const before = await snapshotStorage();
    const saved = await call('updateFamily', {
      token: church.adminToken,
      params: { familyId },
      body: { surname: 'Refused', photo, version: familyVersion },
    });
    expect(saved.status).toBe(400);
    expect(saved.body.error).toEqual({ code: 'invalid-argument', message: PHOTO_MESSAGES.notAPhoto });
    expect(await snapshotStorage()).toBe(before);
  });

  it("answers an upload's state only to who may edit its family", async () => {
    const church = await createChurch();
    const { familyId, memberId } = await addFamilyVia(church.adminToken);
    const photo = await uploadPhoto(church.adminToken, familyId);
    const [owner, member, other] = await Promise.all([
      createAccountIn(church.orgId, { familyId, memberId }),
      memberAccountIn(church),
      createChurch(),
    ]);
    const ask = (token: string, photoId = photoIdOf(photo)!) =>
      call<PhotoUploadStatus>('getPhotoUpload', { token, params: { photoId } });
    const ready = await ask(owner.token);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', width: 2, height: 2 });
    // Another family's upload: not found, as an unknown one.
    expect((await ask(member.token)).status).toBe(404);
    const foreign = await ask(other.adminToken);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(church.orgId);
    expect((await ask(owner.token, randomUUID())).status).toBe(404);
    expect((await ask(owner.token, 'not-an-id')).status).toBe(400);
  });

  it('makes renditions for photos stored before there were any, in the one-off job', async () => {
    const church = await createChurch();
    const { familyId } = await addFamilyVia(church.adminToken);
    const photo = `${church.orgId}/photos/${familyId}/${randomUUID()}.jpg`;
    await s3.send(
      new PutObjectCommand({ Bucket: bucket(), Key: photo, Body: photoJpeg(14, 800, 600), ContentType: 'image/jpeg' }),
    );
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.family(church.orgId, familyId),
        UpdateExpression: 'SET photo = :photo',
        ExpressionAttributeValues: { ':photo': photo },
      }),
    );
    // Until the job runs, the stored photo itself is shown.
    const before = await family(church.adminToken, familyId);
    expect(before.photoSrcset).toBeNull();
    expect((await fetch(before.photoUrl!)).headers.get('content-type')).toBe('image/jpeg');

    await startExecution(stack.env.PHOTO_RENDITIONS_STATE_MACHINE_ARN!, randomUUID(), {});
    await settled();
    const after = await family(church.adminToken, familyId);
    expect(after.photoSize).toEqual({ width: 800, height: 600 });
    expect(after.photoSrcset).toMatch(/ 480w, .* 667w$/);
    expect(await objectMeta(renditionKey(photo, 'print'))).toMatchObject({ format: 'jpeg', width: 433, height: 325 });
  });
});
