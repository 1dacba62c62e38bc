/**
 * The printed directory's controls (DirectoryPdfButton: paper, photos, cover, Download PDF) folded
 * behind one button in the families page's toolbar, so the list (letters, search, cards) comes
 * first. Folded at every width: most visits are to look someone up, on a phone or a desk, and the
 * button is in the same place on both; printing is one click away.
 *
 * The book is not hidden with its controls. While one is being made the panel opens itself, once
 * a run (the page follows it and downloads its file, so the person sees why a download starts);
 * closed again, the button says the book is in progress. A made book waiting to be downloaded
 * again is said beside the button.
 */
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { cx } from '../../lib/classNames';
import type { BookNews } from './DirectoryPdfButton';
import styles from './PrintDirectory.module.css';

export const PRINT_TEXTS = {
  toggle: 'Print the directory',
  running: 'Book in progress',
  ready: 'Book ready',
} as const;

/**
 * Whether the panel is open, and what the book is doing (`report`, for DirectoryPdfButton's
 * onNews). `canPrint`: the list confirmed the viewer is an administrator; until then a running
 * book opens nothing (the controls only hold their place).
 */
export function usePrintPanel(canPrint: boolean) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [news, setNews] = useState<BookNews>(null);
  /** The run the panel last opened itself for: closed during it, it stays closed. */
  const shownJob = useRef<string | null>(null);
  const report = useCallback(
    (next: BookNews) => {
      setNews(next);
      if (!canPrint || !next?.job || shownJob.current === next.job) return;
      shownJob.current = next.job;
      setOpen(true);
    },
    [canPrint],
  );
  const toggle = useCallback(() => setOpen((was) => !was), []);
  return { panelId, open, toggle, news, report };
}

export type PrintPanel = ReturnType<typeof usePrintPanel>;

/** The toolbar's button (a disclosure), and beside it what the book is doing. */
export function PrintDirectoryToggle({ print }: { print: PrintPanel }) {
  const newsId = useId();
  const kind = print.news?.kind ?? null;
  return (
    <span className={styles.printToggleRow}>
      <button
        type="button"
        className={styles.printToggle}
        aria-expanded={print.open}
        aria-controls={print.panelId}
        aria-describedby={kind ? newsId : undefined}
        onClick={print.toggle}
      >
        <Icon name="printer" size={20} />
        {PRINT_TEXTS.toggle}
        <Icon name="chevron" size={18} className={styles.printToggleChevron} />
      </button>
      {kind && (
        <span id={newsId} className={cx(styles.printNews, kind === 'running' && styles.printNewsRunning)}>
          {PRINT_TEXTS[kind]}
        </span>
      )}
    </span>
  );
}

/** The controls, shown while the button is open (kept mounted when closed: they follow the book). */
export function PrintDirectoryPanel({ print, children }: { print: PrintPanel; children: ReactNode }) {
  return (
    <div id={print.panelId} className={styles.printPanel} hidden={!print.open}>
      {children}
    </div>
  );
}
