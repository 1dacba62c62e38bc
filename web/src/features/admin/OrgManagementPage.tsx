import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Heading, Text } from '@aws-amplify/ui-react';
import { installsText } from '@contract/appPlatforms';
import { JOB_MESSAGES } from '@contract/jobTexts';
import type { OrganizationListItem } from '@contract/jobs';
import { organizationsQuery, useApiMutation } from '../../api/queries';
import { Modal, ModalStatus } from '../../components/Modal';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { isApiError } from '../../lib/api';
import { cx } from '../../lib/classNames';
import { errorText } from '../../lib/errorTexts';
import { usePageTitle } from '../../lib/usePageTitle';
import { rememberJob, rememberedJob, useJob } from './jobs';
import { OperatorFailure } from './OperatorFailure';
import { OrgAdminsModal } from './OrgAdminsModal';
import styles from './OrgManagementPage.module.css';

/**
 * Dates as local date and time, 'N/A' when absent, 'Invalid Date' when unparseable. A time may be
 * ISO text, epoch milliseconds, or an object with seconds (and nanoseconds), as older records hold.
 */
export function formatOrgDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  let date: Date;
  if (typeof value === 'object') {
    const seconds =
      (value as { seconds?: unknown; _seconds?: unknown }).seconds ?? (value as { _seconds?: unknown })._seconds;
    const nanos =
      (value as { nanoseconds?: unknown; _nanoseconds?: unknown }).nanoseconds ??
      (value as { _nanoseconds?: unknown })._nanoseconds;
    date =
      typeof seconds === 'number'
        ? new Date(seconds * 1000 + (typeof nanos === 'number' ? nanos / 1e6 : 0))
        : new Date(NaN);
  } else {
    date = new Date(value as string | number);
  }
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : date.toLocaleString();
}

interface Target {
  orgId: string;
  orgName: string;
}
type Deletion = { state: 'confirm' } | { state: 'following'; jobId: string } | { state: 'failed'; text: string };

/** A deletion started before a reload: its modal opens again and shows the progress until it ends. */
function resumed(): { target: Target; deletion: Deletion } | null {
  const job = rememberedJob('orgDeletion');
  if (!job?.orgId) return null;
  return {
    target: { orgId: job.orgId, orgName: job.orgName ?? job.orgId },
    deletion: { state: 'following', jobId: job.jobId },
  };
}

