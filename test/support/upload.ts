/** Photo uploads as the browser makes them, for the integration and security tests. */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import type { PhotoUploadResult } from '../../lambdas/contract/api';
import { s3 } from '../../lambdas/platform/s3';
import { call } from './api';
import { stack } from './env';

/** The smallest JPEG there is (1×1): enough where the bytes do not matter. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** Asks for a presigned upload and PUTs the file to it with its signed headers; answers the photo's path. */
async function upload(token: string, body: object, bytes: Buffer, requestKey?: string): Promise<string> {
  const presigned = await call<PhotoUploadResult>('createPhotoUpload', {
    token,
    body: { contentType: 'image/jpeg', size: bytes.length, ...body },
    requestKey,
  });
  if (presigned.status !== 200)
    throw new Error(`createPhotoUpload answered ${presigned.status}: ${JSON.stringify(presigned.body)}`);
  const response = await fetch(presigned.body.url, {
    method: presigned.body.method,
    headers: presigned.body.headers,
    body: new Uint8Array(bytes),
  });
  if (response.status >= 300) throw new Error(`the photo upload answered ${response.status}`);
  return presigned.body.photo;
}

/** A photo uploaded for an existing family: only that family may take it. */
export const uploadPhoto = (token: string, familyId: string, bytes: Buffer = TINY_JPEG): Promise<string> =>
  upload(token, { familyId }, bytes);

export interface NewFamilyPhoto {
  photo: string;
  /** Send the add with this Idempotency-Key: the photo is granted for the family it creates. */
  requestKey: string;
}

/** A photo uploaded (by an administrator) for a family about to be added, as the add form does. */
export async function uploadNewFamilyPhoto(token: string, bytes: Buffer = TINY_JPEG): Promise<NewFamilyPhoto> {
  const requestKey = randomUUID();
  return { photo: await upload(token, {}, bytes, requestKey), requestKey };
}

/** Whether the photo object is in the bucket. */
export const photoExists = async (key: string): Promise<boolean> =>
  s3.send(new HeadObjectCommand({ Bucket: stack.env.PHOTOS_BUCKET, Key: key })).then(
    () => true,
    () => false,
  );
