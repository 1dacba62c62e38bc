import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Card, Heading, Text } from '@aws-amplify/ui-react';
import type { UserView } from '@contract/api';
import { NO_ADMIN_LEFT } from '@contract/users';
import { usersQuery, useApiMutation } from '../../api/queries';
import { InvitationsList } from './InvitationsList';
import { useAuth } from '../../lib/auth';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { errorText } from '../../lib/errorTexts';
import { usePageTitle } from '../../lib/usePageTitle';
import { cx } from '../../lib/classNames';
import styles from './UserManagementPage.module.css';

/** The admin toggle's confirmation; 'YOURSELF' replaces one's own address, so no one demotes themselves unawares. */
export const adminConfirmText = (grant: boolean, who: string) =>
  `Are you sure you want to ${grant ? 'grant admin privileges to' : 'remove admin privileges from'} ${who}?`;

export const deleteConfirmText = (email: string) =>
  `Are you sure you want to permanently delete the user ${email}? Their sign-in account is removed for good. This action cannot be undone.`;

export const signupLink = (origin: string, orgId: string) => `${origin}/create-account/${encodeURIComponent(orgId)}`;

const joined = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const joinedText = (iso: string | null) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? joined.format(date) : '';
};

type Busy = Record<string, 'admin' | 'delete'>;

export default function UserManagementPage() {
  usePageTitle('User Management');
  const auth = useAuth();
  const orgId = auth.userOrgId;
  const myId = auth.currentUser?.userId ?? '';
  const client = useQueryClient();
  const { data, error, isPending } = useQuery(usersQuery());
  const setAdmin = useApiMutation('setUserAdminClaim');
  const remove = useApiMutation('deleteUserAuth');
  const [status, setStatus] = useState<Status | null>(null);
  // Which rows have a write under way: several rows may change at once, each with its own spinner.
  const [busy, setBusy] = useState<Busy>({});

  const setRowBusy = (userId: string, what: Busy[string] | null) =>
    setBusy((b) => {
      const next = { ...b };
      if (what) next[userId] = what;
      else delete next[userId];
      return next;
    });
  // The row shows the change at once; the refetch the write started confirms it.
  const updateUsers = (fn: (users: UserView[]) => UserView[]) =>
    client.setQueryData(usersQuery().queryKey, (d) => d && { ...d, users: fn(d.users) });

  async function toggleAdmin(user: UserView) {
    if (busy[user.userId]) return;
    const grant = !user.admin;
    const self = user.userId === myId;
    // The last administrator is told at once, not asked first and refused after.
    if (!grant && data?.users.filter((u) => u.admin).length === 1) {
      setStatus({ kind: 'error', text: NO_ADMIN_LEFT });
      return;
    }
    if (!window.confirm(adminConfirmText(grant, self ? 'YOURSELF' : user.email))) return;
    setRowBusy(user.userId, 'admin');
    setStatus(null);
    try {
      const result = await setAdmin.mutateAsync({
        params: { userId: user.userId },
        body: { setAdminStatus: grant },
      });
      updateUsers((users) => users.map((u) => (u.userId === user.userId ? { ...u, admin: result.user.admin } : u)));
      setStatus({
        kind: 'success',
        text: `Successfully ${grant ? 'granted' : 'removed'} admin privileges for ${user.email}.`,
      });
      // One's own claim changed: fetch a fresh token so the app (and this page's guard) agree with the server.
      if (self) await auth.refresh(true);
    } catch (error) {
      setStatus({ kind: 'error', text: errorText('adminChange', error) });
    } finally {
      setRowBusy(user.userId, null);
    }
  }

  async function deleteUser(user: UserView) {
    if (busy[user.userId]) return;
    if (user.userId === myId) {
      setStatus({ kind: 'error', text: 'You cannot delete your own account.' });
      return;
    }
    if (!window.confirm(deleteConfirmText(user.email))) return;
    setRowBusy(user.userId, 'delete');
    setStatus(null);
    try {
      await remove.mutateAsync({ params: { userId: user.userId } });
      updateUsers((users) => users.filter((u) => u.userId !== user.userId));
      setStatus({ kind: 'success', text: `User "${user.email}" deleted.` });
    } catch (error) {
      setStatus({ kind: 'error', text: errorText('userDelete', error) });
    } finally {
      setRowBusy(user.userId, null);
    }
  }

  return (
    <div className={cx(styles.userAdmin, 'page')}>
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>Admin</li>
          <li>
            <span aria-current="page">User Management</span>
          </li>
        </ol>
      </nav>
      <PageTitle>User Management</PageTitle>

      <div className={styles.userAdminStatus}>
        <StatusMessage status={status} onDismiss={() => setStatus(null)} />
      </div>

      <SignupLinkCard link={signupLink(window.location.origin, orgId)} />

      <section className={styles.userAdminUsers} aria-labelledby="users-heading">
        <Heading level={2} id="users-heading" className={styles.userAdminHeading}>
          Users{data && data.users.length > 0 ? ` (${data.users.length})` : ''}
        </Heading>
        {isPending && <PageLoader text="Loading users..." />}
        {error && <StatusMessage status={{ kind: 'error', text: errorText('usersLoad', error) }} />}
        {data &&
          (data.users.length === 0 ? (
            <Text className={styles.userAdminEmpty}>No users found in your organization ({orgId}).</Text>
          ) : (
            <table className={styles.userTable}>
              <caption className="sr-only">Users of your organization, by email</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Joined</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => (
                  <UserRow
                    key={user.userId}
                    user={user}
                    self={user.userId === myId}
                    busy={busy[user.userId] ?? null}
                    onToggleAdmin={toggleAdmin}
                    onDelete={deleteUser}
                  />
                ))}
              </tbody>
            </table>
          ))}
      </section>

      {data && <InvitationsList invitations={data.invitations ?? []} />}
    </div>
  );
}

