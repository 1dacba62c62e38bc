/**
 * /documents: the church's Bible studies the reader may read, newest first, a page at a time (More
 * asks for the next): each a card with its title (to its page), description, sessions and the next
 * one's date, and who reads it. Those who may write one (administrators, group leaders) find
 * Write a study; administrators also choose where a Bible reference opens. One request for the
 * page's data.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { STUDY_MESSAGES, type StudySummary } from '@contract/studies';
import { studiesQuery } from '../../api/queries';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageLoader } from '../../components/PageLoader';
import { PageStatusMessage, usePageStatus } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { PlainButton } from '../../components/PlainButton';
import { StatusMessage } from '../../components/StatusMessage';
import { useAuth } from '../../lib/auth';
import { cx } from '../../lib/classNames';
import { errorText } from '../../lib/errorTexts';
import { calendarDay } from '../../lib/calendarDay';
import { NEW_STUDY_PATH, studyPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/usePageTitle';
import { ReadingSiteForm } from './ReadingSiteForm';
import { SharingMark } from './SharingMark';
import { STUDY_TEXTS, sessionCountText } from './studyWords';
import styles from './StudiesPage.module.css';

export default function StudiesPage() {
  usePageTitle(STUDY_MESSAGES.pageTitle);
  const { isAdmin } = useAuth();
  const pages = useInfiniteQuery(studiesQuery());
  const { data, error, isPending, hasNextPage, isFetchingNextPage } = pages;
  // A deleted study's message, handed over by its page.
  const [status, setStatus] = usePageStatus();
  const first = data?.pages[0];
  const studies = data?.pages.flatMap((p) => p.studies) ?? [];

  return (
    <div className="page page--medium studies">
      <Breadcrumbs items={[{ label: 'Dashboard', to: '/dashboard' }, { label: STUDY_MESSAGES.pageTitle }]} />
      <div className={styles.studiesHead}>
        <PageTitle>{STUDY_MESSAGES.pageTitle}</PageTitle>
        {first?.canWrite && (
          <RouterLink className="button-link button-link--primary" to={NEW_STUDY_PATH}>
            {STUDY_TEXTS.write}
          </RouterLink>
        )}
      </div>
      <p className={styles.studiesIntro}>{STUDY_MESSAGES.intro}</p>
      <PageStatusMessage status={status} onDismiss={() => setStatus(null)} />
      {isPending && <PageLoader text={STUDY_TEXTS.loading} />}
      {error && <StatusMessage status={{ kind: 'error', text: errorText('studiesLoad', error) }} />}
      {data && studies.length === 0 && (
        <div className={styles.studiesEmpty}>
          <p>{STUDY_MESSAGES.empty}</p>
        </div>
      )}
      {studies.length > 0 && (
        <ul className={styles.studyList} aria-label={STUDY_MESSAGES.pageTitle}>
          {studies.map((study) => (
            <li key={study.studyId}>
              <StudyCard study={study} />
            </li>
          ))}
        </ul>
      )}
      {hasNextPage && (
        <div className={styles.studiesMore}>
          <PlainButton
            isLoading={isFetchingNextPage}
            loadingText={STUDY_TEXTS.loadingMore}
            onClick={() => void pages.fetchNextPage()}
          >
            {STUDY_TEXTS.more}
          </PlainButton>
        </div>
      )}
      {isAdmin && first && <ReadingSiteForm current={first.readingSite} />}
    </div>
  );
}

function StudyCard({ study }: { study: StudySummary }) {
  const headingId = `study-${study.studyId}`;
  return (
    <article className={styles.studyCard} aria-labelledby={headingId}>
      <div className={styles.studyCardHead}>
        <h2 id={headingId} className={cx(styles.studyCardTitle, 'amplify-heading amplify-heading--2')}>
          <RouterLink to={studyPath(study.studyId)}>{study.title}</RouterLink>
        </h2>
        <SharingMark sharing={study.sharing} />
      </div>
      {study.description && <p className={styles.studyCardDescription}>{study.description}</p>}
      <p className={styles.studyCardMeta}>
        {sessionCountText(study.sessionCount)}
        {study.nextSession && (
          <>
            {' · '}Next session: <time dateTime={study.nextSession}>{calendarDay(study.nextSession)}</time>
          </>
        )}
      </p>
    </article>
  );
}
