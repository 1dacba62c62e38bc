/**
 * /documents/new and /documents/:studyId/edit: the Bible study editor. A title and description,
 * who reads it (a draft, chosen groups, the whole church), then its sessions, each with an
 * optional title and date and its items in order (a text in Markdown, a question, a Bible
 * reference, a file: a PDF or a picture, uploaded as soon as it is chosen), added, removed and
 * moved up and down; the focus stays with what was moved, and goes to what was added. Save checks
 * what the contract can (studyDraft.ts), waits for no file (it says when one is still on its way),
 * then the server says the rest in the form's status line; a saved study opens its page, which
 * says so.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Flex } from '@aws-amplify/ui-react';
import {
  STUDY_LIMITS,
  STUDY_MESSAGES,
  type StudyGroupView,
  type StudyInput,
  type StudyView,
  type UpdateStudyInput,
} from '@contract/studies';
import { studiesQuery, studyQuery, useApiMutation } from '../../api/queries';
import { Breadcrumbs, type Crumb } from '../../components/Breadcrumbs';
import entryForm from '../../components/EntryForm.module.css';
import { RequiredLabel, RequiredNote } from '../../components/formFields';
import type { StatusLocationState } from '../../components/PageStatus';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { PlainButton } from '../../components/PlainButton';
import { StatusMessage } from '../../components/StatusMessage';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { cx } from '../../lib/classNames';
import { errorText } from '../../lib/errorTexts';
import { useForm } from '../../lib/form';
import { STUDIES_PATH, studyPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/usePageTitle';
import { useRequestKey } from '../../lib/useRequestKey';
import {
  FIELDS,
  ITEM_KINDS,
  blankDraft,
  blankFile,
  blankItem,
  blankSession,
  checkDraft,
  draftOf,
  filesOf,
  hasContent,
  moved,
  type DraftFile,
  type DraftItem,
  type DraftSession,
  type DraftText,
  type StudyDraft,
  type TextKind,
} from './studyDraft';
import { useStudyFileUploads } from './attachmentUpload';
import { Hidden, TextArea, TextInput, type Invalid, type ItemPlace } from './editorFields';
import { FileItemEditor } from './FileItemEditor';
import { SHARING_CHOICES, STUDY_TEXTS } from './studyWords';
import styles from './StudyFormPage.module.css';
import { MoveButtons } from './MoveButtons';

/** Only its author (while a leader) and administrators change a study. */
export const NOT_EDITABLE = 'Only the author of this study and the administrators can change it.';
const ADD_SESSION_ID = 'study-add-session';
/** The id of an editor's element: a session's or an item's, by its key. */
const idOf = (key: string, part: string) => `study-${key}-${part}`;

