import { AttachmentUploadParams } from '../../contract/studies';
import { defineRoute } from '../../platform/wiring/route';
import { attachmentUploadStatus } from '../../studies/attachments';

/** What the photo pipeline made of a study's file: ready (a picture's preview, a PDF's pages) or refused, and why. */
export const handler = defineRoute(
  'getStudyAttachmentUpload',
  { params: AttachmentUploadParams },
  async ({ principal, params }) => attachmentUploadStatus(principal, params.attachmentId),
);
