/** Pieces the family list, grid and detail pages share: member table, deletes and their texts. */
import { Link as RouterLink } from 'react-router-dom';
import type { FamilyView, ListFamiliesResult, MemberView } from '@contract/api';
import { MEMBER_FIELDS } from '@contract/directory';
import type { TextKeys } from '@contract/entity';
import { detailsOf, type Detail } from '../../lib/details';
import type { PageStatus } from '../../components/PageStatus';
import { Icon } from '../../components/Icon';
import { PlainButton } from '../../components/PlainButton';
import { PrivacyMark } from '../../components/PrivacyMark';
import { memberEditPath } from '../../lib/paths';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { familiesQuery, familyQuery, useApiMutation } from '../../api/queries';
import { errorText } from '../../lib/errorTexts';
import { cx } from '../../lib/classNames';
import { saveMemberCard } from '../../lib/vcard';
import styles from './familyParts.module.css';

/** Every cached page of the family list (from the start or from a letter), changed by `change`. */
function changeListedFamilies(client: QueryClient, change: (families: FamilyView[]) => FamilyView[]) {
  client.setQueriesData<InfiniteData<ListFamiliesResult>>({ queryKey: familiesQuery().queryKey.slice(0, 1) }, (d) =>
    d ? { ...d, pages: d.pages.map((p) => ({ ...p, families: change(p.families) })) } : d,
  );
}

/**
 * The member delete of the list and detail pages, once confirmed: the call, then the status
 * ('Member "{name}" deleted.' or the failure). The reads that show the member are refreshed.
 */
export function useMemberDelete(setStatus: (status: PageStatus) => void) {
  const { mutateAsync } = useApiMutation('deleteMember');
  const client = useQueryClient();
  return async (member: MemberView) => {
    try {
      const result = await mutateAsync({ params: { memberId: member.memberId } });
      // Gone from the screen at once; the refetch the delete started confirms it.
      const without = (f: FamilyView) => ({ ...f, members: f.members.filter((m) => m.memberId !== member.memberId) });
      changeListedFamilies(client, (families) => families.map(without));
      client.setQueryData(familyQuery(member.familyId).queryKey, (d) => d && { ...d, family: without(d.family) });
      setStatus({ kind: 'success', text: result.message || `Member "${member.name}" deleted.` });
    } catch (error) {
      setStatus({ kind: 'danger', text: errorText('memberDelete', error) });
    }
  };
}

/** The family delete of the list and detail pages: gone from the cached list at once, then refreshed. */
export function useFamilyDelete() {
  const { mutateAsync } = useApiMutation('deleteFamily');
  const client = useQueryClient();
  return async (familyId: string) => {
    const result = await mutateAsync({ params: { familyId } });
    changeListedFamilies(client, (families) => families.filter((f) => f.familyId !== familyId));
    client.removeQueries({ queryKey: familyQuery(familyId).queryKey });
    return result;
  };
}

export const confirmMemberDelete = (name: string) =>
  window.confirm(`Are you sure you want to permanently delete ${name}?`);
export const confirmFamilyDelete = (surname: string) =>
  window.confirm(
    `REMOVE FAMILY\n\nAre you sure you want to remove the ${surname} family? All of its members will be deleted as well. This action cannot be undone.`,
  );

export function cityStateZip(f: { city: string | null; state: string | null; zipcode: string | null }): string {
  const stateZip = [f.state, f.zipcode].filter(Boolean).join(' ');
  return [f.city, stateZip].filter(Boolean).join(', ');
}

export interface MemberTableProps {
  members: MemberView[];
  /** The members' family, as the viewer sees it: its address and home phone go into their contact cards. */
  family: Pick<FamilyView, 'street' | 'city' | 'state' | 'zipcode' | 'phone'>;
  canEdit: boolean;
  /** Column names where a page says more than the short name ('Cellphone' on the detail page, 'Cell' in the list). */
  names?: Partial<Record<MemberDetailKey, string>>;
  formatDate: (value: string | null) => string;
  onDelete: (member: MemberView) => void;
  /** The member being deleted, if any: its buttons are disabled. */
  busyId: string | null;
  caption: string;
}

type MemberDetailKey = TextKeys<typeof MEMBER_FIELDS>;

/** Name, the member's details (MEMBER_FIELDS), Actions. Rows without an id are skipped. */
export function MemberTable({
  members,
  family,
  canEdit,
  names,
  formatDate,
  onDelete,
  busyId,
  caption,
}: MemberTableProps) {
  const nameOf = (d: Detail<MemberDetailKey>) => names?.[d.key] ?? d.name;
  const columns = detailsOf(MEMBER_FIELDS, {}, undefined, formatDate);
  return (
    <table className={styles.memberTable}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          {columns.map((d) => (
            <th key={d.key} scope="col">
              {nameOf(d)}
            </th>
          ))}
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {members
          .filter((m) => m.memberId)
          .map((m) => (
            <tr key={m.memberId}>
              <th scope="row" data-label="Name">
                <span className={styles.memberName}>
                  {m.name}
                  <button
                    type="button"
                    className={styles.addContact}
                    onClick={() => void saveMemberCard(m, family)}
                    aria-label={`Add ${m.name} ${m.surname} to contacts`}
                    title="Add to contacts"
                  >
                    <Icon name="addContact" size={20} />
                  </button>
                </span>
              </th>
              {detailsOf(MEMBER_FIELDS, m, m.privacy?.levels, formatDate).map((d) => (
                <td
                  key={d.key}
                  data-label={nameOf(d)}
                  className={d.kind === 'email' ? styles.memberTableEmail : undefined}
                >
                  {d.value}
                  {d.value && <PrivacyMark level={d.level} />}
                  {d.kind === 'email' && m.emailHeld && (
                    <span className="privacy-mark"> (held: another member has this address)</span>
                  )}
                </td>
              ))}
              <td data-label="Actions" className={styles.memberTableActions}>
                {canEdit ? (
                  <span className={styles.rowActions}>
                    <RouterLink
                      className={styles.rowAction}
                      to={memberEditPath(m.memberId)}
                      aria-label={`Edit ${m.name}`}
                    >
                      Edit
                    </RouterLink>
                    <PlainButton
                      size="small"
                      variation="link"
                      colorTheme="error"
                      className={cx(styles.rowAction, 'row-action--danger')}
                      disabled={busyId !== null}
                      isLoading={busyId === m.memberId}
                      loadingText="Deleting..."
                      onClick={() => onDelete(m)}
                      aria-label={`Delete ${m.name}`}
                    >
                      Delete
                    </PlainButton>
                  </span>
                ) : (
                  '--'
                )}
              </td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
