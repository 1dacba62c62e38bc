/** The Add Member modal of a group's page: finds people by search, never from a list of the whole church. */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import type { FamilyView, GroupSummaryView } from '@contract/api';
import { firstMessage, LIMITS } from '@contract/fields';
import { AddRoleInput, GROUP_MESSAGES } from '@contract/groups';
import { FindField } from '../../components/FindField';
import { Modal } from '../../components/Modal';
import { StatusMessage } from '../../components/StatusMessage';
import { searchQuery, useApiMutation } from '../../api/queries';
import { useDebounced } from '../../lib/useDebounced';
import { errorText } from '../../lib/errorTexts';
import { GROUP_TEXTS } from './groupTexts';

/** A person the modal may add: a member of a family the search found. */
export interface MemberChoice {
  memberId: string;
  name: string;
  surname: string;
}

/** How long typing pauses before the search is asked. */
const SEARCH_PAUSE_MS = 200;

/**
 * The members of the families found who are not shown in the group, by name then surname. A large
 * group's page shows only the members loaded so far: the API refuses anyone already in it.
 */
export function membersToOffer(families: FamilyView[], inGroup: ReadonlySet<string>): MemberChoice[] {
  return families
    .flatMap((f) => f.members.map((m) => ({ memberId: m.memberId, name: m.name, surname: f.surname })))
    .filter((m) => !inGroup.has(m.memberId))
    .sort((a, b) => a.name.localeCompare(b.name) || a.surname.localeCompare(b.surname));
}

export function AddMemberModal({
  group,
  inGroup,
  onClose,
  onAdded,
}: {
  group: Pick<GroupSummaryView, 'groupId' | 'groupName'>;
  /** The members the group's page shows: not offered again. */
  inGroup: ReadonlySet<string>;
  onClose: () => void;
  onAdded: (message: string) => void;
}) {
  // A church may have thousands of members: the modal finds them by search rather than listing them all.
  const [find, setFind] = useState('');
  const searched = useDebounced(find.trim(), SEARCH_PAUSE_MS);
  const search = useQuery({ ...searchQuery(searched), enabled: searched !== '' });
  const found = searched && search.data ? search.data.families : [];
  const offered = membersToOffer(found, inGroup);
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
      setError(errorText('roleAdd', failure));
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
