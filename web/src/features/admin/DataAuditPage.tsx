import { useEffect, useRef, useState } from 'react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Badge, Button, Heading, Text } from '@aws-amplify/ui-react';
import { JOB_MESSAGES, splitAtCapitals } from '../../../../lambdas/contract/jobTexts';
import type { IntegrityReportResult, JobView } from '../../../../lambdas/contract/jobs';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage } from '../../components/StatusMessage';
import { callApi, isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { orDash, pollJob, rememberJob, rememberedJob } from './jobs';

/** What the integrity report page says when the job fails to start or to finish. */
export function reportErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'permission-denied') return JOB_MESSAGES.notAuthorized;
    if (error.code === 'unauthenticated') return JOB_MESSAGES.noSession;
    return `${JOB_MESSAGES.reportFailed} Error (${error.code}): ${error.message}`;
  }
  return JOB_MESSAGES.reportUnknown;
}

export const TOKEN_REFRESH_FAILED =
  'Failed to refresh authentication token. Please try logging out and back in or check your network connection.';

type State =
  | { kind: 'idle' }
  | { kind: 'resuming' }
  | { kind: 'running'; checked: number }
  | { kind: 'done'; report: IntegrityReportResult; finishedAt: string | null }
  | { kind: 'error'; text: string };

const finishedText = (iso: string | null) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toLocaleString() : '';
};

export default function DataAuditPage() {
  usePageTitle('Data Integrity Report');
  const [state, setState] = useState<State>(() =>
    rememberedJob('integrityReport') ? { kind: 'resuming' } : { kind: 'idle' },
  );
  const watching = useRef<AbortController | null>(null);

  function settle(job: JobView) {
    if (job.status === 'SUCCEEDED' && job.report)
      setState({ kind: 'done', report: job.report, finishedAt: job.finishedAt });
    else
      setState({
        kind: 'error',
        text: `${JOB_MESSAGES.reportFailed} Error (internal): ${job.error ?? 'The report stopped.'}`,
      });
  }

  function watch(jobId: string) {
    watching.current?.abort();
    const controller = new AbortController();
    watching.current = controller;
    pollJob(jobId, controller.signal, (job) => setState({ kind: 'running', checked: job.progress.items }))
      .then((job) => {
        if (!controller.signal.aborted) settle(job);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A report the server no longer knows (or this user may not read) is forgotten.
        if (isApiError(error) && (error.code === 'not-found' || error.code === 'permission-denied'))
          rememberJob('integrityReport', null);
        setState({ kind: 'error', text: reportErrorText(error) });
      });
  }

  // The last report this browser started: its status and result survive a reload.
  useEffect(() => {
    const remembered = rememberedJob('integrityReport');
    if (remembered) watch(remembered.jobId);
    return () => watching.current?.abort();
  }, []);

  async function run() {
    setState({ kind: 'running', checked: 0 });
    // The sign-in token is force-refreshed first, so the call carries current claims.
    try {
      await fetchAuthSession({ forceRefresh: true });
    } catch {
      setState({ kind: 'error', text: TOKEN_REFRESH_FAILED });
      return;
    }
    try {
      const started = await callApi('startIntegrityReport', { body: {} });
      rememberJob('integrityReport', { jobId: started.jobId });
      watch(started.jobId);
    } catch (error) {
      setState({ kind: 'error', text: reportErrorText(error) });
    }
  }

  const running = state.kind === 'running' || state.kind === 'resuming';
  return (
    <div className="page data-audit">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>Admin</li>
          <li>
            <span aria-current="page">Data Integrity Report</span>
          </li>
        </ol>
      </nav>
      <PageTitle>Data Integrity Report</PageTitle>
      <Text className="muted">
        Checks every family, member, group, role, user record and sign-in account of every organization for broken
        links, stale copies, wrong counts, missing photos and dates that are not MM/DD.
      </Text>
      <div className="data-audit__actions">
        <Button variation="primary" onClick={() => void run()} isDisabled={running} className="data-audit__run">
          Run Data Integrity Report
        </Button>
      </div>

      {running && (
        <div className="data-audit__running" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <div>
            <p className="data-audit__running-title">Generating Report...</p>
            <p className="muted">
              This may take several minutes. You can leave this page: the report keeps running and shows here when you
              come back.
            </p>
            {state.kind === 'running' && state.checked > 0 && (
              <p className="muted">{state.checked.toLocaleString()} items checked so far.</p>
            )}
          </div>
        </div>
      )}
      {state.kind === 'error' && <StatusMessage status={{ kind: 'error', text: state.text }} />}
      {state.kind === 'done' && <ReportView report={state.report} finishedAt={finishedText(state.finishedAt)} />}
    </div>
  );
}

function ReportView({ report, finishedAt }: { report: IntegrityReportResult; finishedAt: string }) {
  const categories = Object.entries(report.issuesByCollection).filter(([, n]) => n > 0);
  const clean = report.totalIssues === 0;
  return (
    <section className="data-audit__result" aria-labelledby="report-heading">
      <Heading level={2} id="report-heading" className="data-audit__heading">
        Report
        {finishedAt && <span className="data-audit__when"> (finished {finishedAt})</span>}
      </Heading>
      <StatusMessage status={{ kind: clean ? 'success' : 'info', text: report.message }} />
      <p className="data-audit__total">
        Total issues:{' '}
        <Badge
          variation={clean ? 'success' : 'error'}
          className={clean ? 'issue-badge issue-badge--ok' : 'issue-badge issue-badge--bad'}
        >
          {report.totalIssues}
        </Badge>
      </p>
      {clean ? (
        <Text className="data-audit__clean">{JOB_MESSAGES.noIssues}</Text>
      ) : (
        <>
          <Heading level={3} className="data-audit__subheading">
            Issues by category
          </Heading>
          <ul className="data-audit__categories">
            {categories.map(([name, count]) => (
              <li key={name}>
                <span className="data-audit__category">{splitAtCapitals(name)}</span>: {count}
              </li>
            ))}
          </ul>
          <div className="data-audit__table-wrap" tabIndex={0} role="region" aria-label="Issues found">
            <table className="issue-table">
              <caption className="sr-only">Issues found, by category</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Category/Collection</th>
                  <th scope="col">Document/User ID</th>
                  <th scope="col">Reason</th>
                  <th scope="col">OrgId</th>
                  <th scope="col">Ref. Field</th>
                  <th scope="col">Ref. Value</th>
                </tr>
              </thead>
              <tbody>
                {report.issues.map((issue, index) => (
                  <tr key={`${issue.collectionName}|${issue.documentId}|${issue.referencedField ?? ''}`}>
                    <td data-label="#">{index + 1}</td>
                    <td data-label="Category/Collection">{splitAtCapitals(issue.collectionName)}</td>
                    <td data-label="Document/User ID" className="mono">
                      {orDash(issue.documentId)}
                    </td>
                    <td data-label="Reason">{orDash(issue.reason)}</td>
                    <td data-label="OrgId" className="mono">
                      {orDash(issue.problematicOrgId)}
                    </td>
                    <td data-label="Ref. Field">{orDash(issue.referencedField)}</td>
                    <td data-label="Ref. Value" className="mono">
                      {orDash(issue.referencedValue)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
