import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Heading, SelectField, TextField } from '@aws-amplify/ui-react';
import type { FamilyView, GroupRoleView, GroupView } from '../../../../lambdas/contract/api';
import { firstMessage, LIMITS } from '../../../../lambdas/contract/fields';
import { AddRoleInput, GROUP_MESSAGES } from '../../../../lambdas/contract/groups';
import { useAuth } from '../../app/auth';
import { FindField } from '../../components/FindField';
import { Modal } from '../../components/Modal';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { Photo } from '../../components/Photo';
import { StatusMessage } from '../../components/StatusMessage';
import { groupsQuery, searchQuery, useApiMutation } from '../../api/queries';
import { useDebounced } from '../../lib/useDebounced';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageStatusMessage, usePageStatus } from '../../components/PageStatus';
import { familyPath } from '../../lib/paths';
import {
  GROUP_TEXTS,
  confirmGroupDelete,
  confirmRoleDelete,
  groupDeleteErrorText,
  roleAddErrorText,
  roleDeleteErrorText,
} from './groupTexts';

/** What is running: a group delete or a role removal (by key), so its buttons show it and others wait. */
type Busy = { kind: 'group'; groupId: string } | { kind: 'role'; groupId: string; memberId: string } | null;

export default function GroupsPage() {
  usePageTitle('Groups');
  const { userOrgId } = useAuth();
  // After a change the old content stays until the refreshed list arrives.
  const { data, isPending, isError } = useQuery({ ...groupsQuery(), enabled: userOrgId !== '' });
  const [status, setStatus] = usePageStatus();
  const [busy, setBusy] = useState<Busy>(null);
  const [adding, setAdding] = useState<GroupView | null>(null);
  const removeGroup = useApiMutation('deleteGroup');
  const removeRole = useApiMutation('deleteRole');
  const loadError = !userOrgId ? GROUP_TEXTS.orgMissing : isError ? GROUP_TEXTS.loadFailed : null;

  async function deleteGroup(group: GroupView) {
    if (busy || !confirmGroupDelete(group.groupName)) return;
    setBusy({ kind: 'group', groupId: group.groupId });
    try {
      const result = await removeGroup.mutateAsync({ params: { groupId: group.groupId } });
      setStatus({ kind: 'success', text: result.message });
    } catch (error) {
      setStatus({ kind: 'danger', text: groupDeleteErrorText(error) });
    } finally {
      setBusy(null);
    }
  }

  async function deleteRole(group: GroupView, role: GroupRoleView) {
    if (busy || !confirmRoleDelete(role.memberName, group.groupName)) return;
    setBusy({ kind: 'role', groupId: group.groupId, memberId: role.memberId });
    try {
      await removeRole.mutateAsync({ params: { groupId: group.groupId, memberId: role.memberId } });
      setStatus({ kind: 'success', text: `${role.memberName} removed from the group "${group.groupName}".` });
    } catch (error) {
      setStatus({ kind: 'danger', text: roleDeleteErrorText(error) });
    } finally {
      setBusy(null);
    }
  }

  function onRoleAdded(message: string) {
    setAdding(null);
    setStatus({ kind: 'success', text: message });
  }

  const canManage = data?.canManage ?? false;

  return (
    <div className="page groups-page">
      <Breadcrumbs items={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Groups' }]} />
      <div className="groups-head">
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
          <div className="groups-empty">
            <p>{canManage ? GROUP_TEXTS.emptyAdmin : GROUP_TEXTS.emptyOther}</p>
          </div>
        ) : (
          <ul className="group-list" aria-busy={busy !== null}>
            {data.groups.map((group) => (
              <li key={group.groupId}>
                <GroupCard
                  group={group}
                  canManage={canManage}
                  busy={busy}
                  onAdd={() => setAdding(group)}
                  onDelete={() => void deleteGroup(group)}
                  onRemove={(role) => void deleteRole(group, role)}
                />
              </li>
            ))}
          </ul>
        ))}

      {adding && data && (
        <AddMemberModal
          group={adding}
          onClose={() => setAdding(null)}
          onAdded={(message) => void onRoleAdded(message)}
        />
      )}
    </div>
  );
}

