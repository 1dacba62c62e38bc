/**
 * Bible studies a church writes and shares (the Bible Studies page, /documents): a study is a title,
 * a description and its sessions in order; a session has an optional date and its items (text in
 * Markdown, discussion questions, scripture references). Administrators write studies, and so do
 * the leaders of a group (a role marked as leader), for the groups they lead. A study is a draft
 * (its author and administrators), shared with chosen groups, or with the whole church (then it is
 * one of the "Lessons" the dashboard counts). No Bible text is stored or fetched: a reference is
 * kept as its normalised name, and may link to the reading site the church chose.
 * No AWS imports: bundled into the browser.
 */
import * as z from 'zod/mini';
import { Id } from './directory';

export const SHARINGS = ['draft', 'groups', 'church'] as const;

/** Where a link in a study's text may lead: the web and mail. The server refuses others; the page never links them. */
export const SAFE_LINK = /^(?:https?:|mailto:)/i;
/** How a study's Markdown is read, by the page, the server's link check and the handout: HTML off (a `<script>` is text), addresses written out made links. */
export const MARKDOWN_OPTIONS = { html: false, linkify: true } as const;
export type Sharing = (typeof SHARINGS)[number];

/** What a study's file may be: a PDF, or a picture of a type a family photo may be. */
export const ATTACHMENT_TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type AttachmentType = keyof typeof ATTACHMENT_TYPES;

/** A PDF handout of a few dozen pages with pictures; a picture as a family photo (which the browser shrinks first). */
export const MAX_ATTACHMENT_BYTES = { pdf: 10 * 1024 * 1024, image: 5 * 1024 * 1024 } as const;

export const ATTACHMENT_MESSAGES = {
  type: 'Please choose a PDF, or a JPEG, PNG, WebP or GIF picture.',
  pdfTooLarge: 'The PDF is too large: please choose one under 10 MB.',
  imageTooLarge: 'The picture is too large: please choose one under 5 MB.',
  notAPdf: 'That file is not a PDF we can use. Please choose another.',
  locked: 'That PDF is protected by a password. Please choose one without a password.',
  notReady:
    'Your file is not ready yet: it may still be being checked, or it did not arrive. Please wait a moment and save again, or choose the file again.',
  notFound: 'File not found.',
  name: 'Please give each file a name.',
} as const;

export const STUDY_LIMITS = {
  title: 120,
  description: 2_000,
  sessions: 52,
  items: 40,
  text: 20_000,
  question: 500,
  reference: 100,
  groups: 50,
  /** Files (PDFs and pictures) in the whole study. */
  attachments: 20,
  fileName: 120,
  /** The whole study's characters: one item of the table holds it, far below DynamoDB's 400 KB. */
  total: 150_000,
} as const;

export const STUDY_MESSAGES = {
  pageTitle: 'Bible Studies',
  intro: 'Write Bible studies and share them with your congregation, or keep them for your group.',
  empty: 'No Bible studies yet.',
  titleRequired: 'Please give the study a title.',
  tooLong: (what: string, max: number) => `${what} can be at most ${max.toLocaleString('en-US')} characters.`,
  tooMany: (what: string, max: number) => `A study can have at most ${max} ${what}.`,
  tooBig: 'This study is too long to keep in one piece. Please split it into two studies.',
  reference: (text: string) =>
    `We could not read "${text}" as a Bible reference. Please write it like "John 3:16-18" or "Psalm 23".`,
  link: 'Links in a study must start with https://, http:// or mailto:.',
  date: 'Please enter each session date as a date (YYYY-MM-DD).',
  sharing: 'Please choose who can read the study.',
  groups: 'Please choose at least one group to share the study with.',
  notYourGroup: 'You can share a study only with the groups you lead.',
  churchByAdmins: 'Only administrators can share a study with the whole church.',
  writers: 'Only administrators and group leaders can write Bible studies.',
  notFound: 'Study not found.',
  changed:
    'Someone else changed this study after you opened it. Reload the page to see their changes, then make yours again.',
  saved: 'Your study was saved.',
  deleted: 'Study deleted.',
  readingSite: 'Please enter a web address starting with https:// that holds {passage}.',
  readingSiteSaved: 'The reading site was saved.',
  print: 'Print handout',
  printing: 'Preparing the handout...',
  printed: 'Your handout is downloading.',
  printFailed: 'We could not prepare the handout. Please try again.',
} as const;

