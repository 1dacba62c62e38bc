/** Photo uploads as the browser makes them, for the integration and security tests. */
import type { PhotoUploadResult } from '../../lambdas/contract/api';
import { call } from './api';

/** The smallest JPEG there is (1×1): enough where the bytes do not matter. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A PUT of the file to the presigned URL with its signed headers; answers the photo's path. */
export async function uploadPhoto(token: string, familyId?: string, bytes: Buffer = TINY_JPEG): Promise<string> {
  const presigned = await call<PhotoUploadResult>('createPhotoUpload', {
    token,
    body: { contentType: 'image/jpeg', size: bytes.length, ...(familyId ? { familyId } : {}) },
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
