/**
 * /documents/:studyId: one Bible study as its readers see it: its title, description, author and
 * who reads it, then each session in order with its date in the reader's language and its items:
 * texts (Markdown, made safe by markdown.ts), the questions to discuss, numbered, and the passages
 * to read, each a link to the church's reading site when it chose one, and its files in their
 * places: a picture as a figure, a PDF as a link that saves it. Its author (while a leader)
 * and administrators find Edit and Delete; every reader finds Print handout (a PDF made by the
 * server). One request for the page's data.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { STUDY_MESSAGES, type AttachmentView, type StudySessionView, type StudyView } from '@contract/studies';
import { studyQuery, useApiMutation } from '../../api/queries';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { Icon } from '../../components/Icon';
import { PageLoader } from '../../components/PageLoader';
import { PageStatusMessage, usePageStatus, type StatusLocationState } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { PlainButton } from '../../components/PlainButton';
import { StatusMessage } from '../../components/StatusMessage';
import { isApiError } from '../../lib/api';
import { startDownload } from '../../lib/download';
import { cx } from '../../lib/classNames';
import { errorText } from '../../lib/errorTexts';
import { calendarDay } from '../../lib/calendarDay';
import { STUDIES_PATH, studyEditPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/usePageTitle';
import { markdownHtml } from './markdown';
import { blocksOf, readingLink, type SessionBlock } from './sessionBlocks';
import { SharingMark } from './SharingMark';
import { STUDY_TEXTS, confirmStudyDelete, pdfText, sharedWithText } from './studyWords';
import styles from './StudyPage.module.css';

export default function StudyPage() {
  const { studyId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isPending } = useQuery(studyQuery(studyId));
  const study = data?.study;
  usePageTitle(study?.title ?? STUDY_MESSAGES.pageTitle);
  // A saved study's message, handed over by the editor.
  const [status, setStatus] = usePageStatus();
  const [deleting, setDeleting] = useState(false);
  const remove = useApiMutation('deleteStudy');
  const print = useApiMutation('printStudyHandout');
  const loadError =
    isApiError(error) && error.code === 'not-found'
      ? STUDY_MESSAGES.notFound
      : error
        ? errorText('studyLoad', error)
        : null;

  /** The handout is made at once (a few pages) and saved by the browser's own download. */
  async function printHandout() {
    if (print.isPending) return;
    setStatus(null);
    try {
      const handout = await print.mutateAsync({ params: { studyId } });
      startDownload(handout.url, handout.fileName);
      setStatus({ kind: 'success', text: STUDY_MESSAGES.printed });
    } catch (failure) {
      setStatus({ kind: 'danger', text: errorText('studyPrint', failure) });
    }
  }

  async function deleteStudy(shown: StudyView) {
    if (deleting || !confirmStudyDelete(shown.title)) return;
    setDeleting(true);
    try {
      const answer = await remove.mutateAsync({ params: { studyId } });
      const state: StatusLocationState = { status: { kind: 'success', text: answer.message } };
      navigate(STUDIES_PATH, { state });
    } catch (failure) {
      setStatus({ kind: 'danger', text: errorText('studyDelete', failure) });
      setDeleting(false);
    }
  }

  return (
    <div className="page page--medium study">
      <Breadcrumbs
        items={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: STUDY_MESSAGES.pageTitle, to: STUDIES_PATH },
          { label: study?.title ?? 'Study' },
        ]}
      />
      {isPending && <PageLoader text={STUDY_TEXTS.loadingStudy} />}
      {loadError && (
        <>
          <PageTitle>{STUDY_MESSAGES.pageTitle}</PageTitle>
          <StatusMessage status={{ kind: 'error', text: loadError }} />
          <p>
            <RouterLink to={STUDIES_PATH}>Back to {STUDY_MESSAGES.pageTitle}</RouterLink>
          </p>
        </>
      )}
      {study && (
        <article className={styles.study}>
          <header className={styles.studyHead}>
            <PageTitle>{study.title}</PageTitle>
            <p className={styles.studyAbout}>
              <SharingMark sharing={study.sharing} />
              {study.author && <span>By {study.author}</span>}
            </p>
            <p className={styles.studyShared}>{sharedWithText(study.sharing, study.groups)}</p>
            {study.description && <p className={styles.studyDescription}>{study.description}</p>}
            <div className={styles.studyActions}>
              <PlainButton
                isLoading={print.isPending}
                loadingText={STUDY_MESSAGES.printing}
                onClick={() => void printHandout()}
              >
                {STUDY_MESSAGES.print}
              </PlainButton>
              {study.canEdit && (
                <>
                  <RouterLink className="button-link" to={studyEditPath(study.studyId)}>
                    Edit Study
                  </RouterLink>
                  <PlainButton
                    colorTheme="error"
                    isLoading={deleting}
                    loadingText="Deleting..."
                    onClick={() => void deleteStudy(study)}
                  >
                    Delete Study
                  </PlainButton>
                </>
              )}
            </div>
          </header>
          <PageStatusMessage status={status} onDismiss={() => setStatus(null)} />
          {study.sessions.length === 0 ? (
            <p className="muted">{STUDY_TEXTS.noSessions}</p>
          ) : (
            <ol className={styles.sessions} aria-label="Sessions">
              {study.sessions.map((session, index) => (
                <li key={index}>
                  <Session session={session} number={index + 1} />
                </li>
              ))}
            </ol>
          )}
        </article>
      )}
    </div>
  );
}

