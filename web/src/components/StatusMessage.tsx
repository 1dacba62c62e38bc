import { Alert } from '@aws-amplify/ui-react';

export type StatusKind = 'success' | 'info' | 'warning' | 'error';

export interface Status {
  kind: StatusKind;
  text: string;
}

/**
 * One status line. Errors and warnings interrupt (role="alert"); success and progress are
 * announced politely (role="status").
 */
export function StatusMessage({ status, onDismiss }: { status: Status | null; onDismiss?: () => void }) {
  if (!status) return null;
  const urgent = status.kind === 'error' || status.kind === 'warning';
  return (
    <Alert
      variation={status.kind}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      isDismissible={Boolean(onDismiss)}
      onDismiss={onDismiss}
      className="status-message"
    >
      {status.text}
    </Alert>
  );
}
