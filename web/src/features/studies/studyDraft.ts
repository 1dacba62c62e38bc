/**
 * The study editor's state: a study as it is typed (every text a string, a date '' when none),
 * each session and item with a key of its own so that moving one keeps its inputs (and a refused
 * field's mark) with it. What it sends is checked by the contract's schema first (StudyInput), so
 * a missing title or a mistyped date is said at once; the server says the rest (a reference it
 * cannot read, a link, a group the writer does not lead). A file item carries its upload's state
 * (attachmentUpload.ts): the study is not sent while a file is on its way or was refused.
 */
import {
  STUDY_LIMITS,
  STUDY_MESSAGES,
  StudyInput,
  UpdateStudyInput,
  type AttachmentView,
  type Sharing,
  type StudyItemInput,
  type StudyItemView,
  type StudyView,
} from '@contract/studies';
import { refused, type Checked } from '../../lib/form';
import { STUDY_TEXTS } from './studyWords';

export type ItemKind = StudyItemInput['kind'];
/** The kinds that are written: a file is chosen instead. */
export type TextKind = Exclude<ItemKind, 'attachment'>;

/** Each written kind of item, as the editor's type choice names it. */
export const ITEM_KINDS: Record<TextKind, string> = {
  text: 'Text',
  question: 'Question',
  scripture: 'Bible reference',
};

export interface DraftText {
  key: string;
  kind: TextKind;
  /** The Markdown, the question or the reference, as typed. */
  text: string;
}

/** What the server said of a usable file: a picture's preview link and size, a PDF's pages. */
export type FileDetails = Pick<AttachmentView, 'type' | 'width' | 'height' | 'pages'> & { url: string | null };

/**
 * A file item's file: none chosen yet; on its way (sent, then checked by the server); usable
 * (`kept`: the study held it already); or refused, and why (the server's check, the browser's,
 * a failed upload).
 */
export type FileState =
  | { state: 'none' }
  | { state: 'uploading'; percent: number }
  | { state: 'checking' }
  | ({ state: 'ready' | 'kept' } & FileDetails)
  | { state: 'refused'; message: string };

export interface DraftFile {
  key: string;
  kind: 'attachment';
  /** The key the upload was given (or the study holds it under); null until the server found it usable. */
  file: string | null;
  /** The name readers see, as typed. */
  name: string;
  /** The name given from the chosen file, which choosing another replaces while it is not retyped. */
  fromFile: string;
  upload: FileState;
}

export type DraftItem = DraftText | DraftFile;

export interface DraftSession {
  key: string;
  title: string;
  /** 'YYYY-MM-DD' as a date input gives it; '' for none. */
  date: string;
  items: DraftItem[];
}

export interface StudyDraft {
  title: string;
  description: string;
  sharing: Sharing;
  groupIds: string[];
  sessions: DraftSession[];
}

let keys = 0;
const newKey = (prefix: string) => `${prefix}${++keys}`;

export const blankItem = (kind: TextKind = 'text', text = ''): DraftText => ({ key: newKey('item-'), kind, text });
/** A file item, its file not chosen yet. */
export const blankFile = (): DraftFile => ({
  key: newKey('item-'),
  kind: 'attachment',
  file: null,
  name: '',
  fromFile: '',
  upload: { state: 'none' },
});
export const blankSession = (): DraftSession => ({ key: newKey('session-'), title: '', date: '', items: [] });
/** A new study: a draft, with one empty session to start writing in. */
export const blankDraft = (): StudyDraft => ({
  title: '',
  description: '',
  sharing: 'draft',
  groupIds: [],
  sessions: [blankSession()],
});

/** An item as the editor starts it: its text, or a file the study holds, kept under its key. */
function draftItem(item: StudyItemView): DraftItem {
  switch (item.kind) {
    case 'text':
      return blankItem(item.kind, item.markdown);
    case 'question':
      return blankItem(item.kind, item.text);
    case 'scripture':
      return blankItem(item.kind, item.reference);
    case 'attachment': {
      const { file, name, type, url, width, height, pages } = item;
      return { ...blankFile(), file, name, upload: { state: 'kept', type, url, width, height, pages } };
    }
  }
}

/** A stored study as the editor starts (a reference as the server normalised it). */
export function draftOf(study: StudyView): StudyDraft {
  return {
    title: study.title,
    description: study.description ?? '',
    sharing: study.sharing,
    groupIds: study.groups.map((g) => g.groupId),
    sessions: study.sessions.map((s) => ({
      key: newKey('session-'),
      title: s.title ?? '',
      date: s.date ?? '',
      items: s.items.map(draftItem),
    })),
  };
}

function itemInput(item: DraftItem): StudyItemInput {
  if (item.kind === 'attachment') return { kind: item.kind, file: item.file ?? '', name: item.name };
  const { kind, text } = item;
  return kind === 'text' ? { kind, markdown: text } : kind === 'question' ? { kind, text } : { kind, reference: text };
}

/** Whether an item holds anything: text typed, or a file chosen. */
export const hasContent = (item: DraftItem): boolean =>
  item.kind === 'attachment' ? item.upload.state !== 'none' : item.text.trim() !== '';

