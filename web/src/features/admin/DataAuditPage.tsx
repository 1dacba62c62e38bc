import { useEffect, useState } from 'react';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Badge, Button, Heading, Text } from '@aws-amplify/ui-react';
import { JOB_MESSAGES, splitAtCapitals } from '@contract/jobTexts';
import type { IntegrityReportResult, JobView } from '@contract/jobs';
import { useApiMutation } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage } from '../../components/StatusMessage';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errorTexts';
import { usePageTitle } from '../../lib/usePageTitle';
import { orDash, rememberJob, rememberedJob, useJob } from './jobs';
import { OperatorFailure } from './OperatorFailure';
import { cx } from '../../lib/classNames';
import styles from './DataAuditPage.module.css';

export const TOKEN_REFRESH_FAILED =
  'Failed to refresh authentication token. Please try logging out and back in or check your network connection.';

const finishedText = (iso: string | null) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toLocaleString() : '';
};

/** An ended job: its report, or what stopped it. */
const failedJobText = (job: JobView) =>
  `${JOB_MESSAGES.reportFailed} Error (internal): ${job.error ?? 'The report stopped.'}`;

export default function DataAuditPage() {
  usePageTitle('Data Integrity Report');
  // The last report this browser started: its status and result survive a reload.
  const [jobId, setJobId] = useState(() => rememberedJob('integrityReport')?.jobId ?? null);
  const [refreshing, setRefreshing] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const start = useApiMutation('startIntegrityReport');
  const { data: job, error: jobError, isPending } = useJob(jobId);

  // A report the server no longer knows (or this user may not read) is forgotten.
  useEffect(() => {
    if (isApiError(jobError) && (jobError.code === 'not-found' || jobError.code === 'permission-denied'))
      rememberJob('integrityReport', null);
  }, [jobError]);

  async function run() {
    setJobId(null);
    setStartError(null);
    // The sign-in token is force-refreshed first, so the server sees the address as it is now.
    setRefreshing(true);
    try {
      await fetchAuthSession({ forceRefresh: true });
    } catch {
      setStartError(TOKEN_REFRESH_FAILED);
      return;
    } finally {
      setRefreshing(false);
    }
    try {
      const started = await start.mutateAsync({ body: {} });
      rememberJob('integrityReport', { jobId: started.jobId });
      setJobId(started.jobId);
    } catch (error) {
      setStartError(errorText('report', error));
    }
  }

  // A failed read ends the following here; the job may still run on, and a reload asks again unless it was forgotten.
  const following = jobId !== null && !jobError;
  const running = refreshing || start.isPending || (following && (isPending || job?.status === 'RUNNING'));
  const checked = following && job?.status === 'RUNNING' ? job.progress.items : 0;
  const ended = following && job && job.status !== 'RUNNING' ? job : null;
  const report = ended?.status === 'SUCCEEDED' ? ended.report : null;
  const failure =
    startError ?? (jobError ? errorText('report', jobError) : ended && !report ? failedJobText(ended) : null);
  return (
    <div className={cx(styles.dataAudit, 'page')}>
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
      <div className={styles.dataAuditActions}>
        <Button variation="primary" onClick={() => void run()} isDisabled={running} className="data-audit__run">
          Run Data Integrity Report
        </Button>
      </div>

      {running && (
        <div className={styles.dataAuditRunning} role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <div>
            <p className={styles.dataAuditRunningTitle}>Generating Report...</p>
            <p className="muted">
              This may take several minutes. You can leave this page: the report keeps running and shows here when you
              come back.
            </p>
            {checked > 0 && <p className="muted">{checked.toLocaleString()} items checked so far.</p>}
          </div>
        </div>
      )}
      {failure && <OperatorFailure text={failure} />}
      {ended && report && <ReportView report={report} finishedAt={finishedText(ended.finishedAt)} />}
    </div>
  );
}

function ReportView({ report, finishedAt }: { report: IntegrityReportResult; finishedAt: string }) {
  const categories = Object.entries(report.issuesByCollection).filter(([, n]) => n > 0);
  const clean = report.totalIssues === 0;
  return (
    <section className={styles.dataAuditResult} aria-labelledby="report-heading">
      <Heading level={2} id="report-heading" className={styles.dataAuditHeading}>
        Report
        {finishedAt && <span className={styles.dataAuditWhen}> (finished {finishedAt})</span>}
      </Heading>
      <StatusMessage status={{ kind: clean ? 'success' : 'info', text: report.message }} />
      <p className={styles.dataAuditTotal}>
        Total issues:{' '}
        <Badge
          variation={clean ? 'success' : 'error'}
          className={cx(styles.issueBadge, clean ? styles.issueBadgeOk : styles.issueBadgeBad)}
        >
          {report.totalIssues}
        </Badge>
      </p>
      {clean ? (
        <Text className="data-audit__clean">{JOB_MESSAGES.noIssues}</Text>
      ) : (
        <>
          <Heading level={3} className={styles.dataAuditSubheading}>
            Issues by category
          </Heading>
          <ul className={styles.dataAuditCategories}>
            {categories.map(([name, count]) => (
              <li key={name}>
                <span className={styles.dataAuditCategory}>{splitAtCapitals(name)}</span>: {count}
              </li>
            ))}
          </ul>
          <div className={styles.dataAuditTableWrap} tabIndex={0} role="region" aria-label="Issues found">
            <table className={styles.issueTable}>
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