export default function OrgManagementPage() {
  usePageTitle('Organization Management');
  const client = useQueryClient();
  const { data, error, isPending } = useQuery(organizationsQuery());
  const [initial] = useState(resumed);
  const [status, setStatus] = useState<Status | null>(null);
  const [target, setTarget] = useState<Target | null>(initial?.target ?? null);
  const [deletion, setDeletion] = useState<Deletion>(initial?.deletion ?? { state: 'confirm' });
  const [typed, setTyped] = useState('');
  // The church whose administrators are shown (for one that lost its own).
  const [adminsOf, setAdminsOf] = useState<Target | null>(null);
  const start = useApiMutation('deleteAllDataForOrganization');
  const followed = useJob(deletion.state === 'following' ? deletion.jobId : null);
  const job = followed.data;
  const jobError = followed.error;

  // The job's end, once: the modal closes and the list loses the organisation, or the modal says why not.
  useEffect(() => {
    if (deletion.state !== 'following' || !target) return;
    if (jobError) {
      if (isApiError(jobError) && jobError.code === 'not-found') rememberJob('orgDeletion', null);
      setDeletion({ state: 'failed', text: errorText('orgDeletion', jobError) });
      return;
    }
    if (!job || job.status === 'RUNNING') return;
    rememberJob('orgDeletion', null);
    if (job.status !== 'SUCCEEDED') {
      setDeletion({ state: 'failed', text: errorText('orgDeletion', job.error ?? '') });
      return;
    }
    setTarget(null);
    setDeletion({ state: 'confirm' });
    setStatus({
      kind: 'success',
      text:
        job.deletion?.message ??
        `Successfully deleted all data for organization: ${target.orgName} (ID: ${target.orgId}).`,
    });
    // Gone from the list at once; the organisation went last, so the list is read again now.
    const { queryKey } = organizationsQuery();
    client.setQueryData(
      queryKey,
      (d) => d && { ...d, organizations: d.organizations.filter((org) => org.id !== target.orgId) },
    );
    void client.invalidateQueries({ queryKey });
  }, [client, deletion, target, job, jobError]);

  const running = start.isPending || deletion.state === 'following';
  const deleted = deletion.state === 'following' && job?.status === 'RUNNING' ? job.progress.items : 0;

  function open(org: OrganizationListItem) {
    setTarget({ orgId: org.id, orgName: org.orgName });
    setDeletion({ state: 'confirm' });
    setTyped('');
  }

  function close() {
    if (running) return;
    setTarget(null);
    setTyped('');
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!target || running) return;
    if (typed !== target.orgId) {
      setDeletion({ state: 'failed', text: JOB_MESSAGES.confirmMismatch });
      return;
    }
    setStatus(null);
    setDeletion({ state: 'confirm' });
    try {
      const started = await start.mutateAsync({ body: { orgId: target.orgId } });
      rememberJob('orgDeletion', { jobId: started.jobId, orgId: target.orgId, orgName: target.orgName });
      setDeletion({ state: 'following', jobId: started.jobId });
    } catch (error) {
      setDeletion({ state: 'failed', text: errorText('orgDeletion', error) });
    }
  }

  return (
    <div className={cx(styles.orgAdmin, 'page')}>
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>Admin</li>
          <li>
            <span aria-current="page">Organization Management</span>
          </li>
        </ol>
      </nav>
      <PageTitle>Organization Management</PageTitle>
      <div className={styles.orgAdminStatus}>
        <StatusMessage status={status} onDismiss={() => setStatus(null)} />
      </div>

      <section className={styles.orgAdminList} aria-labelledby="orgs-heading">
        <Heading level={2} id="orgs-heading" className={styles.orgAdminHeading}>
          Organizations{data ? ` (${data.organizations.length})` : ''}
        </Heading>
        {isPending && <PageLoader text="Loading organizations..." />}
        {error && <OperatorFailure text={errorText('orgsLoad', error)} />}
        {data &&
          (data.organizations.length === 0 ? (
            <Text>{JOB_MESSAGES.orgsEmpty}</Text>
          ) : (
            <div className={styles.orgAdminTableWrap} tabIndex={0} role="region" aria-labelledby="orgs-heading">
              <table className={styles.orgTable}>
                <caption className="sr-only">Every organization, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Org Name</th>
                    <th scope="col">Org ID</th>
                    <th scope="col">Created At</th>
                    <th scope="col">Contact Name</th>
                    <th scope="col">Contact Email</th>
                    <th scope="col">Expires At</th>
                    <th scope="col">App Installs</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.organizations.map((org) => (
                    <tr key={org.id}>
                      <th scope="row" data-label="Org Name">
                        {org.orgName}
                      </th>
                      <td data-label="Org ID" className="mono">
                        {org.id}
                      </td>
                      <td data-label="Created At">{formatOrgDate(org.cDate)}</td>
                      <td data-label="Contact Name">{org.contactName || 'N/A'}</td>
                      <td data-label="Contact Email">{org.contactEmail || 'N/A'}</td>
                      <td data-label="Expires At">{formatOrgDate(org.expire)}</td>
                      <td data-label="App Installs">{installsText(org.appInstalls)}</td>
                      <td data-label="Actions">
                        <div className={styles.orgTableActions}>
                          <Button
                            size="small"
                            onClick={() => setAdminsOf({ orgId: org.id, orgName: org.orgName })}
                            aria-label={`Administrators of ${org.orgName}`}
                          >
                            Administrators
                          </Button>
                          <Button
                            size="small"
                            variation="destructive"
                            onClick={() => open(org)}
                            aria-label={`Delete All Org Data of ${org.orgName}`}
                          >
                            Delete All Org Data
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </section>

      {adminsOf && (
        <OrgAdminsModal orgId={adminsOf.orgId} orgName={adminsOf.orgName} onClose={() => setAdminsOf(null)} />
      )}

      {target && (
        <Modal title="Confirm Destructive Action" onClose={close} busy={running} className={styles.orgDelete}>
          <form onSubmit={(e) => void confirm(e)} noValidate>
            <p>
              This permanently deletes <strong>all</strong> families, members, groups, roles and users of the
              organization <strong>{target.orgName}</strong>, with its photos, exports and sign-in accounts, and then
              the organization itself. This cannot be undone.
            </p>
            <label htmlFor="org-confirm" className={styles.orgDeleteLabel}>
              Type the organization ID <code className={cx('mono', styles.orgDeleteId)}>{target.orgId}</code> to
              confirm:
            </label>
            <input
              id="org-confirm"
              className={cx(styles.orgDeleteInput, 'mono')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              disabled={running}
              data-autofocus
            />
            <ModalStatus role="status" aria-live="polite">
              {running && (
                <span className={styles.orgDeleteProgress}>
                  <span className="spinner spinner--small" aria-hidden="true" />
                  Deleting all data of {target.orgName}...{' '}
                  {deleted > 0 ? `${deleted.toLocaleString()} items deleted so far.` : ''}
                </span>
              )}
            </ModalStatus>
            {deletion.state === 'failed' && (
              <StatusMessage
                status={{
                  kind: deletion.text === JOB_MESSAGES.confirmMismatch ? 'warning' : 'error',
                  text: deletion.text,
                }}
              />
            )}
            <div className="modal__actions">
              <Button type="button" onClick={close} isDisabled={running}>
                Cancel
              </Button>
              <Button type="submit" variation="destructive" isDisabled={typed !== target.orgId || running}>
                Confirm &amp; Delete All Data
              </Button>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
