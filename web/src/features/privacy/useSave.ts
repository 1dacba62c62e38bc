/**
 * The privacy forms' save: one at a time; on success `onSaved` (or, without one, the server's
 * message shown on the page), on failure the text of the `failed` context (lib/errorTexts.ts).
 */
import { useState, type FormEvent } from 'react';
import type { Status } from '../../components/StatusMessage';
import { errorText, type ErrorContext } from '../../lib/errorTexts';

export function useSave(
  save: { isPending: boolean; mutateAsync: () => Promise<{ message: string }> },
  failed: ErrorContext,
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
      setStatus({ kind: 'error', text: errorText(failed, error) });
    }
  }
  return { status, busy, onSubmit };
}
