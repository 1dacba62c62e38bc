/**
 * A busy state with words, so that screen readers and slow connections both know what is happening.
 * Plain markup on purpose: it is part of the first load, which stays free of the UI library's barrel.
 */
export function PageLoader({ text, fullPage = false }: { text: string; fullPage?: boolean }) {
  return (
    <div className={fullPage ? 'page-loader page-loader--full' : 'page-loader'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
