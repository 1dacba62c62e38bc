import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardResult } from '@contract/api';
import { PageTitle } from '../../components/PageTitle';
import { Icon, type IconName } from '../../components/Icon';
import { PageLoader } from '../../components/PageLoader';
import { Photo } from '../../components/Photo';
import { StatusMessage } from '../../components/StatusMessage';
import { dashboardQuery } from '../../api/queries';
import { errorText } from '../../lib/errorTexts';
import { calendarDay } from '../../lib/calendarDay';
import { longDate } from '../../lib/format';
import { STUDIES_PATH, studyPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/usePageTitle';
import { cx } from '../../lib/classNames';
import { AppCard } from './AppCard';
import styles from './DashboardPage.module.css';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { data, error, isPending } = useQuery(dashboardQuery());

  return (
    <div className={cx(styles.dashboard, 'page')}>
      <PageTitle>Dashboard</PageTitle>
      {isPending && <PageLoader text="Loading Dashboard Data..." />}
      {error && <StatusMessage status={{ kind: 'error', text: errorText('dashboardLoad', error) }} />}
      {data && <DashboardContent data={data} />}
    </div>
  );
}

function DashboardContent({ data }: { data: DashboardResult }) {
  const stats: { label: string; value: number; icon: IconName; to?: string }[] = [
    { label: 'Families', value: data.counts.families, icon: 'family', to: '/families' },
    { label: 'Members', value: data.counts.members, icon: 'person' },
    { label: 'Groups', value: data.counts.groups, icon: 'group' },
    { label: 'Lessons', value: data.counts.lessons, icon: 'book', to: STUDIES_PATH },
  ];

  return (
    <>
      <ul className={styles.statGrid} aria-label="Directory at a glance">
        {stats.map((s) => {
          const body = (
            <>
              <span className={styles.statCardIcon}>
                <Icon name={s.icon} size={26} />
              </span>
              <span className={styles.statCardValue}>{s.value}</span>
              <span className={styles.statCardLabel}>{s.label}</span>
            </>
          );
          return (
            <li key={s.label}>
              {s.to ? (
                <RouterLink className={cx(styles.statCard, styles.statCardLink)} to={s.to}>
                  {body}
                </RouterLink>
              ) : (
                <div className={styles.statCard}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>

      {!data.mobileAppLinked && <AppCard />}

      {data.sessions.length > 0 && (
        <Panel title="Next Bible study sessions" id="sessions" empty="" upcoming={false} wide>
          {data.sessions.map((s) => (
            <li key={`${s.studyId}-${s.date}-${s.title ?? ''}`}>
              <RouterLink className={styles.dashEntry} to={studyPath(s.studyId)}>
                <span className={styles.dashEntryIcon}>
                  <Icon name="book" size={26} />
                </span>
                <span className={styles.dashEntryText}>
                  <span className={styles.dashEntryName}>{s.studyTitle}</span>
                  {s.title && <span>{s.title}</span>}
                  <time className={styles.dashEntryDate} dateTime={s.date}>
                    {calendarDay(s.date)}
                  </time>
                </span>
              </RouterLink>
            </li>
          ))}
        </Panel>
      )}

      <div className={styles.dashPanels}>
        <Panel
          title="Birthdays This Month"
          id="birthdays"
          empty="No members with birthdays this month."
          upcoming={data.upcoming.birthdays}
        >
          {data.birthdays.map((b) => (
            <li key={b.memberId}>
              <RouterLink className={styles.dashEntry} to={`/families/${encodeURIComponent(b.familyId)}`}>
                {/* Members have no photos of their own: the person image stands in. */}
                <Photo src={null} kind="person" alt="" className={styles.dashEntryAvatar} />
                <span className={styles.dashEntryText}>
                  <span className={styles.dashEntryName}>
                    {b.name} {b.surname}
                  </span>
                  <span className={styles.dashEntryDate}>{longDate(b.birthday)}</span>
                </span>
              </RouterLink>
            </li>
          ))}
        </Panel>
        <Panel
          title="Anniversaries This Month"
          id="anniversaries"
          empty="No families with anniversaries this month."
          upcoming={data.upcoming.anniversaries}
        >
          {data.anniversaries.map((a) => (
            <li key={a.familyId}>
              <RouterLink className={styles.dashEntry} to={`/families/${encodeURIComponent(a.familyId)}`}>
                <Photo
                  src={a.photoUrl}
                  kind="family"
                  alt=""
                  className={cx(styles.dashEntryAvatar, styles.dashEntryAvatarFamily)}
                />
                <span className={styles.dashEntryText}>
                  <span className={styles.dashEntryName}>{a.surname} Family</span>
                  <span className={styles.dashEntryDate}>{longDate(a.anniversary)}</span>
                </span>
              </RouterLink>
            </li>
          ))}
        </Panel>
      </div>
    </>
  );
}

function Panel({
  title,
  id,
  empty,
  upcoming,
  wide = false,
  children,
}: {
  title: string;
  id: string;
  empty: string;
  /** The list holds only the next ones from today (a large church's month). */
  upcoming: boolean;
  /** Across the page, its entries side by side where there is room. */
  wide?: boolean;
  children: ReactNode[];
}) {
  return (
    <section className={styles.dashPanel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={cx(styles.dashPanelTitle, 'amplify-heading amplify-heading--2')}>
        {title}
      </h2>
      {upcoming && <p className={styles.dashPanelNote}>The next ones from today: this month has more.</p>}
      {children.length === 0 ? (
        <p className={styles.dashPanelEmpty}>{empty}</p>
      ) : (
        <ul className={cx(styles.dashList, wide && styles.dashListWide)}>{children}</ul>
      )}
    </section>
  );
}
