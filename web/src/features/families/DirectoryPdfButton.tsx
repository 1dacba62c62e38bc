import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { bookProgressText, type BookView, type GetDirectoryBookResult } from '@contract/book';
import { PAPER_LABELS, PAPERS, PDF_FILE_NAME, PDF_MESSAGES, type PaperSize } from '@contract/pdf';
import { directoryBookQuery, useApiMutation } from '../../api/queries';
import { startDownload } from '../../lib/download';
import { errorText } from '../../lib/errorTexts';
import type { PageStatus } from '../../components/PageStatus';
import { PlainButton } from '../../components/PlainButton';
import { BookCoverChoice } from './BookCoverChoice';
import { useBookSettings } from './bookSettings';
import styles from './DirectoryPdfButton.module.css';

/** How often the page asks for the book while it is being made. */
export const BOOK_POLL_MS = 1000;

/** How long "PDF generated. Preparing download..." shows before the download starts. */
export const GENERATED_SHOWN_MS = 1200;

/**
 * The church's book (getDirectoryBook): read when the page opens, so a book being made is followed
 * again after a reload, and every BOOK_POLL_MS while it is RUNNING. A failed read stops the polling.
 */
function useDirectoryBook() {
  return useQuery({
    ...directoryBookQuery(),
    refetchInterval: ({ state }) =>
      state.status === 'success' && state.data?.book?.status === 'RUNNING' ? BOOK_POLL_MS : false,
  });
}

const finishedOn = (book: BookView) =>
  new Date(book.finishedAt ?? book.startedAt).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * What the book is doing, for the Print the directory button (PrintDirectory.tsx) while these
 * controls are folded away: being made (`job`, the run, once the church's book says it runs), or
 * made and offered for download; null when neither.
 */
export type BookNews = { kind: 'running' | 'ready'; job: string | null } | null;

/**
 * Download PDF (admins), with the church's book setting beside it (paper size, family photos,
 * cover photo). The book
 * is a job (book/directoryBook.ts): the click starts it (or joins the one another admin
 * started), the page follows it with "Preparing your directory: page 40 of 194..." and a progress
 * bar, also after a reload, and downloads the file once it is made. The last book made stays
 * offered for download until the next one is. `onNews` hears what the book is doing as it changes.
 */
export function DirectoryPdfButton({
  onStatus,
  onNews,
}: {
  onStatus: (status: PageStatus | null) => void;
  onNews?: (news: BookNews) => void;
}) {
  const client = useQueryClient();
  const start = useApiMutation('startDirectoryBook');
  const { data, error } = useDirectoryBook();
  /** The church's book setting (bookSettings.ts): a change here is saved for every admin and every book. */
  const { settings, choose, saving } = useBookSettings(data, onStatus);
  const { paper, photos } = settings;
  const book = data?.book ?? null;
  const running = book?.status === 'RUNNING';
  const busy = running || start.isPending;
  /** The finished book's file, downloaded once the page says it is ready. */
  const [download, setDownload] = useState<string | null>(null);
  /** The run this page saw running: its end is announced here and its file downloaded. */
  const followed = useRef<string | null>(null);

  useEffect(() => {
    if (!book) return;
    if (book.status === 'RUNNING') {
      followed.current = book.jobId;
      return;
    }
    if (followed.current !== book.jobId) return;
    followed.current = null;
    if (book.status === 'FAILED') {
      onStatus({ kind: 'danger', text: book.error ? `Error: ${book.error}` : book.message });
      return;
    }
    if (!book.url) {
      onStatus({ kind: 'info', text: book.message || PDF_MESSAGES.empty });
      return;
    }
    onStatus({ kind: 'info', text: PDF_MESSAGES.generated });
    setDownload(book.url);
  }, [book, onStatus]);

  // "PDF generated. Preparing download..." stays long enough to be read (and announced), then the
  // browser's download takes over and the page says it started.
  useEffect(() => {
    if (!download) return;
    const timer = setTimeout(() => {
      setDownload(null);
      startDownload(download, PDF_FILE_NAME);
      onStatus({ kind: 'success', text: PDF_MESSAGES.started });
    }, GENERATED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [download, onStatus]);

  const newsKind = busy ? 'running' : book?.status === 'SUCCEEDED' && book.url ? 'ready' : null;
  const newsJob = running ? book.jobId : null;
  useEffect(() => {
    onNews?.(newsKind ? { kind: newsKind, job: newsJob } : null);
  }, [newsKind, newsJob, onNews]);

  useEffect(() => {
    if (error) onStatus({ kind: 'danger', text: errorText('pdf', error) });
  }, [error, onStatus]);

  async function generate() {
    if (busy) return;
    onStatus(null);
    try {
      const started = await start.mutateAsync({ body: { paper, photos } });
      followed.current = started.book.jobId;
      client.setQueryData<GetDirectoryBookResult>(directoryBookQuery().queryKey, (old) => ({
        success: true,
        settings: old?.settings ?? null,
        book: started.book,
      }));
    } catch (failure) {
      onStatus({ kind: 'danger', text: errorText('pdf', failure) });
    }
  }

  // While a book is made, the choices shown are that book's (another admin's, or before a reload).
  const progress = running ? book.progress : null;
  return (
    <div className={styles.pdfBook} role="group" aria-label="Printed directory">
      <label className={styles.pdfBookChoice}>
        <span>Paper</span>
        <select
          value={running ? book.paper : paper}
          disabled={busy || saving}
          onChange={(e) => void choose({ paper: e.target.value as PaperSize })}
        >
          {PAPERS.map((size) => (
            <option key={size} value={size}>
              {PAPER_LABELS[size]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.pdfBookChoice}>
        <input
          type="checkbox"
          checked={running ? book.photos : photos}
          disabled={busy || saving}
          onChange={(e) => void choose({ photos: e.target.checked })}
        />
        <span>Photos</span>
      </label>
      <BookCoverChoice cover={settings.cover} disabled={busy || saving} choose={choose} onStatus={onStatus} />
      <PlainButton
        className={styles.pdfButton}
        isLoading={busy}
        loadingText={PDF_MESSAGES.busy}
        onClick={() => void generate()}
      >
        Download PDF
      </PlainButton>
      {progress && (
        <div className={styles.pdfBookProgress} role="status">
          <span>{bookProgressText(progress.pages, progress.totalPages)}</span>
          {progress.totalPages > 0 ? (
            <progress max={progress.totalPages} value={progress.pages} aria-label="Directory progress" />
          ) : (
            <progress aria-label="Directory progress" />
          )}
        </div>
      )}
      {!busy && book?.status === 'SUCCEEDED' && book.url && (
        <a className={styles.pdfBookLast} href={book.url} download={PDF_FILE_NAME}>
          Last book ({finishedOn(book)}, {PAPER_LABELS[book.paper]})
        </a>
      )}
    </div>
  );
}