export default function StudyFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const pageTitle = mode === 'add' ? STUDY_TEXTS.newTitle : STUDY_TEXTS.editTitle;
  usePageTitle(pageTitle);
  const { studyId = '' } = useParams();
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const requestKey = useRequestKey();
  // The groups a study may be shared with, and whether the reader may write one, come with the list.
  const list = useInfiniteQuery(studiesQuery());
  const stored = useQuery({ ...studyQuery(studyId), enabled: mode === 'edit' });
  /** The study the form was filled from: filled once, so a refresh behind it never overwrites what is typed. */
  const [from, setFrom] = useState<StudyView | null>(null);
  const [draft, setDraft] = useState<StudyDraft | null>(() => (mode === 'add' ? blankDraft() : null));
  const loaded = stored.data?.study;
  if (mode === 'edit' && loaded?.canEdit && from?.studyId !== loaded.studyId) {
    setFrom(loaded);
    setDraft(draftOf(loaded));
  }
  const addStudy = useApiMutation('addStudy');
  const updateStudy = useApiMutation('updateStudy');
  const form = useForm<Record<string, string>, StudyInput | UpdateStudyInput>({
    initial: {},
    check: () => (draft ? checkDraft(draft, from?.version) : { ok: false, issues: [] }),
    failed: 'studySave',
  });
  const { locked } = form;

  /** Where the focus goes after the next render: the first of these elements that can take it. */
  const focusNext = useRef<string[] | null>(null);
  useEffect(() => {
    const ids = focusNext.current;
    if (!ids) return;
    focusNext.current = null;
    for (const id of ids) {
      const element = document.getElementById(id) as HTMLButtonElement | null;
      if (element && !element.disabled) {
        element.focus();
        return;
      }
    }
  });

  const firstPage = list.data?.pages[0];
  const loadError =
    mode === 'edit' && stored.error
      ? isApiError(stored.error) && stored.error.code === 'not-found'
        ? STUDY_MESSAGES.notFound
        : errorText('studyLoad', stored.error)
      : mode === 'edit' && loaded && !loaded.canEdit
        ? NOT_EDITABLE
        : list.error
          ? errorText('studiesLoad', list.error)
          : mode === 'add' && firstPage && !firstPage.canWrite
            ? STUDY_MESSAGES.writers
            : null;
  const loading = !loadError && (!draft || !firstPage);

  /** Changes the draft, and clears the refused mark of the field it changed. */
  function change(next: (d: StudyDraft) => StudyDraft, field?: string) {
    setDraft((d) => (d ? next(d) : d));
    if (field && form.errors[field] !== undefined) form.set(field, '');
  }
  const changeSession = (key: string, next: (s: DraftSession) => DraftSession, field?: string) =>
    change((d) => ({ ...d, sessions: d.sessions.map((s) => (s.key === key ? next(s) : s)) }), field);
  const changeItems = (session: DraftSession, next: (items: DraftItem[]) => DraftItem[], field?: string) =>
    changeSession(session.key, (s) => ({ ...s, items: next(s.items) }), field);
  /** An upload's steps, told to its file item wherever it has moved since; once it ends, a Save refused for it may be pressed again. */
  const uploads = useStudyFileUploads(
    (key, next) => {
      const has = (s: DraftSession) => s.items.some((i) => i.key === key);
      change(
        (d) => ({
          ...d,
          sessions: d.sessions.map((s) =>
            has(s) ? { ...s, items: s.items.map((i) => (i.key === key && i.kind === 'attachment' ? next(i) : i)) } : s,
          ),
        }),
        FIELDS.itemFile({ key }),
      );
    },
    () => form.setStatus((status) => (status?.text === STUDY_TEXTS.fileBusy ? null : status)),
  );
  /** Whether another file may be added: the study holds fewer than its limit. */
  const roomForFiles = draft ? filesOf(draft).length < STUDY_LIMITS.attachments : false;

  const onSubmit = form.submit(async (checked) => {
    form.setStatus({ kind: 'info', text: 'Saving the study...' });
    const answer =
      mode === 'add'
        ? await addStudy.mutateAsync({ body: checked, requestKey })
        : await updateStudy.mutateAsync({ params: { studyId }, body: checked });
    // A refusal (a reference, a link, a group) or a conflict (409) throws: the form says so and everything typed stays.
    form.finish({ kind: 'success', text: answer.message });
    const state: StatusLocationState = { status: { kind: 'success', text: answer.message } };
    navigate(studyPath(answer.studyId), { state });
  });

  const crumbs: Crumb[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: STUDY_MESSAGES.pageTitle, to: STUDIES_PATH },
    ...(mode === 'edit' ? [{ label: from?.title ?? 'Study', to: studyPath(studyId) }] : []),
    { label: mode === 'add' ? 'Write a Study' : 'Edit Study' },
  ];

  return (
    <div className={cx('page', entryForm.entryForm, styles.studyForm)}>
      <Breadcrumbs items={crumbs} />
      <Card variation="elevated" className="form-card form-card--wide">
        <PageTitle>{pageTitle}</PageTitle>
        {loading && <PageLoader text={STUDY_TEXTS.loadingStudy} />}
        {loadError && (
          <div>
            <StatusMessage status={{ kind: 'error', text: loadError }} />
            <Button
              variation="primary"
              marginTop="medium"
              onClick={() => navigate(mode === 'edit' && loaded ? studyPath(studyId) : STUDIES_PATH)}
            >
              {mode === 'edit' && loaded ? 'Back to the Study' : `Back to ${STUDY_MESSAGES.pageTitle}`}
            </Button>
          </div>
        )}
        {!loading && !loadError && draft && firstPage && (
          <form onSubmit={onSubmit} noValidate aria-busy={form.busy}>
            <RequiredNote />
            <fieldset className={entryForm.fields} disabled={locked}>
              <legend className="amplify-visually-hidden">About the study</legend>
              <TextInput
                label={<RequiredLabel text="Title" />}
                value={draft.title}
                maxLength={STUDY_LIMITS.title}
                required
                onChange={(title) => change((d) => ({ ...d, title }), FIELDS.title)}
                {...form.invalid(FIELDS.title)}
              />
              <TextArea
                label="Description (optional)"
                value={draft.description}
                maxLength={STUDY_LIMITS.description}
                rows={3}
                onChange={(description) => change((d) => ({ ...d, description }), FIELDS.description)}
                {...form.invalid(FIELDS.description)}
              />
            </fieldset>

            <SharingChoice
              draft={draft}
              groups={groupsToOffer(firstPage.groups, from?.groups ?? [])}
              offerChurch={isAdmin || from?.sharing === 'church'}
              disabled={locked}
              invalid={form.invalid}
              onChange={(sharing) => change((d) => ({ ...d, sharing }), FIELDS.sharing)}
              onGroups={(groupIds) => change((d) => ({ ...d, groupIds }), FIELDS.groups)}
            />

            <section className={styles.sessionsPart} aria-labelledby="study-sessions">
              <h2 id="study-sessions" className={cx(styles.partTitle, 'amplify-heading amplify-heading--2')}>
                Sessions
              </h2>
              {draft.sessions.length === 0 && <p className="muted">No sessions yet.</p>}
              <ol className={styles.sessions}>
                {draft.sessions.map((session, index) => (
                  <SessionEditor
                    key={session.key}
                    session={session}
                    number={index + 1}
                    count={draft.sessions.length}
                    disabled={locked}
                    invalid={form.invalid}
                    roomForFiles={roomForFiles}
                    uploads={uploads}
                    onChange={(next, field) => changeSession(session.key, next, field)}
                    onItems={(next, field) => changeItems(session, next, field)}
                    onMove={(by) => {
                      change((d) => ({ ...d, sessions: moved(d.sessions, index, by) }));
                      focusNext.current = [
                        idOf(session.key, by < 0 ? 'up' : 'down'),
                        idOf(session.key, by < 0 ? 'down' : 'up'),
                      ];
                    }}
                    onRemove={() => {
                      const items = session.items.filter(hasContent).length;
                      if (items > 0 && !confirmSessionRemove(index + 1, items)) return;
                      for (const item of session.items) uploads.cancel(item.key);
                      change((d) => ({ ...d, sessions: d.sessions.filter((s) => s.key !== session.key) }));
                      focusNext.current = [ADD_SESSION_ID];
                    }}
                    focusLater={(ids) => (focusNext.current = ids)}
                  />
                ))}
              </ol>
              {draft.sessions.length < STUDY_LIMITS.sessions && (
                <PlainButton
                  id={ADD_SESSION_ID}
                  className={styles.addButton}
                  disabled={locked}
                  onClick={() => {
                    const session = blankSession();
                    change((d) => ({ ...d, sessions: [...d.sessions, session] }));
                    focusNext.current = [idOf(session.key, 'title')];
                  }}
                >
                  Add session
                </PlainButton>
              )}
            </section>

            <div className={entryForm.status}>
              <StatusMessage status={form.status} id={form.statusId} />
            </div>
            <Flex className={entryForm.actions} gap="small" wrap="wrap">
              <Button
                type="submit"
                variation="primary"
                isDisabled={locked}
                isLoading={form.busy}
                loadingText="Saving..."
              >
                Save Study
              </Button>
              <Button
                type="button"
                isDisabled={locked}
                onClick={() => navigate(mode === 'edit' ? studyPath(studyId) : STUDIES_PATH)}
              >
                Cancel
              </Button>
            </Flex>
          </form>
        )}
      </Card>
    </div>
  );
}

