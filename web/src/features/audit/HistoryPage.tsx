/**
 * /admin/history: the church's audit trail (administrators only), newest first, a page at a time.
 * The address says what it shows: one record (`subject=family:<id>`, from a family's or a group's
 * page), one person (`by`, from any entry's author) and a span of days, so a filtered history can
 * be bookmarked or sent to another administrator. Download CSV saves what the filters show.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditRecord, ListAuditResult } from '@contract/audit';
import { toCsv } from '@contract/csv';
import { auditFiltersOf, auditQuery, useApiMutation, type AuditFilters } from '../../api/queries';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { PlainButton } from '../../components/PlainButton';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { errorText } from '../../lib/errorTexts';
import { usePageTitle } from '../../lib/usePageTitle';
import { startDownload } from '../../lib/download';
import { callApi } from '../../lib/api';
import { byInWords, fieldLabel, recordInWords, valueInWords, when } from '../../lib/auditWords';
import styles from './HistoryPage.module.css';

export const HISTORY_TITLE = 'History of Changes';

export default function HistoryPage() {
  usePageTitle(HISTORY_TITLE);
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersOf(params);
  const pages = useInfiniteQuery(auditQuery(filters));
  const { data, error, isPending, hasNextPage, isFetchingNextPage } = pages;
  const entries = data?.pages.flatMap((p) => p.entries) ?? [];
  const subject = filters.subject ? entries[0]?.subject : undefined;
  const subjectName = subject && (subject.kind === 'family' ? `the ${subject.name}` : subject.name);
  const byName = filters.by ? entries.find((e) => e.by?.userId === filters.by)?.by?.email : undefined;

  /** What the last restore said. */
  const [restored, setRestored] = useState<Status | null>(null);
  const onRestored = (status: Status) => {
    setRestored(status);
    // The restore is a change of its own: the history shows it at the top.
    if (status.kind === 'success') void pages.refetch();
  };

  const change = (next: AuditFilters) => {
    const kept = Object.entries({ ...filters, ...next }).filter(([, v]) => v) as [string, string][];
    setParams(new URLSearchParams(kept));
  };

  return (
    <div className="page page--medium history">
      <Breadcrumbs items={[{ label: 'Dashboard', to: '/dashboard' }, { label: HISTORY_TITLE }]} />
      <PageTitle>{subjectName ? `History of ${subjectName}` : HISTORY_TITLE}</PageTitle>
      <p>
        Every change to the church&apos;s families, members, groups, accounts, privacy choices and settings, with who
        made it and when. Only administrators see this page. Entries are kept for a year.
      </p>
      <DaysForm filters={filters} onChange={change} />
      {(filters.subject || filters.by) && (
        <p className={styles.showing}>
          Showing only {filters.subject && <strong>{subjectName ?? 'one record'}</strong>}
          {filters.subject && filters.by && ' as changed by '}
          {filters.by && <strong>{byName ?? 'one person'}</strong>}. <Link to="/admin/history">Show every change</Link>
        </p>
      )}
      {isPending && <PageLoader text="Loading the history..." />}
      {error && <StatusMessage status={{ kind: 'error', text: errorText('historyLoad', error) }} />}
      <StatusMessage status={restored} />
      {data &&
        (entries.length ? (
          <>
            <CsvDownload filters={filters} />
            <ol className={styles.entries} aria-label="Changes, newest first">
              {entries.map((entry) => (
                <Entry key={entry.entryId} entry={entry} onRestored={onRestored} />
              ))}
            </ol>
          </>
        ) : (
          <p className="muted">No changes match.</p>
        ))}
      {hasNextPage && (
        <PlainButton isLoading={isFetchingNextPage} loadingText="Loading..." onClick={() => void pages.fetchNextPage()}>
          Older changes
        </PlainButton>
      )}
    </div>
  );
}

function DaysForm({ filters, onChange }: { filters: AuditFilters; onChange: (next: AuditFilters) => void }) {
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ from, to });
  };
  return (
    <form className={styles.days} onSubmit={submit} aria-label="Days to show">
      <label>
        From
        <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label>
        To
        <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
      <PlainButton type="submit">Show</PlainButton>
    </form>
  );
}