function GroupCard({
  group,
  canManage,
  busy,
  onAdd,
  onDelete,
  onRemove,
}: {
  group: GroupView;
  canManage: boolean;
  busy: Busy;
  onAdd: () => void;
  onDelete: () => void;
  onRemove: (role: GroupRoleView) => void;
}) {
  const headingId = `group-${group.groupId}`;
  const deleting = busy?.kind === 'group' && busy.groupId === group.groupId;
  return (
    <article className="group-card" aria-labelledby={headingId}>
      <header className="group-card__head">
        <Heading level={2} id={headingId} className="group-card__title">
          {group.groupName}
        </Heading>
        {canManage && (
          <span className="group-card__actions">
            <Button
              size="small"
              variation="primary"
              isDisabled={busy !== null}
              onClick={onAdd}
              aria-label={`Add Member to ${group.groupName}`}
            >
              Add Member
            </Button>
            <Button
              size="small"
              colorTheme="error"
              isDisabled={busy !== null}
              isLoading={deleting}
              loadingText="Deleting..."
              onClick={onDelete}
              aria-label={`Delete Group ${group.groupName}`}
            >
              Delete Group
            </Button>
          </span>
        )}
      </header>
      {group.roles.length === 0 ? (
        <p className="muted group-card__empty">{GROUP_TEXTS.emptyGroup}</p>
      ) : (
        <ul className="role-grid" aria-label={`Members of ${group.groupName}`}>
          {group.roles.map((role) => (
            <li key={role.memberId} className="role-card">
              <RoleLink role={role} />
              {canManage && (
                <button
                  type="button"
                  className="role-card__remove"
                  disabled={busy !== null}
                  aria-busy={busy?.kind === 'role' && busy.groupId === group.groupId && busy.memberId === role.memberId}
                  onClick={() => onRemove(role)}
                  aria-label={`Remove ${role.memberName} from ${group.groupName}`}
                  title={`Remove ${role.memberName}`}
                >
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** The member's card: to their family, or '#' when they have none. */
function RoleLink({ role }: { role: GroupRoleView }) {
  const body = (
    <>
      <Photo src={null} kind="person" alt="" className="role-card__avatar" height={60} />
      <span className="role-card__text">
        <span className="role-card__name">{role.memberName}</span>
        {role.label && <span className="role-card__label">{role.label}</span>}
      </span>
    </>
  );
  return role.familyId ? (
    <RouterLink className="role-card__link" to={familyPath(role.familyId)}>
      {body}
    </RouterLink>
  ) : (
    <a className="role-card__link" href="#">
      {body}
    </a>
  );
}

/** A person the modal may add: a member of a family the search found. */
export interface MemberChoice {
  memberId: string;
  name: string;
  surname: string;
}

/** How long typing pauses before the search is asked. */
const SEARCH_PAUSE_MS = 200;

/** The members of the families found who are not in the group yet, by name then surname. */
export function membersToOffer(families: FamilyView[], group: GroupView): MemberChoice[] {
  const inGroup = new Set(group.roles.map((r) => r.memberId));
  return families
    .flatMap((f) => f.members.map((m) => ({ memberId: m.memberId, name: m.name, surname: f.surname })))
    .filter((m) => !inGroup.has(m.memberId))
    .sort((a, b) => a.name.localeCompare(b.name) || a.surname.localeCompare(b.surname));
}

function AddMemberModal({
  group,
  onClose,
  onAdded,
}: {
  group: GroupView;
  onClose: () => void;
  onAdded: (message: string) => void;
}) {
  // A church may have thousands of members: the modal finds them by search rather than listing them all.
  const [find, setFind] = useState('');
  const searched = useDebounced(find.trim(), SEARCH_PAUSE_MS);
  const search = useQuery({ ...searchQuery(searched), enabled: searched !== '' });
  const found = searched && search.data ? search.data.families : [];
  const offered = membersToOffer(found, group);
  const placeholder = !searched
    ? 'Type above to find the member'
    : search.isPending
      ? 'Searching...'
      : offered.length
        ? '-- Select a member --'
        : found.length
          ? GROUP_TEXTS.foundAllIn
          : 'No members match';
  const addRole = useApiMutation('addRole');
  const [memberId, setMemberId] = useState('');
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!group.groupId) return setError(GROUP_MESSAGES.groupMissing);
    const checked = AddRoleInput.safeParse({ memberId, label });
    if (!checked.success) return setError(firstMessage(checked.error));
    if (!offered.some((m) => m.memberId === checked.data.memberId)) return setError(GROUP_MESSAGES.memberMissing);
    setBusy(true);
    setError(null);
    try {
      const result = await addRole.mutateAsync({ params: { groupId: group.groupId }, body: checked.data });
      onAdded(result.message);
    } catch (failure) {
      setError(roleAddErrorText(failure));
      setBusy(false);
    }
  }

  return (
    <Modal title={`Add Member to ${group.groupName}`} onClose={onClose} busy={busy} className="add-role-modal">
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <Flex direction="column" gap="medium">
          <FindField
            label="Find a member"
            name="find"
            value={find}
            onFind={(text) => {
              setFind(text);
              setMemberId('');
            }}
            more={search.data?.more === true}
            disabled={busy}
            autoFocus
          />
          {search.isError && <StatusMessage status={{ kind: 'error', text: GROUP_TEXTS.searchFailed }} />}
          <SelectField
            label="Select Member"
            name="memberId"
            placeholder={placeholder}
            value={memberId}
            onChange={(e) => setMemberId(e.target.value)}
            isDisabled={busy || offered.length === 0}
            isRequired
          >
            {offered.map((m) => (
              <option key={m.memberId} value={m.memberId}>
                {`${m.name} ${m.surname}`.trim()}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Role Label"
            name="label"
            placeholder="e.g. Leader, Alto, Treasurer"
            descriptiveText={`Optional, up to ${LIMITS.roleLabel} characters.`}
            autoComplete="off"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={LIMITS.roleLabel}
            isDisabled={busy}
          />
          <div className="modal__status">
            <StatusMessage status={error ? { kind: 'error', text: error } : null} />
          </div>
          <Flex className="modal__actions" gap="small" justifyContent="flex-end" wrap="wrap">
            <Button type="button" onClick={onClose} isDisabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variation="primary" isLoading={busy} loadingText="Adding...">
              Add Member
            </Button>
          </Flex>
        </Flex>
      </form>
    </Modal>
  );
}