/** The groups to choose from: those the writer may share with, and those the study is already shared with. */
function groupsToOffer(offered: readonly StudyGroupView[], current: readonly StudyGroupView[]): StudyGroupView[] {
  const known = new Set(offered.map((g) => g.groupId));
  return [...offered, ...current.filter((g) => !known.has(g.groupId))];
}

const confirmSessionRemove = (number: number, items: number) =>
  window.confirm(`Remove session ${number} and its ${items === 1 ? 'item' : `${items} items`}?`);

function SharingChoice({
  draft,
  groups,
  offerChurch,
  disabled,
  invalid,
  onChange,
  onGroups,
}: {
  draft: StudyDraft;
  groups: StudyGroupView[];
  offerChurch: boolean;
  disabled: boolean;
  invalid: Invalid;
  onChange: (sharing: StudyDraft['sharing']) => void;
  onGroups: (groupIds: string[]) => void;
}) {
  const name = useId();
  const chosen = new Set(draft.groupIds);
  const sharings = offerChurch ? (['draft', 'groups', 'church'] as const) : (['draft', 'groups'] as const);
  const { ref: groupsRef, ...groupsMark } = invalid(FIELDS.groups);
  return (
    <fieldset className={styles.choice} disabled={disabled}>
      <legend>
        <h2 className={cx(styles.partTitle, 'amplify-heading amplify-heading--2')}>Who can read it</h2>
      </legend>
      {sharings.map((sharing, index) => (
        <label key={sharing} className={styles.choiceOption}>
          <input
            type="radio"
            name={name}
            value={sharing}
            checked={draft.sharing === sharing}
            onChange={() => onChange(sharing)}
            {...(index === 0 ? invalid(FIELDS.sharing) : {})}
          />
          <span>
            {SHARING_CHOICES[sharing].label}
            <span className={styles.choiceHint}>{SHARING_CHOICES[sharing].hint}</span>
          </span>
        </label>
      ))}
      {draft.sharing === 'groups' && (
        <fieldset className={styles.groups} {...groupsMark}>
          <legend>Groups</legend>
          {groups.length === 0 && <p className="muted">{STUDY_MESSAGES.groups}</p>}
          {groups.map((group, index) => (
            <label key={group.groupId} className={styles.choiceOption}>
              <input
                type="checkbox"
                checked={chosen.has(group.groupId)}
                ref={index === 0 ? groupsRef : undefined}
                onChange={(e) =>
                  onGroups(
                    e.target.checked
                      ? [...draft.groupIds, group.groupId]
                      : draft.groupIds.filter((id) => id !== group.groupId),
                  )
                }
              />
              <span>{group.groupName}</span>
            </label>
          ))}
        </fieldset>
      )}
    </fieldset>
  );
}