/** A change to a family's or a member's details can be taken back, while it is the record's newest. */
const restorable = (r: AuditRecord) =>
  r.action === 'changed' && r.version !== undefined && ['family', 'member'].includes(r.kind);

function Entry({ entry, onRestored }: { entry: AuditEntry; onRestored: (status: Status) => void }) {
  const restore = useApiMutation('restoreVersion');
  async function restoreBefore(record: AuditRecord) {
    if (!window.confirm(`Restore ${record.name} as it was before this change? The restore is a change of its own.`))
      return;
    try {
      const answer = await restore.mutateAsync({ body: { entryId: entry.entryId, at: entry.at, recordId: record.id } });
      onRestored({ kind: 'success', text: answer.message });
    } catch (failure) {
      onRestored({ kind: 'error', text: errorText('restore', failure) });
    }
  }
  return (
    <li className={styles.entry}>
      <p className={styles.entryHead}>
        <time dateTime={entry.at}>{when(entry.at)}</time>
        {' · '}
        {entry.by ? <Link to={`/admin/history?by=${entry.by.userId}`}>{entry.by.email}</Link> : byInWords(entry)}
        {entry.subject.kind !== 'church' && (
          <>
            {' · '}
            <Link to={`/admin/history?subject=${entry.subject.kind}:${entry.subject.id}`}>{entry.subject.name}</Link>
          </>
        )}
        {entry.changeRequestId && <span className={styles.request}> · from a member&apos;s request</span>}
      </p>
      {entry.records.map((record) => (
        <div key={`${record.kind}:${record.id}`} className={styles.record}>
          <p className={styles.recordHead}>
            {recordInWords(record)}
            {restorable(record) && (
              <PlainButton
                size="small"
                className={styles.restore}
                isLoading={restore.isPending}
                loadingText="Restoring..."
                onClick={() => void restoreBefore(record)}
              >
                Restore as before
              </PlainButton>
            )}
          </p>
          {record.changes.length > 0 && (
            <dl className={styles.changes}>
              {record.changes.map((c) => (
                <div key={c.field} className={styles.change}>
                  <dt>{fieldLabel(record.kind, c.field)}</dt>
                  <dd>
                    {record.action === 'changed' && (
                      <>
                        <del>{valueInWords(record.kind, c.field, c.old)}</del>
                        <span aria-label="became"> → </span>
                      </>
                    )}
                    {record.action === 'removed' ? (
                      <del>{valueInWords(record.kind, c.field, c.old)}</del>
                    ) : (
                      <ins>{valueInWords(record.kind, c.field, c.new)}</ins>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ))}
    </li>
  );
}

const CSV_HEADER = ['When', 'Who', 'Subject', 'Change', 'Field', 'Old value', 'New value', 'Request'];

/** One line per field changed (or per record, when it lists none). */
function csvRows(entries: readonly AuditEntry[]): string[][] {
  return entries.flatMap((e) =>
    e.records.flatMap((r) => {
      const head = [e.at, byInWords(e), e.subject.name, recordInWords(r)];
      const request = e.changeRequestId ?? '';
      if (!r.changes.length) return [[...head, '', '', '', request]];
      return r.changes.map((c) => [
        ...head,
        fieldLabel(r.kind, c.field),
        r.action === 'added' ? '' : valueInWords(r.kind, c.field, c.old),
        r.action === 'removed' ? '' : valueInWords(r.kind, c.field, c.new),
        request,
      ]);
    }),
  );
}

/** Every page of what the filters show, as one CSV file. */
function CsvDownload({ filters }: { filters: AuditFilters }) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  async function download() {
    setBusy(true);
    setStatus(null);
    try {
      const entries: AuditEntry[] = [];
      let after: string | null = null;
      do {
        const page: ListAuditResult = await callApi('listAuditEntries', {
          query: { ...filters, ...(after ? { after } : {}) },
        });
        entries.push(...page.entries);
        after = page.next;
      } while (after);
      const csv = toCsv(CSV_HEADER, csvRows(entries));
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      startDownload(url, 'history.csv');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (failure) {
      setStatus({ kind: 'error', text: errorText('historyLoad', failure) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.download}>
      <PlainButton isLoading={busy} loadingText="Preparing..." onClick={() => void download()}>
        Download CSV
      </PlainButton>
      <StatusMessage status={status} />
    </div>
  );
}
