import { BookCoverUploadInput } from '../../contract/book';
import { presignBookCoverUpload } from '../../book/bookSettings';
import { defineRoute } from '../../platform/wiring/route';

/**
 * A presigned upload of the book's cover photo (admins), into the church's cover folder: the photo
 * pipeline checks it as it does a family's photo, and setBookSettings takes it up.
 */
export const handler = defineRoute(
  'createBookCoverUpload',
  { body: BookCoverUploadInput },
  async ({ principal, body }) => presignBookCoverUpload(principal.orgId, body.contentType, body.size),
);
