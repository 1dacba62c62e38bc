/**
 * One group's page: its members in name order, a page at a time (More asks for the next), its
 * leaders marked, and for administrators Add Member, making a member a leader (leaders write Bible
 * studies for the group) or not, removing a member and Delete Group. Members of a family left out
 * of the directory are not in the answer for other members (the API applies the visibility rule).
 */
import { useState } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Button } from '@aws-amplify/ui-react';
import type { GetGroupResult, GroupRoleView } from '@contract/api';
import { useAuth } from '../../lib/auth';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageLoader } from '../../components/PageLoader';
import { PageStatusMessage, usePageStatus } from '../../components/PageStatus';
import { PageTitle } from '../../components/PageTitle';
import { Photo } from '../../components/Photo';
import { PlainButton } from '../../components/PlainButton';
import { StatusMessage } from '../../components/StatusMessage';
import { groupQuery, useApiMutation } from '../../api/queries';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errorTexts';
import { familyPath, historyPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/usePageTitle';
import { AddMemberModal } from './AddMemberModal';
import { GROUP_TEXTS, confirmGroupDelete, confirmRoleDelete, memberCountText } from './groupTexts';
import { cx } from '../../lib/classNames';
import cards from './groups.module.css';
import styles from './GroupPage.module.css';

/** What is running: the group's delete or a member's removal (by id), so its button shows it and others wait. */
type Busy = { kind: 'group' } | { kind: 'role'; memberId: string } | null;

export default function GroupPage() {
  const { groupId = '' } = useParams();
  const { userOrgId } = useAuth();
  const navigate = useNavigate();
  const pages = useInfiniteQuery({ ...groupQuery(groupId), enabled: userOrgId !== '' });
  const { data, error, isPending, hasNextPage, isFetchingNextPage } = pages;
  const [status, setStatus] = usePageStatus();
  const [busy, setBusy] = useState<Busy>(null);
  const [adding, setAdding] = useState(false);
  const removeGroup = useApiMutation('deleteGroup');
  const removeRole = useApiMutation('deleteRole');
  const setLeader = useApiMutation('setRoleLeader');
  const client = useQueryClient();
  /** The members whose leader mark is being saved. */
  const [leading, setLeading] = useState<ReadonlySet<string>>(new Set());
  // The newest page says the group's name and count as they are now.
  const group = data?.pages.at(-1)?.group ?? null;
  const roles = data?.pages.flatMap((p) => p.roles) ?? [];
  const canManage = data?.pages[0]?.canManage ?? false;
  usePageTitle(group?.groupName ?? 'Group');
  const loadError = !userOrgId
    ? GROUP_TEXTS.orgMissing
    : isApiError(error) && error.code === 'not-found'
      ? GROUP_TEXTS.groupNotFound
      : error
        ? GROUP_TEXTS.loadFailed
        : null;

  async function deleteGroup() {
    if (!group || busy || !confirmGroupDelete(group.groupName)) return;
    setBusy({ kind: 'group' });
    try {
      const result = await removeGroup.mutateAsync({ params: { groupId } });
      navigate('/groups', { state: { status: { kind: 'success', text: result.message } } });
    } catch (failure) {
      setStatus({ kind: 'danger', text: errorText('groupDelete', failure) });
      setBusy(null);
    }
  }

  async function deleteRole(role: GroupRoleView) {
    if (!group || busy || !confirmRoleDelete(role.memberName, group.groupName)) return;
    setBusy({ kind: 'role', memberId: role.memberId });
    try {
      await removeRole.mutateAsync({ params: { groupId, memberId: role.memberId } });
      setStatus({ kind: 'success', text: `${role.memberName} removed from the group "${group.groupName}".` });
    } catch (failure) {
      setStatus({ kind: 'danger', text: errorText('roleDelete', failure) });
    } finally {
      setBusy(null);
    }
  }

  /** The role's leader mark on screen at once; back as it was when the save fails. */
  async function toggleLeader(role: GroupRoleView, leader: boolean) {
    const mark = (value: boolean) =>
      client.setQueryData<InfiniteData<GetGroupResult>>(groupQuery(groupId).queryKey, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((p) => ({
                ...p,
                roles: p.roles.map((r) => (r.memberId === role.memberId ? { ...r, leader: value } : r)),
              })),
            }
          : old,
      );
    const waiting = (on: boolean) =>
      setLeading((now) => {
        const next = new Set(now);
        if (on) next.add(role.memberId);
        else next.delete(role.memberId);
        return next;
      });
    mark(leader);
    waiting(true);
    try {
      const answer = await setLeader.mutateAsync({ params: { groupId, memberId: role.memberId }, body: { leader } });
      setStatus({ kind: 'success', text: answer.message });
    } catch (failure) {
      mark(!leader);
      setStatus({ kind: 'danger', text: errorText('leaderSave', failure) });
    } finally {
      waiting(false);
    }
  }

  return (
    <div className="page groups-page group-page">
      <Breadcrumbs
        items={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Groups', to: '/groups' },
          { label: group?.groupName ?? 'Group' },
        ]}
      />
      {group && (
        <div className={cards.groupsHead}>
          <span className={styles.groupPageTitle}>
            <PageTitle>{group.groupName}</PageTitle>
            <span className={cards.groupCardCount}>{memberCountText(group.memberCount)}</span>
          </span>
          {canManage && (
            <span className={cards.groupCardActions}>
              <Button variation="primary" isDisabled={busy !== null} onClick={() => setAdding(true)}>
                Add Member
              </Button>
              <RouterLink className="button-link" to={historyPath('group', group.groupId)}>
                History
              </RouterLink>
              <Button
                colorTheme="error"
                isDisabled={busy !== null}
                isLoading={busy?.kind === 'group'}
                loadingText="Deleting..."
                onClick={() => void deleteGroup()}
              >
                Delete Group
              </Button>
            </span>
          )}
        </div>
      )}

      <PageStatusMessage status={status} onDismiss={() => setStatus(null)} />

      {isPending && !loadError && <PageLoader text="Loading group..." />}
      {loadError && (
        <>
          <StatusMessage status={{ kind: 'error', text: loadError }} />
          <p>
            <RouterLink to="/groups">Back to Groups</RouterLink>
          </p>
        </>
      )}
      {group && (
        <section className={cards.groupCard} aria-label={`Members of ${group.groupName}`}>
          {/* A page may show none of its members to a member (all of families left out of the directory): More still follows. */}
          {roles.length === 0 && !hasNextPage ? (
            <p className={cx(styles.groupCardEmpty, 'muted')}>{GROUP_TEXTS.emptyGroup}</p>
          ) : (
            <ul className={styles.roleGrid} aria-busy={busy !== null}>
              {roles.map((role) => (
                <li key={role.memberId} className={cx(styles.roleCard, canManage && styles.roleCardManaged)}>
                  <RoleLink role={role} />
                  {canManage && (
                    <span className={styles.roleCardTools}>
                      <label className={styles.roleCardLeader}>
                        <input
                          type="checkbox"
                          checked={role.leader === true}
                          disabled={busy !== null || leading.has(role.memberId)}
                          onChange={(e) => void toggleLeader(role, e.target.checked)}
                          aria-label={`${GROUP_TEXTS.leader}: ${role.memberName}`}
                        />
                        <span aria-hidden="true">{GROUP_TEXTS.leader}</span>
                      </label>
                      <button
                        type="button"
                        className={styles.roleCardRemove}
                        disabled={busy !== null}
                        aria-busy={busy?.kind === 'role' && busy.memberId === role.memberId}
                        onClick={() => void deleteRole(role)}
                        aria-label={`Remove ${role.memberName} from ${group.groupName}`}
                        title={`Remove ${role.memberName}`}
                      >
                        <span aria-hidden="true">×</span>
                      </button>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {hasNextPage && (
            <div className={styles.groupMore}>
              <PlainButton
                isLoading={isFetchingNextPage}
                loadingText={GROUP_TEXTS.loadingMore}
                onClick={() => void pages.fetchNextPage()}
              >
                {GROUP_TEXTS.moreMembers}
              </PlainButton>
            </div>
          )}
        </section>
      )}

      {adding && group && (
        <AddMemberModal
          group={group}
          inGroup={new Set(roles.map((r) => r.memberId))}
          onClose={() => setAdding(false)}
          onAdded={(message) => {
            setAdding(false);
            setStatus({ kind: 'success', text: message });
          }}
        />
      )}
    </div>
  );
}

/** The member's card: to their family, or '#' when they have none. */
function RoleLink({ role }: { role: GroupRoleView }) {
  const body = (
    <>
      <Photo src={null} kind="person" alt="" className={styles.roleCardAvatar} height={60} />
      <span className={styles.roleCardText}>
        <span className={styles.roleCardName}>{role.memberName}</span>
        {role.label && <span className={styles.roleCardLabel}>{role.label}</span>}
        {role.leader && <span className={styles.roleCardLeaderMark}>{GROUP_TEXTS.leader}</span>}
      </span>
    </>
  );
  return role.familyId ? (
    <RouterLink className={styles.roleCardLink} to={familyPath(role.familyId)}>
      {body}
    </RouterLink>
  ) : (
    <a className={styles.roleCardLink} href="#">
      {body}
    </a>
  );
}
