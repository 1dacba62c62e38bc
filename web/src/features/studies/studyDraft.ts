/**
 * The study editor's state: a study as it is typed (every text a string, a date '' when none),
 * each session and item with a key of its own so that moving one keeps its inputs (and a refused
 * field's mark) with it. What it sends is checked by the contract's schema first (StudyInput), so
 * a missing title or a mistyped date is said at once; the server says the rest (a reference it
 * cannot read, a link, a group the writer does not lead).
 */
import {
  STUDY_MESSAGES,
  StudyInput,
  UpdateStudyInput,
  type Sharing,
  type StudyItemInput,
  type StudyItemView,
  type StudyView,
} from '@contract/studies';
import { refused, type Checked } from '../../lib/form';

export type ItemKind = StudyItemInput['kind'];

/** Each kind of item, as the editor's type choice names it. */
export const ITEM_KINDS: Record<ItemKind, string> = {
  text: 'Text',
  question: 'Question',
  scripture: 'Bible reference',
};

export interface DraftItem {
  key: string;
  kind: ItemKind;
  /** The Markdown, the question or the reference, as typed. */
  text: string;
}

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

export const blankItem = (kind: ItemKind = 'text', text = ''): DraftItem => ({ key: newKey('item-'), kind, text });
export const blankSession = (): DraftSession => ({ key: newKey('session-'), title: '', date: '', items: [] });
/** A new study: a draft, with one empty session to start writing in. */
export const blankDraft = (): StudyDraft => ({
  title: '',
  description: '',
  sharing: 'draft',
  groupIds: [],
  sessions: [blankSession()],
});

const itemText = (item: StudyItemView) =>
  item.kind === 'text' ? item.markdown : item.kind === 'question' ? item.text : item.reference;

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
      items: s.items.map((item) => blankItem(item.kind, itemText(item))),
    })),
  };
}

const itemInput = ({ kind, text }: DraftItem): StudyItemInput =>
  kind === 'text' ? { kind, markdown: text } : kind === 'question' ? { kind, text } : { kind, reference: text };

/** The items a session sends: those with something in them (an item added and left empty is dropped). */
const filled = (items: readonly DraftItem[]) => items.filter((item) => item.text.trim() !== '');

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
  item: (item: DraftItem) => item.key,
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
      ...s.items.map(FIELDS.item),
      FIELDS.sessionItems(s),
    ]),
  ];
}

/** The field a schema problem is about: its path in what was sent, back to the draft's session and item. */
function fieldOf(draft: StudyDraft, path: readonly PropertyKey[]): string | undefined {
  const [top, index, part, itemIndex] = path;
  if (top === 'groupIds') return FIELDS.groups;
  if (top !== 'sessions') return typeof top === 'string' ? top : undefined;
  const session = typeof index === 'number' ? draft.sessions[index] : undefined;
  if (!session) return undefined;
  if (part === 'title') return FIELDS.sessionTitle(session);
  if (part === 'date') return FIELDS.sessionDate(session);
  if (part !== 'items') return undefined;
  const item = typeof itemIndex === 'number' ? filled(session.items)[itemIndex] : undefined;
  return item ? FIELDS.item(item) : FIELDS.sessionItems(session);
}

/** The editor's verdict: what to send (with the version an edit changes), or why not. */
export function checkDraft(draft: StudyDraft, version?: number): Checked<StudyInput | UpdateStudyInput> {
  const input = inputOf(draft);
  const parsed =
    version === undefined ? StudyInput.safeParse(input) : UpdateStudyInput.safeParse({ ...input, version });
  const problems: { path: readonly PropertyKey[]; message: string }[] = parsed.success
    ? []
    : parsed.error.issues.map(({ path, message }) => ({ path, message }));
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
