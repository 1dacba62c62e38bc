import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { PAPER_LABELS, PAPERS, PDF_FILE_NAME, PDF_MESSAGES, type PaperSize } from '../../../../lambdas/contract/pdf';
import { callApi, isApiError } from '../../lib/api';
import type { PageStatus } from '../../components/PageStatus';

/** A failed PDF: the server's message when it gave one, else the generic texts. */
export function pdfErrorText(error: unknown): string {
  if (isApiError(error) && error.status > 0) return `Error: ${error.message || PDF_MESSAGES.serverFailed}`;
  return PDF_MESSAGES.couldNot;
}

/**
 * Saves the file through the browser's own download: the presigned URL answers with
 * `Content-Disposition: attachment; filename="directory.pdf"`, so the page stays where it is and
 * a large directory never has to fit in the page's memory (as a fetched blob would).
 */
export function startDownload(url: string, fileName = PDF_FILE_NAME) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Download PDF (admins), with the book's choices beside it (paper size, family photos):
 * 'Generating...' and disabled while the server renders, then the file.
 */
export function DirectoryPdfButton({ onStatus }: { onStatus: (status: PageStatus | null) => void }) {
  const [busy, setBusy] = useState(false);
  const [paper, setPaper] = useState<PaperSize>('letter');
  const [photos, setPhotos] = useState(true);

  async function generate() {
    if (busy) return;
    setBusy(true);
    onStatus(null);
    try {
      const result = await callApi('generateDirectoryPdf', { body: { paper, photos } });
      if (!result.url) {
        onStatus({ kind: 'info', text: result.message || PDF_MESSAGES.empty });
        return;
      }
      onStatus({ kind: 'info', text: PDF_MESSAGES.generated });
      // Let the page show (and announce) that before the browser's download takes over.
      await nextFrame();
      startDownload(result.url);
      onStatus({ kind: 'success', text: PDF_MESSAGES.started });
    } catch (error) {
      onStatus({ kind: 'danger', text: pdfErrorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pdf-book" role="group" aria-label="Printed directory">
      <label className="pdf-book__choice">
        <span>Paper</span>
        <select value={paper} disabled={busy} onChange={(e) => setPaper(e.target.value as PaperSize)}>
          {PAPERS.map((size) => (
            <option key={size} value={size}>
              {PAPER_LABELS[size]}
            </option>
          ))}
        </select>
      </label>
      <label className="pdf-book__choice">
        <input type="checkbox" checked={photos} disabled={busy} onChange={(e) => setPhotos(e.target.checked)} />
        <span>Photos</span>
      </label>
      <Button className="pdf-button" isLoading={busy} loadingText={PDF_MESSAGES.busy} onClick={() => void generate()}>
        Download PDF
      </Button>
    </div>
  );
}
