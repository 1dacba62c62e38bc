import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { BookCoverView } from '@contract/book';
import type { PageStatus } from '../../components/PageStatus';
import { uploadBookCover } from './photoUpload';
import styles from './BookCoverChoice.module.css';

export const COVER_TEXTS = {
  uploading: 'Uploading the cover photo...',
  preparing: 'Preparing the cover photo...',
} as const;

/**
 * The book's cover photo, part of the church's book setting (admins): added or changed by
 * choosing a picture (uploaded and checked as a family's photo is, then saved as the setting),
 * or removed. The cover page prints it under the church's name.
 */
export function BookCoverChoice({
  cover,
  disabled,
  choose,
  onStatus,
}: {
  cover: BookCoverView | null;
  disabled: boolean;
  /** Saves the cover as the church's setting (bookSettings.ts): a checked upload's key, or null to remove it. */
  choose: (change: { coverPhoto: string | null }) => Promise<void>;
  onStatus: (status: PageStatus | null) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    onStatus(null);
    setStep(COVER_TEXTS.uploading);
    try {
      const photo = await uploadBookCover(file, { onPreparing: () => setStep(COVER_TEXTS.preparing) });
      await choose({ coverPhoto: photo });
    } catch (failure) {
      onStatus({ kind: 'danger', text: `Error: ${(failure as Error).message}` });
    } finally {
      setStep(null);
      if (input.current) input.current.value = '';
    }
  }

  const busy = disabled || step !== null;
  return (
    <div className={styles.pdfBookCover}>
      {cover && (
        <img
          className={styles.pdfBookCoverPreview}
          src={cover.url}
          alt="The book's cover photo"
          width={Math.round((48 * cover.width) / cover.height)}
          height={48}
        />
      )}
      <input
        ref={input}
        id={inputId}
        className="amplify-visually-hidden"
        type="file"
        accept="image/*"
        onChange={(e) => void onFile(e)}
        disabled={busy}
      />
      <label htmlFor={inputId} className={styles.pdfBookCoverPick} aria-disabled={busy}>
        {cover ? 'Change cover photo' : 'Add cover photo'}
      </label>
      {cover && (
        <button
          type="button"
          className={styles.pdfBookCoverRemove}
          disabled={busy}
          onClick={() => void choose({ coverPhoto: null })}
        >
          Remove cover
        </button>
      )}
      {step && <span role="status">{step}</span>}
    </div>
  );
}
