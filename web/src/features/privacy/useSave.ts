/**
 * The privacy forms' save: one at a time; on success `onSaved` (or, without one, the server's
 * message shown on the page), on failure the server's message or `failed`.
 */
import { useState, type FormEvent } from 'react';
import type { Status } from '../../components/StatusMessage';
import { isApiError } from '../../lib/apiError';

export const errorText = (error: unknown, fallback: string) =>
  isApiError(error) && error.message ? error.message : fallback;

export function useSave(
  save: { isPending: boolean; mutateAsync: () => Promise<{ message: string }> },
  failed: string,
  onSaved?: (message: string) => void,
) {
  const [status, setStatus] = useState<Status | null>(null);
  const busy = save.isPending;
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setStatus(null);
    try {
      const { message } = await save.mutateAsync();
      if (onSaved) onSaved(message);
      else setStatus({ kind: 'success', text: message });
    } catch (error) {
      setStatus({ kind: 'error', text: errorText(error, failed) });
    }
  }
  return { status, busy, onSubmit };
}
