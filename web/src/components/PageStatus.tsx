/**
 * The dismissible status line of the directory pages, and the message one page hands to the next
 * through the router state.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { StatusMessage } from './StatusMessage';
import styles from './PageStatus.module.css';

/** Success and info messages clear after 5000 ms. */
export const STATUS_CLEAR_MS = 5000;

export type PageStatusKind = 'success' | 'info' | 'warning' | 'danger';
export interface PageStatus {
  kind: PageStatusKind;
  text: string;
}

/** What a page puts in the router state to have the next page show a message (after a delete or a save). */
export interface StatusLocationState {
  status?: PageStatus;
}

/** A status from router state, if it looks like one. */
function statusFromLocationState(state: unknown): PageStatus | null {
  const status = (state as StatusLocationState | null | undefined)?.status as
    { kind?: unknown; text?: unknown } | undefined;
  if (!status || typeof status.text !== 'string' || !status.text) return null;
  const kind = status.kind === 'error' ? 'danger' : status.kind;
  if (kind !== 'success' && kind !== 'info' && kind !== 'warning' && kind !== 'danger') return null;
  return { kind, text: status.text };
}

/**
 * The page's status line, which the reader can dismiss; success and info clear themselves after
 * 5 s. A message handed over through the router state (after a delete or a save on another page)
 * shows once, then leaves the history entry, so a reload does not show it again.
 */
export function usePageStatus() {
  const location = useLocation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<PageStatus | null>(() => statusFromLocationState(location.state));
  useEffect(() => {
    if (statusFromLocationState(location.state)) navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);
  useEffect(() => {
    if (!status || (status.kind !== 'success' && status.kind !== 'info')) return;
    const timer = setTimeout(() => setStatus(null), STATUS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return [status, setStatus] as const;
}

export function PageStatusMessage({ status, onDismiss }: { status: PageStatus | null; onDismiss: () => void }) {
  return (
    <div className={styles.familyStatus}>
      <StatusMessage
        status={status && { kind: status.kind === 'danger' ? 'error' : status.kind, text: status.text }}
        onDismiss={onDismiss}
      />
    </div>
  );
}
