/**
 * Families, members and photos: one set of rules for the forms and the handlers. Empty
 * optional fields become null, as the forms send them.
 */
import * as z from 'zod/mini';
import { other, optional, required, rulesOf, type ValuesOf } from './entity';
import { EMAIL_MESSAGE, LIMITS, ZIP5_OR_9 } from './fields';

export const MESSAGES = {
  surnameRequired: 'Please fill in the required Family Surname (*).',
  state: 'Please enter a valid 2-letter state abbreviation.',
  zip: 'Please enter a valid 5-digit or 9-digit zipcode.',
  image: 'Please select a valid image file.',
  photoNotYours: 'That photo belongs to another family. Please choose a photo of your own.',
  photoNewFamily: 'Please reload the page and choose the photo again.',
  memberName: 'Member name is required.',
  familyMissing: 'Family ID is missing (Please select or ensure one was passed).',
  email: EMAIL_MESSAGE,
  badId: 'Invalid data provided. Please check your input.',
  version: 'Please reload the page and try again.',
} as const;

/** What the photo pipeline and the family forms say of a chosen photo. */
export const PHOTO_MESSAGES = {
  notAPhoto: 'That file is not a photo we can use. Please choose a JPEG, PNG, WebP or GIF picture.',
  tooManyPixels: 'That photo has more than 40 megapixels. Please choose a smaller one.',
  notReady:
    'Your photo is not ready yet: it may still be being prepared, or it did not arrive. Please wait a moment and save again, or choose the photo again.',
  notFound: 'Photo not found.',
} as const;

/** Photos the browser may upload: resized JPEGs normally; the others are accepted as chosen. */
export const PHOTO_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type PhotoType = keyof typeof PHOTO_TYPES;
/** The browser resizes to about 1200 px first, which gives a few hundred KB; 5 MB leaves room for an unresized fallback. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Path and body ids: what our ids look like (uuids, or the short ids of imported data). */
export const Id = z.string({ error: MESSAGES.badId }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, MESSAGES.badId));

/** A photo is a storage path of ours (lambdas/photos/photo-keys.ts), an http(s) URL kept from older data, or null (none). */
const photoValue = z.optional(z.nullable(z.string().check(z.maxLength(2048, MESSAGES.image))));
const photo = z.pipe(
  photoValue,
  z.transform((v: string | null | undefined) => (v ? v : null)),
);
/** In an update, a photo left out stays as it is: the form keeps the photo without knowing its key. */
const changedPhoto = z.pipe(
  photoValue,
  z.transform((v: string | null | undefined) => (v === undefined ? undefined : v || null)),
);

const version = z.int({ error: MESSAGES.version }).check(z.minimum(1, MESSAGES.version));

/**
 * A family, declared once (lambdas/contract/entity.ts): the order is the form's, the pages' and
 * the book's, so the first message a form or a handler gives is that of the first wrong field on
 * screen.
 */
export const FAMILY_FIELDS = {
  surname: required('Family Surname', LIMITS.name, MESSAGES.surnameRequired, { search: true }),
  street: optional('Street Address', LIMITS.address, { short: 'Street', shared: 'street', print: 'plain' }),
  city: optional('City', LIMITS.name, { search: true, print: 'place', row: 'address' }),
  state: optional('State', 2, {
    shape: { pattern: /^[A-Za-z]{2}$/, message: MESSAGES.state },
    then: (v: string) => v.toUpperCase(),
    caps: true,
    print: 'place',
    row: 'address',
  }),
  zipcode: optional('Zip Code', 10, {
    shape: { pattern: ZIP5_OR_9, message: MESSAGES.zip },
    short: 'Zip',
    shared: 'street',
    print: 'place',
    row: 'address',
  }),
  phone: optional('Home Phone', LIMITS.phone, {
    kind: 'phone',
    short: 'Phone',
    shared: 'phone',
    search: true,
    print: 'labelled',
    row: 'two',
  }),
  anniversary: optional('Anniversary', 5, { kind: 'monthDay', shared: 'anniversary', print: 'labelled', row: 'two' }),
  photo: other('Family Photo', photo, { shared: 'photo' }),
};
export type FamilyFields = ValuesOf<typeof FAMILY_FIELDS>;

export const AddFamilyInput = z.object(rulesOf(FAMILY_FIELDS));
export type AddFamilyInput = z.output<typeof AddFamilyInput>;

