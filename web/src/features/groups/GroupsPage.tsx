/**
 * The church's groups: each a card with its name (to the group's own page) and how many members it
 * has. The members themselves are on each group's page, a page at a time, so this page stays the
 * same size however many people the groups hold.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { PlainButton } from '../../components/PlainButton';
import type { GroupSummaryView } from '@contract/api';
import { useAuth } from '../../lib/auth';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage } from '../../components/StatusMessage';
import { groupsQuery, useApiMutation } from '../../api/queries';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageStatusMessage, usePageStatus } from '../../components/PageStatus';
import { groupPath } from '../../lib/paths';
import { errorText } from '../../lib/errorTexts';
import { GROUP_TEXTS, confirmGroupDelete, memberCountText } from './groupTexts';
import { cx } from '../../lib/classNames';
import cards from './groups.module.css';
import styles from './GroupsPage.module.css';

export default function GroupsPage() {
  usePageTitle('Groups');
  const { userOrgId } = useAuth();
  // After a change the old content stays until the refreshed list arrives.
  const { data, isPending, isError } = useQuery({ ...groupsQuery(), enabled: userOrgId !== '' });
  const [status, setStatus] = usePageStatus();
  const [deleting, setDeleting] = useState<string | null>(null);
  const removeGroup = useApiMutation('deleteGroup');
  const loadError = !userOrgId ? GROUP_TEXTS.orgMissing : isError ? GROUP_TEXTS.loadFailed : null;

  async function deleteGroup(group: GroupSummaryView) {
    if (deleting || !confirmGroupDelete(group.groupName)) return;
    setDeleting(group.groupId);
    try {
      const result = await removeGroup.mutateAsync({ params: { groupId: group.groupId } });
      setStatus({ kind: 'success', text: result.message });
    } catch (error) {
      setStatus({ kind: 'danger', text: errorText('groupDelete', error) });
    } finally {
      setDeleting(null);
    }
  }

  const canManage = data?.canManage ?? false;

  return (
    <div className="page groups-page">
      <Breadcrumbs items={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Groups' }]} />
      <div className={cards.groupsHead}>
        <PageTitle>Groups</PageTitle>
        {canManage && (
          <RouterLink className="button-link button-link--primary" to="/groups/add">
            Create Group
          </RouterLink>
        )}
      </div>

      <PageStatusMessage status={status} onDismiss={() => setStatus(null)} />

      {isPending && !loadError && <PageLoader text="Loading groups..." />}
      {loadError && <StatusMessage status={{ kind: 'error', text: loadError }} />}
      {data &&
        (data.groups.length === 0 ? (
          <div className={styles.groupsEmpty}>
            <p>{canManage ? GROUP_TEXTS.emptyAdmin : GROUP_TEXTS.emptyOther}</p>
          </div>
        ) : (
          <ul className={cards.groupList} aria-busy={deleting !== null}>
            {data.groups.map((group) => (
              <li key={group.groupId}>
                <GroupCard
                  group={group}
                  canManage={canManage}
                  busy={deleting}
                  onDelete={() => void deleteGroup(group)}
                />
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

/** A group's card: its name to its page, its count, and (for administrators) Delete Group. */
function GroupCard({
  group,
  canManage,
  busy,
  onDelete,
}: {
  group: GroupSummaryView;
  canManage: boolean;
  /** The group being deleted, if any: every Delete waits. */
  busy: string | null;
  onDelete: () => void;
}) {
  const headingId = `group-${group.groupId}`;
  return (
    <article className={cards.groupCard} aria-labelledby={headingId}>
      <header className={cards.groupCardHead}>
        <span className={cards.groupCardHeading}>
          <h2 id={headingId} className={cx(cards.groupCardTitle, 'amplify-heading amplify-heading--2')}>
            <RouterLink to={groupPath(group.groupId)}>{group.groupName}</RouterLink>
          </h2>
          <span className={cards.groupCardCount}>{memberCountText(group.memberCount)}</span>
        </span>
        <span className={cards.groupCardActions}>
          <RouterLink
            className="button-link button-link--small"
            to={groupPath(group.groupId)}
            aria-label={`${canManage ? 'Manage' : 'View'} members of ${group.groupName}`}
          >
            {canManage ? 'Manage Members' : 'View Members'}
          </RouterLink>
          {canManage && (
            <PlainButton
              size="small"
              colorTheme="error"
              disabled={busy !== null}
              isLoading={busy === group.groupId}
              loadingText="Deleting..."
              onClick={onDelete}
              aria-label={`Delete Group ${group.groupName}`}
            >
              Delete Group
            </PlainButton>
          )}
        </span>
      </header>
    </article>
  );
}
