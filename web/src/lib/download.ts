/**
 * Saves a file through the browser's own download: a presigned URL answers with
 * `Content-Disposition: attachment; filename=...`, so the page stays where it is and a large file
 * never has to fit in the page's memory (as a fetched blob would).
 */
export function startDownload(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