const text = (max: number, what: string) =>
  z
    .string({ error: STUDY_MESSAGES.tooLong(what, max) })
    .check(z.trim(), z.maxLength(max, STUDY_MESSAGES.tooLong(what, max)));

/** One thing a session holds: text to say (Markdown), a question to ask, or a passage to read. */
export const StudyItemInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), markdown: text(STUDY_LIMITS.text, 'A text') }),
  z.object({ kind: z.literal('question'), text: text(STUDY_LIMITS.question, 'A question') }),
  z.object({ kind: z.literal('scripture'), reference: text(STUDY_LIMITS.reference, 'A reference') }),
  /** A file: the key its upload was given (createStudyAttachmentUpload), or one the study already holds. */
  z.object({
    kind: z.literal('attachment'),
    file: z.string({ error: ATTACHMENT_MESSAGES.notReady }).check(z.maxLength(300, ATTACHMENT_MESSAGES.notReady)),
    name: text(STUDY_LIMITS.fileName, 'A file name').check(z.minLength(1, ATTACHMENT_MESSAGES.name)),
  }),
]);
export type StudyItemInput = z.output<typeof StudyItemInput>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const sessionDate = z.nullable(
  z.string({ error: STUDY_MESSAGES.date }).check(
    z.regex(DATE, STUDY_MESSAGES.date),
    z.refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: STUDY_MESSAGES.date,
      },
    ),
  ),
);

export const StudySessionInput = z.object({
  title: z.optional(z.nullable(text(STUDY_LIMITS.title, 'A session title'))),
  date: z.optional(sessionDate),
  items: z
    .array(StudyItemInput)
    .check(z.maxLength(STUDY_LIMITS.items, STUDY_MESSAGES.tooMany('items in a session', STUDY_LIMITS.items))),
});

export const StudyInput = z.object({
  title: text(STUDY_LIMITS.title, 'The title').check(z.minLength(1, STUDY_MESSAGES.titleRequired)),
  description: z.optional(z.nullable(text(STUDY_LIMITS.description, 'The description'))),
  sharing: z.enum(SHARINGS, { error: STUDY_MESSAGES.sharing }),
  groupIds: z.optional(
    z.array(Id).check(z.maxLength(STUDY_LIMITS.groups, STUDY_MESSAGES.tooMany('groups', STUDY_LIMITS.groups))),
  ),
  sessions: z
    .array(StudySessionInput)
    .check(z.maxLength(STUDY_LIMITS.sessions, STUDY_MESSAGES.tooMany('sessions', STUDY_LIMITS.sessions))),
});
export type StudyInput = z.output<typeof StudyInput>;

/** An update names the version it changes. */
export const UpdateStudyInput = z.object({ ...StudyInput.shape, version: z.int().check(z.minimum(1)) });
export type UpdateStudyInput = z.output<typeof UpdateStudyInput>;

export const StudyParams = z.object({ studyId: Id });
/** `today`: the reader's calendar day (YYYY-MM-DD), from which a study's next session is counted. */
export const ListStudiesQuery = z.object({
  after: z.optional(z.string().check(z.maxLength(200))),
  today: z.optional(z.string().check(z.regex(DATE, STUDY_MESSAGES.date))),
});

/** A scripture reference as kept and shown: its normalised name, and where to read it (none: the church chose no site). */
export interface ScriptureView {
  kind: 'scripture';
  reference: string;
  link: string | null;
}
/**
 * A file as its readers get it: a picture's link (its screen size) and size, or a PDF's download
 * link (saved under its name) and page count. Links live for minutes. `file` is what an editor
 * sends back to keep it.
 */
