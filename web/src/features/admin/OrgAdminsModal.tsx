import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from '@aws-amplify/ui-react';
import type { UserView } from '@contract/api';
import { organizationUsersQuery, useApiMutation } from '../../api/queries';
import { Modal } from '../../components/Modal';
import { PageLoader } from '../../components/PageLoader';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import styles from './OrgAdminsModal.module.css';

export const makeAdminConfirmText = (email: string, orgName: string) =>
  `Make ${email} an administrator of ${orgName}? They can then manage the church's directory and its users.`;

/**
 * The super-admin's view of one church's users, for a church that lost its administrators: who
 * is an administrator, and Make Administrator for anyone else. The operator's own account is not
 * among them (the API leaves it out).
 */
export function OrgAdminsModal({ orgId, orgName, onClose }: { orgId: string; orgName: string; onClose: () => void }) {
  const { data, error, isPending } = useQuery(organizationUsersQuery(orgId));
  const make = useApiMutation('makeOrganizationAdmin');
  const [status, setStatus] = useState<Status | null>(null);
  const admins = data?.users.filter((u) => u.admin).length ?? 0;

  async function makeAdmin(user: UserView) {
    if (make.isPending || !window.confirm(makeAdminConfirmText(user.email, orgName))) return;
    setStatus(null);
    try {
      const result = await make.mutateAsync({ params: { orgId, userId: user.userId } });
      setStatus({ kind: 'success', text: result.message });
    } catch (failure) {
      setStatus({
        kind: 'error',
        text: `Could not make ${user.email} an administrator: ${(failure as Error).message}`,
      });
    }
  }

  return (
    <Modal title={`Administrators of ${orgName}`} onClose={onClose} busy={make.isPending} className={styles.orgAdmins}>
      {isPending && <PageLoader text="Loading users..." />}
      {error && <StatusMessage status={{ kind: 'error', text: `Could not load the users: ${error.message}` }} />}
      {data &&
        (data.users.length === 0 ? (
          <p>This church has no users yet.</p>
        ) : (
          <>
            <p>
              {admins === 0
                ? 'This church has no administrator. Choose a user to make its administrator.'
                : `This church has ${admins} administrator${admins === 1 ? '' : 's'}.`}
            </p>
            <ul className={styles.orgAdminsList}>
              {data.users.map((user) => (
                <li key={user.userId} className={styles.orgAdminsUser}>
                  <span className={styles.orgAdminsEmail}>{user.email}</span>
                  {user.admin ? (
                    <Badge variation="info">Admin</Badge>
                  ) : (
                    <Button
                      size="small"
                      onClick={() => void makeAdmin(user)}
                      isDisabled={make.isPending}
                      aria-label={`Make ${user.email} an administrator`}
                    >
                      Make Administrator
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </>
        ))}
      <div role="status" aria-live="polite">
        <StatusMessage status={status} />
      </div>
      <div className="modal__actions">
        <Button type="button" onClick={onClose} isDisabled={make.isPending}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