/** The items a session sends: those with something in them (an item added and left empty is dropped). */
const filled = (items: readonly DraftItem[]) => items.filter(hasContent);

/** The study's file items, in order. */
export const filesOf = (draft: StudyDraft): DraftFile[] =>
  draft.sessions.flatMap((s) => s.items.flatMap((item) => (item.kind === 'attachment' ? [item] : [])));

/** What the editor sends, before the schema trims and checks it. */
export function inputOf(draft: StudyDraft) {
  return {
    title: draft.title,
    description: draft.description.trim() ? draft.description : null,
    sharing: draft.sharing,
    groupIds: draft.sharing === 'groups' ? draft.groupIds : [],
    sessions: draft.sessions.map((s) => ({
      title: s.title.trim() ? s.title : null,
      date: s.date || null,
      items: filled(s.items).map(itemInput),
    })),
  };
}

/** The editor's field names, as the form kit marks and focuses them. */
export const FIELDS = {
  title: 'title',
  description: 'description',
  sharing: 'sharing',
  groups: 'groups',
  sessionTitle: (session: DraftSession) => `${session.key}.title`,
  sessionDate: (session: DraftSession) => `${session.key}.date`,
  /** A session's Add item (a session with too many). */
  sessionItems: (session: DraftSession) => `${session.key}.items`,
  /** An item's text, or a file item's name. */
  item: (item: Pick<DraftItem, 'key'>) => item.key,
  /** A file item's file chooser. */
  itemFile: (item: Pick<DraftItem, 'key'>) => `${item.key}.file`,
} as const;

/** Every field in the order on screen: the first refused one is the one focused. */
function fieldOrder(draft: StudyDraft): string[] {
  return [
    FIELDS.title,
    FIELDS.description,
    FIELDS.sharing,
    FIELDS.groups,
    ...draft.sessions.flatMap((s) => [
      FIELDS.sessionTitle(s),
      FIELDS.sessionDate(s),
      ...s.items.flatMap((item) =>
        item.kind === 'attachment' ? [FIELDS.itemFile(item), FIELDS.item(item)] : [FIELDS.item(item)],
      ),
      FIELDS.sessionItems(s),
    ]),
  ];
}

/** The field a schema problem is about: its path in what was sent, back to the draft's session and item. */
function fieldOf(draft: StudyDraft, path: readonly PropertyKey[]): string | undefined {
  const [top, index, part, itemIndex, itemPart] = path;
  if (top === 'groupIds') return FIELDS.groups;
  if (top !== 'sessions') return typeof top === 'string' ? top : undefined;
  const session = typeof index === 'number' ? draft.sessions[index] : undefined;
  if (!session) return undefined;
  if (part === 'title') return FIELDS.sessionTitle(session);
  if (part === 'date') return FIELDS.sessionDate(session);
  if (part !== 'items') return undefined;
  const item = typeof itemIndex === 'number' ? filled(session.items)[itemIndex] : undefined;
  if (!item) return FIELDS.sessionItems(session);
  return itemPart === 'file' ? FIELDS.itemFile(item) : FIELDS.item(item);
}

/** Why a file item cannot be sent yet: it is on its way, or was refused (and why); too many files in the study. */
function fileProblems(draft: StudyDraft): { path: PropertyKey[]; message: string }[] {
  const problems: { path: PropertyKey[]; message: string }[] = [];
  let files = 0;
  draft.sessions.forEach((session, s) =>
    filled(session.items).forEach((item, i) => {
      if (item.kind !== 'attachment') return;
      const path = ['sessions', s, 'items', i, 'file'];
      const { upload } = item;
      files += 1;
      if (upload.state === 'uploading' || upload.state === 'checking')
        problems.push({ path, message: STUDY_TEXTS.fileBusy });
      else if (upload.state === 'refused') problems.push({ path, message: upload.message });
      else if (files > STUDY_LIMITS.attachments)
        problems.push({ path, message: STUDY_MESSAGES.tooMany('files', STUDY_LIMITS.attachments) });
    }),
  );
  return problems;
}

/** The editor's verdict: what to send (with the version an edit changes), or why not. */
export function checkDraft(draft: StudyDraft, version?: number): Checked<StudyInput | UpdateStudyInput> {
  const input = inputOf(draft);
  const parsed =
    version === undefined ? StudyInput.safeParse(input) : UpdateStudyInput.safeParse({ ...input, version });
  const problems: { path: readonly PropertyKey[]; message: string }[] = [
    ...(parsed.success ? [] : parsed.error.issues.map(({ path, message }) => ({ path, message }))),
    ...fileProblems(draft),
  ];
  if (draft.sharing === 'groups' && draft.groupIds.length === 0)
    problems.push({ path: ['groupIds'], message: STUDY_MESSAGES.groups });
  if (parsed.success && problems.length === 0) return { ok: true, value: parsed.data };
  return refused(problems, { order: fieldOrder(draft), fieldOf: (path) => fieldOf(draft, path) });
}

/** `list` with the entry at `index` moved `by` places (-1 up, 1 down); the same list when it cannot move. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
