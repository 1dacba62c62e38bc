import { Icon } from './Icon';

export type StatusKind = 'success' | 'info' | 'warning' | 'error';

export interface Status {
  kind: StatusKind;
  text: string;
}

/**
 * One status line. Errors and warnings interrupt (role="alert"); success and progress are
 * announced politely (role="status"). The UI library's alert look (its class names) without its
 * primitives: those bring the library's whole theme as script, which the directory's first pages
 * would otherwise download before they can show.
 */
export function StatusMessage({
  status,
  onDismiss,
  id,
}: {
  status: Status | null;
  onDismiss?: () => void;
  /** A form's status line is its error summary: the invalid fields name it (lib/form.ts). */
  id?: string;
}) {
  if (!status) return null;
  const urgent = status.kind === 'error' || status.kind === 'warning';
  return (
    <div
      id={id}
      className={`amplify-flex amplify-alert amplify-alert--${status.kind} status-message`}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
    >
      <Icon name={status.kind} className="amplify-icon amplify-alert__icon" />
      <div className="amplify-alert__body status-message__text">{status.text}</div>
      {onDismiss && (
        <button
          type="button"
          aria-label="Dismiss alert"
          className="amplify-button amplify-field-group__control amplify-button--link amplify-alert__dismiss"
          onClick={onDismiss}
        >
          <Icon name="close" size={20} />
        </button>
      )}
    </div>
  );
}