/** `photo`: a new upload, null to remove it, or left out to keep it (the server knows the stored photo). */
export const UpdateFamilyInput = z.object({ ...rulesOf(FAMILY_FIELDS), photo: changedPhoto, version });
export type UpdateFamilyInput = z.output<typeof UpdateFamilyInput>;

/** A member, declared once; its surname is its family's, so not a field of its own. */
export const MEMBER_FIELDS = {
  name: required('First Name', LIMITS.name, MESSAGES.memberName, { search: true }),
  birthday: optional('Birthday', 5, { kind: 'monthDay', shared: 'birthday', print: 'beside', row: 'two' }),
  cellphone: optional('Cellphone', LIMITS.phone, {
    kind: 'phone',
    short: 'Cell',
    shared: 'cellphone',
    search: true,
    print: 'labelled',
    row: 'two',
  }),
  email: optional('Email Address', LIMITS.email, {
    kind: 'email',
    short: 'Email',
    shared: 'email',
    search: true,
    print: 'labelled',
  }),
};
export type MemberFields = ValuesOf<typeof MEMBER_FIELDS>;

export const AddMemberInput = z.object({
  familyId: z
    .string({ error: MESSAGES.familyMissing })
    .check(z.trim(), z.minLength(1, MESSAGES.familyMissing), z.regex(/^[A-Za-z0-9_-]{1,64}$/, MESSAGES.badId)),
  ...rulesOf(MEMBER_FIELDS),
});
export type AddMemberInput = z.output<typeof AddMemberInput>;

/** familyId is accepted, as the edit form sends it; a member never moves family through this call. */
export const UpdateMemberInput = z.object({ ...rulesOf(MEMBER_FIELDS), version, familyId: z.optional(z.string()) });
export type UpdateMemberInput = z.output<typeof UpdateMemberInput>;

export const FamilyParams = z.object({ familyId: Id });
export const MemberParams = z.object({ memberId: Id });

export const PhotoUploadInput = z.object({
  contentType: z.enum(Object.keys(PHOTO_TYPES) as [PhotoType, ...PhotoType[]], { error: MESSAGES.image }),
  size: z
    .int({ error: MESSAGES.image })
    .check(
      z.minimum(1, MESSAGES.image),
      z.maximum(MAX_PHOTO_BYTES, 'The photo is too large: please choose one under 5 MB.'),
    ),
  /** The family the photo is for; absent for a family being added (admins only). */
  familyId: z.optional(Id),
});
export type PhotoUploadInput = z.output<typeof PhotoUploadInput>;

/** An upload's photo id: the uuid createPhotoUpload put in its key. */
export const PhotoUploadParams = z.object({
  photoId: z
    .string({ error: MESSAGES.badId })
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, MESSAGES.badId)),
});

/** The dashboard's month, 1-12, and today's day of it, 1-31, in the viewer's own time zone (the browser sends them). */
export const DashboardQuery = z.object({
  month: z.optional(
    z.pipe(z.string().check(z.regex(/^(0?[1-9]|1[0-2])$/, 'The month must be 1 to 12.')), z.transform(Number)),
  ),
  day: z.optional(
    z.pipe(z.string().check(z.regex(/^(0?[1-9]|[12]\d|3[01])$/, 'The day must be 1 to 31.')), z.transform(Number)),
  ),
});

/** A place in the family list, as a page of it names the next or previous one (directory/repos/directoryPages.ts). */
const PLACE = /^[\p{L}\p{N}]*#[0-9a-f-]{36}(#~)?$/u;
const place = z.optional(
  z.string().check(z.maxLength(300), z.regex(PLACE, 'That place in the family list is not one the list gave.')),
);

/** A page of the family list: after or before a place a page gave, or from a letter of the A-Z bar; none is the first page. */
export const ListFamiliesQuery = z
  .object({
    after: place,
    before: place,
    from: z.optional(z.string().check(z.regex(/^[A-Za-z]$/, 'Please choose a letter from A to Z.'))),
  })
  .check(
    z.refine((q) => [q.after, q.before, q.from].filter((v) => v !== undefined).length <= 1, {
      message: 'Ask for one place in the family list at a time.',
    }),
  );

/** A search of the directory: what the person typed. */
export const SearchDirectoryQuery = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please type a name, email, phone or city to search for.'),
      z.maxLength(100, 'Please type at most 100 characters to search for.'),
    ),
});