function UserRow({
  user,
  self,
  busy,
  onToggleAdmin,
  onDelete,
}: {
  user: UserView;
  self: boolean;
  busy: 'admin' | 'delete' | null;
  onToggleAdmin: (u: UserView) => void;
  onDelete: (u: UserView) => void;
}) {
  return (
    <tr className={self ? cx('user-table__row', styles.userTableRowSelf) : 'user-table__row'} aria-busy={busy !== null}>
      <th scope="row" className={styles.userTableEmail}>
        {user.email}
        {self && <span className={styles.userTableYou}> (you)</span>}
      </th>
      <td data-label="Role">
        {user.admin ? <Badge variation="info">Admin</Badge> : <Badge>Member</Badge>}
        {!user.memberId && !user.admin && <span className={styles.userTableNote}>Not linked to a member</span>}
      </td>
      <td data-label="Joined">{joinedText(user.createdAt)}</td>
      <td className={styles.userTableActions}>
        <div className={styles.userTableButtons}>
          {busy && (
            <span className={styles.userTableSpinner} role="status">
              <span className="spinner spinner--small" aria-hidden="true" />
              <span className="sr-only">{busy === 'admin' ? 'Updating admin status...' : 'Deleting user...'}</span>
            </span>
          )}
          <Button size="small" onClick={() => onToggleAdmin(user)} isDisabled={busy !== null}>
            {user.admin ? 'Remove Admin' : 'Grant Admin'}
            <span className="sr-only"> for {self ? 'yourself' : user.email}</span>
          </Button>
          <Button
            size="small"
            variation="destructive"
            onClick={() => onDelete(user)}
            isDisabled={busy !== null || self}
            title={self ? 'You cannot delete your own account.' : undefined}
          >
            Delete<span className="sr-only"> {self ? 'your own account (not allowed)' : `user ${user.email}`}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}

function SignupLinkCard({ link }: { link: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('No clipboard access');
      await navigator.clipboard.writeText(link);
      setCopied('yes');
      timer.current = setTimeout(() => setCopied(null), 2500);
    } catch {
      input.current?.select();
      setCopied('failed');
    }
  }

  return (
    <Card variation="outlined" className={styles.signupLink}>
      <Heading level={2} className={styles.userAdminHeading}>
        Member sign-up link
      </Heading>
      <Text className="muted">
        Share this link with your members. Anyone whose email address is in your directory can use it to create their
        account.
      </Text>
      <div className={styles.signupLinkRow}>
        <label htmlFor="signup-link" className="sr-only">
          Sign-up link
        </label>
        <input
          id="signup-link"
          ref={input}
          className={cx(styles.signupLinkInput, 'mono')}
          value={link}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button onClick={() => void copy()} variation="primary" className={styles.signupLinkCopy}>
          {copied === 'yes' ? 'Copied!' : 'Copy Link'}
        </Button>
      </div>
      <p className={styles.signupLinkFeedback} role="status" aria-live="polite">
        {copied === 'yes'
          ? 'Link copied to the clipboard.'
          : copied === 'failed'
            ? 'Could not copy automatically: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.'
            : ''}
      </p>
      <Text className={cx(styles.signupLinkHint, 'muted')}>
        Members not in the directory yet? <RouterLink to="/families">Add them to their family</RouterLink> with their
        email address, and they receive an invitation with this link.
      </Text>
    </Card>
  );
}