export interface AttachmentView {
  kind: 'attachment';
  file: string;
  name: string;
  type: 'pdf' | 'image';
  url: string;
  width: number;
  height: number;
  pages: number | null;
}
export type StudyItemView =
  Exclude<StudyItemInput, { kind: 'scripture' | 'attachment' }> | ScriptureView | AttachmentView;

/** A presigned upload of a study's file: its type and exact size (checked against the type's limit). */
export const AttachmentUploadInput = z.object({
  contentType: z.enum(Object.keys(ATTACHMENT_TYPES) as [AttachmentType, ...AttachmentType[]], {
    error: ATTACHMENT_MESSAGES.type,
  }),
  size: z.int({ error: ATTACHMENT_MESSAGES.type }).check(z.minimum(1, ATTACHMENT_MESSAGES.type)),
});
export type AttachmentUploadInput = z.output<typeof AttachmentUploadInput>;

/** An upload's id: the uuid its key was given. */
export const AttachmentUploadParams = z.object({
  attachmentId: z
    .string({ error: ATTACHMENT_MESSAGES.notFound })
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, ATTACHMENT_MESSAGES.notFound)),
});

export interface AttachmentUploadResult {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  /** The key the study's item names. */
  file: string;
  maxBytes: number;
}

/** What the photo pipeline made of an upload: ready (a picture's preview, a PDF's pages) or refused, and why. */
export type AttachmentUploadStatus =
  | { status: 'ready'; type: 'pdf' | 'image'; url: string | null; width: number; height: number; pages: number | null }
  | { status: 'refused'; message: string };

export interface StudySessionView {
  title: string | null;
  date: string | null;
  items: StudyItemView[];
}

export interface StudyGroupView {
  groupId: string;
  groupName: string;
}

export interface StudyView {
  studyId: string;
  title: string;
  description: string | null;
  sharing: Sharing;
  /** The groups it is shared with that still exist. */
  groups: StudyGroupView[];
  sessions: StudySessionView[];
  /** Who wrote it, as the church's directory names them (null: an administrator not in the directory). */
  author: string | null;
  /** The viewer may change and delete it: an administrator, or its author while a leader. */
  canEdit: boolean;
  version: number;
  updatedAt: string;
}

export interface StudySummary {
  studyId: string;
  title: string;
  description: string | null;
  sharing: Sharing;
  sessionCount: number;
  /** The first session dated today or later (the viewer's calendar day, from the query), if any. */
  nextSession: string | null;
  updatedAt: string;
  canEdit: boolean;
}

export interface ListStudiesResult {
  studies: StudySummary[];
  /** Where the next page starts: an opaque place of the last study shown, or null after the last. */
  next: string | null;
  /** The viewer may write a study: an administrator, or a leader of a group (with the groups they lead). */
  canWrite: boolean;
  /** The groups a new study may be shared with: every group for an administrator, those they lead for a leader. */
  groups: StudyGroupView[];
  /** Administrators only (null for everyone else): the church's reading site, `{passage}` where the reference goes. */
  readingSite: string | null;
}

/** The church's reading site for references (null: references link nowhere). */
export const ReadingSiteInput = z.object({
  readingSite: z.nullable(
    z.string({ error: STUDY_MESSAGES.readingSite }).check(
      z.trim(),
      z.maxLength(300, STUDY_MESSAGES.readingSite),
      z.regex(/^https:\/\/[^\s]+$/, STUDY_MESSAGES.readingSite),
      z.refine((v) => v.includes('{passage}'), { error: STUDY_MESSAGES.readingSite }),
    ),
  ),
});

/** A role made (or no longer) a leader of its group. */
export const RoleLeaderInput = z.object({
  leader: z.boolean({ error: 'Please say whether the member leads the group.' }),
});

export interface SavedStudyResult {
  success: true;
  studyId: string;
  version: number;
  message: string;
}

/** A study's printed handout: a download link that lives for minutes, the name it saves under, and its page count. */
export interface StudyHandout {
  url: string;
  fileName: string;
  pages: number;
}

/** A session of the viewer's studies coming up, for the dashboard. */
export interface UpcomingSession {
  studyId: string;
  studyTitle: string;
  title: string | null;
  date: string;
}
