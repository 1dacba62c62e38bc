/**
 * The church's book setting on the page: what its administrators chose (saved on the church by
 * setBookSettings and read with the church's book), or, where the church never chose, the paper
 * of its last book, else of the browser's country (paperDefault.ts). A change is saved at once
 * and shown while it is saved.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BookSettings, GetDirectoryBookResult } from '@contract/book';
import { directoryBookQuery, useApiMutation } from '../../api/queries';
import { isApiError } from '../../lib/api';
import type { PageStatus } from '../../components/PageStatus';
import { defaultPaper } from './paperDefault';

export const SETTINGS_NOT_SAVED = 'Error: The book setting could not be saved.';

/** The setting the page shows: the church's, else the defaults of a church that never chose. */
export function shownSettings(data: GetDirectoryBookResult | undefined): BookSettings {
  if (data?.settings) return data.settings;
  return { paper: defaultPaper(data?.book?.paper), photos: data?.book?.photos ?? true, cover: null };
}

export function useBookSettings(
  data: GetDirectoryBookResult | undefined,
  onStatus: (status: PageStatus | null) => void,
) {
  const client = useQueryClient();
  const save = useApiMutation('setBookSettings');
  /** The choice being saved, shown until the church's setting says it. */
  const [saving, setSaving] = useState<BookSettings | null>(null);
  const settings = saving ?? shownSettings(data);

  /** Saves a change: paper or photos, or the cover (a checked upload's key, or null to remove it). */
  async function choose(change: Partial<Pick<BookSettings, 'paper' | 'photos'>> & { coverPhoto?: string | null }) {
    const { coverPhoto, ...choices } = change;
    const next = { ...settings, ...choices, ...(coverPhoto === null ? { cover: null } : {}) };
    setSaving(next);
    try {
      const body = { paper: next.paper, photos: next.photos, ...(coverPhoto !== undefined ? { coverPhoto } : {}) };
      const saved = await save.mutateAsync({ body });
      client.setQueryData<GetDirectoryBookResult>(directoryBookQuery().queryKey, (old) =>
        old ? { ...old, settings: saved.settings } : old,
      );
    } catch (failure) {
      onStatus({
        kind: 'danger',
        text: isApiError(failure) && failure.status > 0 ? `Error: ${failure.message}` : SETTINGS_NOT_SAVED,
      });
    } finally {
      setSaving(null);
    }
  }

  return { settings, choose, saving: saving !== null };
}