/** "Session 2: The Good Shepherd" (or "Session 2" when it has no title). */
const sessionName = (session: StudySessionView, number: number) =>
  session.title ? `Session ${number}: ${session.title}` : `Session ${number}`;

function Session({ session, number }: { session: StudySessionView; number: number }) {
  const headingId = `session-${number}`;
  const blocks = blocksOf(session.items);
  return (
    <section className={styles.session} aria-labelledby={headingId}>
      <h2 id={headingId} className={cx(styles.sessionTitle, 'amplify-heading amplify-heading--2')}>
        {sessionName(session, number)}
      </h2>
      {session.date && (
        <p className={styles.sessionDate}>
          <time dateTime={session.date}>{calendarDay(session.date)}</time>
        </p>
      )}
      {blocks.length === 0 && <p className="muted">{STUDY_TEXTS.noItems}</p>}
      {blocks.map((block, index) => (
        <Block key={index} block={block} id={`${headingId}-${index}`} />
      ))}
    </section>
  );
}

function Block({ block, id }: { block: SessionBlock; id: string }) {
  switch (block.kind) {
    case 'text':
      return <MarkdownText markdown={block.markdown} />;
    case 'questions':
      return (
        <div className={styles.discuss}>
          <p className={styles.blockLabel} id={id}>
            {STUDY_TEXTS.discuss}
          </p>
          <ol start={block.start} aria-labelledby={id} className={styles.questions}>
            {block.questions.map((question, index) => (
              <li key={index}>{question}</li>
            ))}
          </ol>
        </div>
      );
    case 'scripture':
      return (
        <div className={styles.read}>
          <p className={styles.blockLabel} id={id}>
            {STUDY_TEXTS.read}
          </p>
          <ul aria-labelledby={id} className={styles.references}>
            {block.references.map((scripture, index) => {
              const link = readingLink(scripture.link);
              return (
                <li key={index}>
                  {link ? (
                    <a href={link} target="_blank" rel="noopener noreferrer">
                      {scripture.reference}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className={styles.reference}>{scripture.reference}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      );
    case 'attachment':
      return <Attachment file={block.attachment} />;
  }
}

/**
 * A file in its place: a picture at its screen size (its link lives for minutes, as long as the
 * page's data is fresh), or a PDF's link, which saves it under its name.
 */
function Attachment({ file }: { file: AttachmentView }) {
  if (file.type === 'image')
    return (
      <figure className={styles.figure}>
        <img
          className={styles.picture}
          src={file.url}
          width={file.width}
          height={file.height}
          alt={file.name}
          loading="lazy"
        />
        <figcaption className={styles.caption}>{file.name}</figcaption>
      </figure>
    );
  return (
    <p className={styles.file}>
      <Icon name="file" size={20} className={styles.fileIcon} />
      <span>
        <a href={file.url} download={file.name}>
          {file.name}
        </a>{' '}
        <span className={styles.fileAbout}>({pdfText(file.pages)})</span>
      </span>
    </p>
  );
}

/** A text item: its Markdown made safe (markdown.ts) before it becomes HTML. */
function MarkdownText({ markdown }: { markdown: string }) {
  const html = useMemo(() => markdownHtml(markdown), [markdown]);
  return <div className={styles.text} dangerouslySetInnerHTML={{ __html: html }} />;
}
