/**
 * Photo uploads as the browser makes them, for the integration and security tests: the presigned
 * PUT, then waiting, as the form does, until the photo pipeline has handled it.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { randomUUID } from 'node:crypto';
import type { PhotoUploadResult, PhotoUploadStatus } from '../../lambdas/contract/api';
import type { AttachmentType, AttachmentUploadResult, AttachmentUploadStatus } from '../../lambdas/contract/studies';
import { photoIdOf } from '../../lambdas/photos/photo-keys';
import { s3 } from '../../lambdas/platform/aws/s3';
import { call } from './api';
import { stack } from './env';

/** A tiny JPEG (2×2) that decodes cleanly: enough where the bytes do not matter. */
export const TINY_JPEG = Buffer.from(jpeg.encode({ data: Buffer.alloc(2 * 2 * 4, 200), width: 2, height: 2 }, 90).data);

/** What the pipeline made of the upload, once it has handled it (getPhotoUpload answers 404 until then). */
export async function preparedStatus<S = PhotoUploadStatus>(
  token: string,
  photo: string,
  timeoutMs = 30_000,
  operation: 'getPhotoUpload' | 'getStudyAttachmentUpload' = 'getPhotoUpload',
): Promise<S> {
  const deadline = Date.now() + timeoutMs;
  const id = photoIdOf(photo)!;
  const params: Record<string, string> = { [operation === 'getPhotoUpload' ? 'photoId' : 'attachmentId']: id };
  for (;;) {
    const answer = await call<S>(operation, { token, params });
    if (answer.status === 200) return answer.body;
    if (answer.status !== 404)
      throw new Error(`${operation} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (Date.now() > deadline) throw new Error(`the photo pipeline did not handle ${photo} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Answers once the work started off the request path (S3 events, jobs such as the photo clean-up) is done. */
export async function settled(): Promise<void> {
  const response = await fetch(`${stack.url}/_local/settled`);
  if (response.status !== 200) throw new Error(`/_local/settled answered ${response.status}`);
}

/** The routes that hand out a presigned upload: a family's photo, the book's cover, a study's file. */
type UploadOperation = 'createPhotoUpload' | 'createBookCoverUpload' | 'createStudyAttachmentUpload';

/** PUTs the file to a presigned upload with its signed headers; answers the photo's path. */
export async function putUpload(
  token: string,
  body: object,
  bytes: Buffer,
  requestKey?: string,
  operation: UploadOperation = 'createPhotoUpload',
): Promise<string> {
  const presigned = await call<PhotoUploadResult | AttachmentUploadResult>(operation, {
    token,
    body: { contentType: 'image/jpeg', size: bytes.length, ...body },
    requestKey,
  });
  if (presigned.status !== 200)
    throw new Error(`${operation} answered ${presigned.status}: ${JSON.stringify(presigned.body)}`);
  const response = await fetch(presigned.body.url, {
    method: presigned.body.method,
    headers: presigned.body.headers,
    body: new Uint8Array(bytes),
  });
  if (response.status >= 300) throw new Error(`the photo upload answered ${response.status}`);
  return 'photo' in presigned.body ? presigned.body.photo : presigned.body.file;
}

/** Asks for a presigned upload, PUTs the file, waits for the pipeline as the form does; answers the photo's path. */
async function upload(
  token: string,
  body: object,
  bytes: Buffer,
  requestKey?: string,
  operation?: UploadOperation,
): Promise<string> {
  const photo = await putUpload(token, body, bytes, requestKey, operation);
  await preparedStatus(token, photo);
  return photo;
}

/** A photo uploaded for an existing family: only that family may take it. */
export const uploadPhoto = (token: string, familyId: string, bytes: Buffer = TINY_JPEG): Promise<string> =>
  upload(token, { familyId }, bytes);

/** A cover photo uploaded (by an administrator) for the church's book. */
export const uploadBookCover = (token: string, bytes: Buffer = TINY_JPEG): Promise<string> =>
  upload(token, {}, bytes, undefined, 'createBookCoverUpload');

/** A one-page PDF, made by pdf-lib: a file a study may hold. */
export const tinyPdf = async (): Promise<Buffer> => {
  const document = await PDFDocument.create();
  document.addPage([612, 792]);
  return Buffer.from(await document.save());
};

/** A file uploaded (by a study's writer) for a Bible study, and what the pipeline made of it. */
export async function uploadStudyFile(
  token: string,
  bytes: Buffer,
  contentType: AttachmentType = 'application/pdf',
): Promise<{ file: string; status: AttachmentUploadStatus }> {
  const file = await putUpload(token, { contentType }, bytes, undefined, 'createStudyAttachmentUpload');
  return {
    file,
    status: await preparedStatus<AttachmentUploadStatus>(token, file, 30_000, 'getStudyAttachmentUpload'),
  };
}

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