function SessionEditor({
  session,
  number,
  count,
  disabled,
  invalid,
  roomForFiles,
  uploads,
  onChange,
  onItems,
  onMove,
  onRemove,
  focusLater,
}: {
  session: DraftSession;
  number: number;
  count: number;
  disabled: boolean;
  invalid: Invalid;
  roomForFiles: boolean;
  uploads: ReturnType<typeof useStudyFileUploads>;
  onChange: (next: (s: DraftSession) => DraftSession, field?: string) => void;
  onItems: (next: (items: DraftItem[]) => DraftItem[], field?: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  focusLater: (ids: string[]) => void;
}) {
  const name = `Session ${number}`;
  const legendId = idOf(session.key, 'legend');
  return (
    <li className={styles.session}>
      <fieldset className={styles.sessionFields} disabled={disabled} aria-labelledby={legendId}>
        <legend id={legendId} className={styles.sessionLegend}>
          <h3 className={cx(styles.sessionTitle, 'amplify-heading amplify-heading--3')}>{name}</h3>
        </legend>
        <div className={styles.sessionRow}>
          <TextInput
            id={idOf(session.key, 'title')}
            label={<Hidden before={`${name} `}>Title (optional)</Hidden>}
            value={session.title}
            maxLength={STUDY_LIMITS.title}
            onChange={(title) => onChange((s) => ({ ...s, title }), FIELDS.sessionTitle(session))}
            {...invalid(FIELDS.sessionTitle(session))}
          />
          <TextInput
            type="date"
            label={<Hidden before={`${name} `}>Date (optional)</Hidden>}
            value={session.date}
            onChange={(date) => onChange((s) => ({ ...s, date }), FIELDS.sessionDate(session))}
            {...invalid(FIELDS.sessionDate(session))}
          />
        </div>
        {session.items.length > 0 && (
          <ol className={styles.items}>
            {session.items.map((item, index) => {
              const place = {
                sessionName: name,
                number: index + 1,
                count: session.items.length,
                invalid,
                onMove: (by: -1 | 1) => {
                  onItems((items) => moved(items, index, by));
                  focusLater([idOf(item.key, by < 0 ? 'up' : 'down'), idOf(item.key, by < 0 ? 'down' : 'up')]);
                },
                onRemove: () => {
                  uploads.cancel(item.key);
                  onItems((items) => items.filter((i) => i.key !== item.key));
                  focusLater([idOf(session.key, 'add')]);
                },
              };
              /** Changes this item (of its kind), clearing the mark of the field changed. */
              const changeItem = <T extends DraftItem>(next: (i: T) => T, field = FIELDS.item(item)) =>
                onItems((items) => items.map((i) => (i.key === item.key ? next(i as T) : i)), field);
              return item.kind === 'attachment' ? (
                <FileItemEditor
                  key={item.key}
                  item={item}
                  idOf={(part) => idOf(item.key, part)}
                  onName={(fileName) => changeItem<DraftFile>((i) => ({ ...i, name: fileName }))}
                  onChoose={(file) => void uploads.choose(item.key, file)}
                  {...place}
                />
              ) : (
                <ItemEditor key={item.key} item={item} onChange={changeItem<DraftText>} {...place} />
              );
            })}
          </ol>
        )}
        <div className={styles.sessionActions}>
          {session.items.length < STUDY_LIMITS.items && (
            <span className={styles.addButtons}>
              <PlainButton
                id={idOf(session.key, 'add')}
                className={styles.addButton}
                aria-label={`Add item to ${name.toLowerCase()}`}
                onClick={() => {
                  const item = blankItem();
                  onItems((items) => [...items, item], FIELDS.sessionItems(session));
                  focusLater([idOf(item.key, 'text')]);
                }}
              >
                Add item
              </PlainButton>
              {roomForFiles && (
                <PlainButton
                  id={idOf(session.key, 'add-file')}
                  className={styles.addButton}
                  aria-label={`${STUDY_TEXTS.addFile} to ${name.toLowerCase()}`}
                  onClick={() => {
                    const item = blankFile();
                    onItems((items) => [...items, item], FIELDS.sessionItems(session));
                    focusLater([idOf(item.key, 'file')]);
                  }}
                >
                  {STUDY_TEXTS.addFile}
                </PlainButton>
              )}
            </span>
          )}
          <MoveButtons idOf={(part) => idOf(session.key, part)} {...{ name, number, count, onMove, onRemove }} />
        </div>
      </fieldset>
    </li>
  );
}

/** Each written kind's input: its limit, and what helps to write it. */
const KIND_INPUT: Record<TextKind, { max: number; hint?: string; multiline: boolean }> = {
  text: { max: STUDY_LIMITS.text, hint: STUDY_TEXTS.markdownHint, multiline: true },
  question: { max: STUDY_LIMITS.question, multiline: false },
  scripture: { max: STUDY_LIMITS.reference, hint: STUDY_TEXTS.referenceHint, multiline: false },
};

/** A written item: its type (text, question, reference) and its text. */
function ItemEditor({
  item,
  sessionName,
  number,
  count,
  invalid,
  onChange,
  onMove,
  onRemove,
}: ItemPlace & { item: DraftText; onChange: (next: (i: DraftText) => DraftText) => void }) {
  const input = KIND_INPUT[item.kind];
  const hintId = idOf(item.key, 'hint');
  const name = `${sessionName}, item ${number}`;
  const content = {
    id: idOf(item.key, 'text'),
    label: <Hidden before={`${name}: `}>{item.kind === 'text' ? 'Text (Markdown)' : ITEM_KINDS[item.kind]}</Hidden>,
    value: item.text,
    maxLength: input.max,
    describedBy: input.hint ? hintId : undefined,
    onChange: (text: string) => onChange((i) => ({ ...i, text })),
    ...invalid(FIELDS.item(item)),
  };
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <span className={styles.kind}>
          <label htmlFor={idOf(item.key, 'kind')}>
            <span className="sr-only">{sessionName}, </span>
            Item {number}
            <span className="sr-only"> type</span>
          </label>
          <select
            id={idOf(item.key, 'kind')}
            className={cx('amplify-select', styles.kindSelect)}
            value={item.kind}
            onChange={(e) => onChange((i) => ({ ...i, kind: e.target.value as TextKind }))}
          >
            {(Object.keys(ITEM_KINDS) as TextKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {ITEM_KINDS[kind]}
              </option>
            ))}
          </select>
        </span>
        <MoveButtons idOf={(part) => idOf(item.key, part)} {...{ name, number, count, onMove, onRemove }} />
      </div>
      {input.multiline ? <TextArea rows={6} {...content} /> : <TextInput {...content} />}
      {input.hint && (
        <p id={hintId} className={styles.hint}>
          {input.hint}
        </p>
      )}
    </li>
  );
}
