/** User Management's list of the addresses the church invited, and when it last did. */
import { Heading, Text } from '@aws-amplify/ui-react';
import type { InvitationView } from '@contract/api';
import { formatDateTime } from '../../lib/format';
import styles from './UserManagementPage.module.css';

export function InvitationsList({ invitations }: { invitations: InvitationView[] }) {
  return (
    <section className={styles.userAdminUsers} aria-labelledby="invitations-heading">
      <Heading level={2} id="invitations-heading" className={styles.userAdminHeading}>
        Invitations{invitations.length > 0 ? ` (${invitations.length})` : ''}
      </Heading>
      {invitations.length === 0 ? (
        <Text className={styles.userAdminEmpty}>No invitations sent yet.</Text>
      ) : (
        <table className={styles.userTable}>
          <caption className="sr-only">Invitations sent by your organization, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Invitation sent</th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((i) => (
              <tr key={i.email} className="user-table__row">
                <th scope="row" className={styles.userTableEmail}>
                  {i.email}
                </th>
                <td data-label="Invitation sent">{formatDateTime(i.sentAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
