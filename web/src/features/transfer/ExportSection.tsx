/**
 * Export the directory (admins): one button makes the church's CSV as a job (transfer/churchExport.ts),
 * followed here, also after a reload, and downloaded once made; the latest exports are listed
 * (who, when, what the file holds), the newest one downloadable while the bucket keeps it.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EXPORT_FILE_NAME, EXPORT_KEPT_DAYS, type ExportView, type ListExportsResult } from '@contract/exports';
import { exportsQuery, useApiMutation } from '../../api/queries';
import { PlainButton } from '../../components/PlainButton';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { startDownload } from '../../lib/download';
import { errorText } from '../../lib/errorTexts';
import styles from './TransferPage.module.css';

/** How often the page asks for the exports while one is made. */
export const EXPORT_POLL_MS = 1000;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ExportSection() {
  const client = useQueryClient();
  const start = useApiMutation('startExport');
  const { data, error, isPending } = useQuery({
    ...exportsQuery(),
    refetchInterval: ({ state }) => (state.data?.exports[0]?.status === 'RUNNING' ? EXPORT_POLL_MS : false),
  });
  const [status, setStatus] = useState<Status | null>(null);
  /** The export this page started or saw running: its end is announced and its file downloaded. */
  const followed = useRef<string | null>(null);
  const newest = data?.exports[0] ?? null;
  const busy = start.isPending || newest?.status === 'RUNNING';

  useEffect(() => {
    if (!newest) return;
    if (newest.status === 'RUNNING') {
      followed.current = newest.jobId;
      return;
    }
    if (followed.current !== newest.jobId) return;
    followed.current = null;
    if (newest.status === 'FAILED') return setStatus({ kind: 'error', text: newest.message });
    setStatus({ kind: 'success', text: `The file is ready: ${newest.message}` });
    if (newest.url) startDownload(newest.url, EXPORT_FILE_NAME);
  }, [newest]);

  async function exportNow() {
    if (busy) return;
    setStatus(null);
    try {
      const started = await start.mutateAsync({});
      followed.current = started.export.jobId;
      client.setQueryData<ListExportsResult>(exportsQuery().queryKey, (old) => ({
        success: true,
        exports: [started.export, ...(old?.exports ?? []).filter((e) => e.jobId !== started.export.jobId)],
      }));
    } catch (failure) {
      setStatus({ kind: 'error', text: errorText('exportStart', failure) });
    }
  }

  return (
    <section className={styles.section} aria-labelledby="export-heading">
      <h2 id="export-heading">Export the directory</h2>
      <p>
        A spreadsheet (CSV) of every family, member and group, with each privacy choice and who is in which group. The
        import reads the same columns, so the file can come back here or go to another church directory. Files are kept
        for {EXPORT_KEPT_DAYS} days.
      </p>
      <PlainButton isLoading={busy} loadingText="Exporting..." onClick={() => void exportNow()}>
        Export CSV
      </PlainButton>
      <StatusMessage status={status} />
      {isPending && <p role="status">Loading exports...</p>}
      {error && <StatusMessage status={{ kind: 'error', text: errorText('exportsLoad', error) }} />}
      {data && <ExportList exports={data.exports} />}
    </section>
  );
}

function ExportList({ exports }: { exports: readonly ExportView[] }) {
  if (!exports.length) return <p className={styles.quiet}>No exports yet.</p>;
  return (
    <>
      <h3>Recent exports</h3>
      <ul className={styles.history}>
        {exports.map((e) => (
          <li key={e.jobId}>
            <span className={styles.historyWhen}>{when(e.startedAt)}</span> by {e.startedBy}: {e.message}
            {e.url && (
              <>
                {' '}
                <a href={e.url} download={EXPORT_FILE_NAME}>
                  Download
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
