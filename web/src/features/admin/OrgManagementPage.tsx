import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Heading, Text } from '@aws-amplify/ui-react';
import { JOB_MESSAGES } from '../../../../lambdas/contract/jobTexts';
import type { JobView, OrganizationListItem } from '../../../../lambdas/contract/jobs';
import { Modal } from '../../components/Modal';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { callApi, isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { pollJob, rememberJob, rememberedJob } from './jobs';

/** What a failed load of the organisation list says. */
export function orgsLoadErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'permission-denied') return JOB_MESSAGES.orgsUnauthorized;
    if (error.code === 'unauthenticated') return 'User not authenticated.';
    return JOB_MESSAGES.orgsFailed;
  }
  return JOB_MESSAGES.orgsUnknown;
}

export function deletionErrorText(error: unknown): string {
  const detail = error instanceof Error && error.message ? error.message : typeof error === 'string' ? error : '';
  return detail ? `Deletion failed: ${detail}` : JOB_MESSAGES.deletionUnknown;
}

/**
 * Dates show as local date and time, 'N/A' when absent, 'Invalid Date' when unparseable. A
 * time may be ISO text, epoch milliseconds, or an object with seconds (and nanoseconds).
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

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; organizations: OrganizationListItem[] };
interface Target {
  orgId: string;
  orgName: string;
}
type Deletion = { state: 'confirm' } | { state: 'running'; deleted: number } | { state: 'failed'; text: string };

export default function OrgManagementPage() {
  usePageTitle('Organization Management');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [status, setStatus] = useState<Status | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const [deletion, setDeletion] = useState<Deletion>({ state: 'confirm' });
  const [typed, setTyped] = useState('');
  const watching = useRef<AbortController | null>(null);

  const reload = useCallback((signal?: AbortSignal) => {
    setLoad({ state: 'loading' });
    callApi('getAllOrganizations', { signal })
      .then(({ organizations }) => setLoad({ state: 'ready', organizations }))
      .catch((error: unknown) => {
        if (!signal?.aborted) setLoad({ state: 'error', message: orgsLoadErrorText(error) });
      });
  }, []);

  const watch = useCallback(
    (jobId: string, org: Target) => {
      watching.current?.abort();
      const controller = new AbortController();
      watching.current = controller;
      setTarget(org);
      setDeletion({ state: 'running', deleted: 0 });
      pollJob(jobId, controller.signal, (job) => setDeletion({ state: 'running', deleted: job.progress.items }))
        .then((job: JobView) => {
          if (controller.signal.aborted) return;
          rememberJob('orgDeletion', null);
          if (job.status === 'SUCCEEDED') {
            // The deletion runs, then the modal closes and the list reloads.
            setTarget(null);
            setStatus({
              kind: 'success',
              text:
                job.deletion?.message ??
                `Successfully deleted all data for organization: ${org.orgName} (ID: ${org.orgId}).`,
            });
            reload();
          } else {
            setDeletion({ state: 'failed', text: deletionErrorText(job.error ?? '') });
          }
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          if (isApiError(error) && error.code === 'not-found') rememberJob('orgDeletion', null);
          setDeletion({ state: 'failed', text: deletionErrorText(error) });
        });
    },
    [reload],
  );

  useEffect(() => {
    const controller = new AbortController();
    reload(controller.signal);
    // A deletion started before a reload: show its progress again until it ends.
    const remembered = rememberedJob('orgDeletion');
    if (remembered?.orgId)
      watch(remembered.jobId, { orgId: remembered.orgId, orgName: remembered.orgName ?? remembered.orgId });
    return () => {
      controller.abort();
      watching.current?.abort();
    };
  }, [reload, watch]);

  function open(org: OrganizationListItem) {
    setTarget({ orgId: org.id, orgName: org.orgName });
    setDeletion({ state: 'confirm' });
    setTyped('');
  }

  function close() {
    if (deletion.state === 'running') return;
    setTarget(null);
    setTyped('');
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!target || deletion.state === 'running') return;
    if (typed !== target.orgId) {
      setDeletion({ state: 'failed', text: JOB_MESSAGES.confirmMismatch });
      return;
    }
    setStatus(null);
    setDeletion({ state: 'running', deleted: 0 });
    try {
      const started = await callApi('deleteAllDataForOrganization', { body: { orgId: target.orgId } });
      rememberJob('orgDeletion', { jobId: started.jobId, orgId: target.orgId, orgName: target.orgName });
      watch(started.jobId, target);
    } catch (error) {
      setDeletion({ state: 'failed', text: deletionErrorText(error) });
    }
  }

  const organizations = load.state === 'ready' ? load.organizations : [];
  return (
    <div className="page org-admin">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>Admin</li>
          <li>
            <span aria-current="page">Organization Management</span>
          </li>
        </ol>
      </nav>
      <PageTitle>Organization Management</PageTitle>
      <div className="org-admin__status">
        <StatusMessage status={status} onDismiss={() => setStatus(null)} />
      </div>

      <section className="org-admin__list" aria-labelledby="orgs-heading">
        <Heading level={2} id="orgs-heading" className="org-admin__heading">
          Organizations{load.state === 'ready' ? ` (${organizations.length})` : ''}
        </Heading>
        {load.state === 'loading' && <PageLoader text="Loading organizations..." />}
        {load.state === 'error' && <StatusMessage status={{ kind: 'error', text: load.message }} />}
        {load.state === 'ready' &&
          (organizations.length === 0 ? (
            <Text className="org-admin__empty">{JOB_MESSAGES.orgsEmpty}</Text>
          ) : (
            <div className="org-admin__table-wrap" tabIndex={0} role="region" aria-labelledby="orgs-heading">
              <table className="org-table">
                <caption className="sr-only">Every organization, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Org Name</th>
                    <th scope="col">Org ID</th>
                    <th scope="col">Created At</th>
                    <th scope="col">Contact Name</th>
                    <th scope="col">Contact Email</th>
                    <th scope="col">Expires At</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {organizations.map((org) => (
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
                      <td data-label="Actions">
                        <Button
                          size="small"
                          variation="destructive"
                          onClick={() => open(org)}
                          aria-label={`Delete All Org Data of ${org.orgName}`}
                        >
                          Delete All Org Data
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </section>

      {target && (
        <Modal
          title="Confirm Destructive Action"
          onClose={close}
          busy={deletion.state === 'running'}
          className="org-delete"
        >
          <form onSubmit={(e) => void confirm(e)} noValidate>
            <p>
              This permanently deletes <strong>all</strong> families, members, groups, roles and users of the
              organization <strong>{target.orgName}</strong>, with its photos, exports and sign-in accounts, and then
              the organization itself. This cannot be undone.
            </p>
            <label htmlFor="org-confirm" className="org-delete__label">
              Type the organization ID <code className="mono org-delete__id">{target.orgId}</code> to confirm:
            </label>
            <input
              id="org-confirm"
              className="org-delete__input mono"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              disabled={deletion.state === 'running'}
              data-autofocus
            />
            <div className="modal__status" role="status" aria-live="polite">
              {deletion.state === 'running' && (
                <span className="org-delete__progress">
                  <span className="spinner spinner--small" aria-hidden="true" />
                  Deleting all data of {target.orgName}...{' '}
                  {deletion.deleted > 0 ? `${deletion.deleted.toLocaleString()} items deleted so far.` : ''}
                </span>
              )}
            </div>
            {deletion.state === 'failed' && (
              <StatusMessage
                status={{
                  kind: deletion.text === JOB_MESSAGES.confirmMismatch ? 'warning' : 'error',
                  text: deletion.text,
                }}
              />
            )}
            <div className="modal__actions">
              <Button type="button" onClick={close} isDisabled={deletion.state === 'running'}>
                Cancel
              </Button>
              <Button
                type="submit"
                variation="destructive"
                isDisabled={typed !== target.orgId || deletion.state === 'running'}
              >
                Confirm &amp; Delete All Data
              </Button>
            </div>
          </form>
        </Modal>
      )}
    </div>
  );
}
