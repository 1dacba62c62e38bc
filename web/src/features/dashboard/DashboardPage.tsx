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
import { longDate } from '../../lib/format';
import { usePageTitle } from '../../lib/usePageTitle';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { data, error, isPending } = useQuery(dashboardQuery());

  return (
    <div className="page dashboard">
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
    { label: 'Lessons', value: data.counts.lessons, icon: 'book' },
  ];

  return (
    <>
      <ul className="stat-grid" aria-label="Directory at a glance">
        {stats.map((s) => {
          const body = (
            <>
              <span className="stat-card__icon">
                <Icon name={s.icon} size={26} />
              </span>
              <span className="stat-card__value">{s.value}</span>
              <span className="stat-card__label">{s.label}</span>
            </>
          );
          return (
            <li key={s.label}>
              {s.to ? (
                <RouterLink className="stat-card stat-card--link" to={s.to}>
                  {body}
                </RouterLink>
              ) : (
                <div className="stat-card">{body}</div>
              )}
            </li>
          );
        })}
      </ul>

      {!data.mobileAppLinked && (
        <section className="app-card" aria-labelledby="app-card-title">
          <span className="app-card__icon">
            <Icon name="phone" size={32} />
          </span>
          <div>
            <h2 id="app-card-title" className="amplify-heading amplify-heading--2 app-card__title">
              Get the mobile app
            </h2>
            <p className="app-card__text">
              Carry the directory in your pocket. Install the Church Directory app from the App Store or Google Play and
              sign in with this account.
            </p>
          </div>
        </section>
      )}

      <div className="dash-panels">
        <Panel
          title="Birthdays This Month"
          id="birthdays"
          empty="No members with birthdays this month."
          upcoming={data.upcoming.birthdays}
        >
          {data.birthdays.map((b) => (
            <li key={b.memberId}>
              <RouterLink className="dash-entry" to={`/families/${encodeURIComponent(b.familyId)}`}>
                {/* Members have no photos of their own: the person image stands in. */}
                <Photo src={null} kind="person" alt="" className="dash-entry__avatar" />
                <span className="dash-entry__text">
                  <span className="dash-entry__name">
                    {b.name} {b.surname}
                  </span>
                  <span className="dash-entry__date">{longDate(b.birthday)}</span>
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
              <RouterLink className="dash-entry" to={`/families/${encodeURIComponent(a.familyId)}`}>
                <Photo
                  src={a.photoUrl}
                  kind="family"
                  alt=""
                  className="dash-entry__avatar dash-entry__avatar--family"
                />
                <span className="dash-entry__text">
                  <span className="dash-entry__name">{a.surname} Family</span>
                  <span className="dash-entry__date">{longDate(a.anniversary)}</span>
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
  children,
}: {
  title: string;
  id: string;
  empty: string;
  /** The list holds only the next ones from today (a large church's month). */
  upcoming: boolean;
  children: ReactNode[];
}) {
  return (
    <section className="dash-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="amplify-heading amplify-heading--2 dash-panel__title">
        {title}
      </h2>
      {upcoming && <p className="dash-panel__note">The next ones from today: this month has more.</p>}
      {children.length === 0 ? <p className="dash-panel__empty">{empty}</p> : <ul className="dash-list">{children}</ul>}
    </section>
  );
}
