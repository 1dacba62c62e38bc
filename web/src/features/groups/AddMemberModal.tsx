/** The Add Member modal of a group's page: finds people by search, never from a list of the whole church. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import type { FamilyView, GroupSummaryView } from '@contract/api';
import { LIMITS } from '@contract/fields';
import { AddRoleInput, GROUP_MESSAGES } from '@contract/groups';
import { FindField } from '../../components/FindField';
import { Modal, ModalStatus } from '../../components/Modal';
import { StatusMessage } from '../../components/StatusMessage';
import { searchQuery, useApiMutation } from '../../api/queries';
import { useDebounced } from '../../lib/useDebounced';
import { checkWith, useForm } from '../../lib/form';
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
  const form = useForm({
    initial: { memberId: '', label: '' },
    check: (values) => {
      if (!group.groupId) return { ok: false, issues: [{ message: GROUP_MESSAGES.groupMissing }] };
      const checked = checkWith(AddRoleInput, values);
      if (checked.ok && !offered.some((m) => m.memberId === checked.value.memberId))
        return { ok: false, issues: [{ field: 'memberId', message: GROUP_MESSAGES.memberMissing }] };
      return checked;
    },
    failed: 'roleAdd',
  });
  const { busy } = form;

  const onSubmit = form.submit(async (body) => {
    const result = await addRole.mutateAsync({ params: { groupId: group.groupId }, body });
    onAdded(result.message);
  });

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
              form.set('memberId', '');
            }}
            more={search.data?.more === true}
            disabled={busy}
            autoFocus
          />
          {search.isError && <StatusMessage status={{ kind: 'error', text: GROUP_TEXTS.searchFailed }} />}
          <SelectField
            label="Select Member"
            {...form.field('memberId')}
            placeholder={placeholder}
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
            placeholder="e.g. Leader, Alto, Treasurer"
            descriptiveText={`Optional, up to ${LIMITS.roleLabel} characters.`}
            autoComplete="off"
            {...form.field('label')}
            maxLength={LIMITS.roleLabel}
          />
          <ModalStatus>
            <StatusMessage status={form.status} id={form.statusId} />
          </ModalStatus>
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
