/**
 * A file item in the study editor: choose a PDF or a picture (uploaded at once, its progress and
 * the server's check said as they happen: attachmentUpload.ts), see it ready (a picture's
 * preview, a PDF's pages) or why it cannot be used (then choose another), and name it for its
 * readers. Its status line is announced (StatusMessage): politely while it is on its way, at
 * once when it is refused.
 */
import type { ChangeEvent } from 'react';
import { STUDY_LIMITS } from '@contract/studies';
import { Icon } from '../../components/Icon';
import { RequiredLabel } from '../../components/formFields';
import { StatusMessage, type Status } from '../../components/StatusMessage';
import { cx } from '../../lib/classNames';
import { Hidden, TextInput, type ItemPlace } from './editorFields';
import { MoveButtons } from './MoveButtons';
import { FIELDS, type DraftFile, type FileDetails, type FileState } from './studyDraft';
import { STUDY_TEXTS, pdfText } from './studyWords';
import styles from './StudyFormPage.module.css';

/** What the chooser offers: PDFs and pictures (attachmentUpload.ts says which pictures it keeps). */
const ACCEPT = 'application/pdf,.pdf,image/*';

/** A usable file in a few words: "PDF, 3 pages", "Picture". */
const describe = (details: FileDetails) => (details.type === 'pdf' ? pdfText(details.pages) : STUDY_TEXTS.picture);

/** The status line of a file on its way, just checked, or refused; none for a file the study holds or none chosen. */
function statusOf(upload: FileState): Status | null {
  switch (upload.state) {
    case 'uploading':
      // In tens: a screen reader hears each step, not every percent.
      return { kind: 'info', text: STUDY_TEXTS.uploading(Math.floor(upload.percent / 10) * 10) };
    case 'checking':
      return { kind: 'info', text: STUDY_TEXTS.checking };
    case 'ready':
      return { kind: 'success', text: `${STUDY_TEXTS.fileReady} ${describe(upload)}` };
    case 'refused':
      return { kind: 'error', text: upload.message };
    default:
      return null;
  }
}

export function FileItemEditor({
  item,
  idOf,
  onName,
  onChoose,
  sessionName,
  number,
  count,
  invalid,
  onMove,
  onRemove,
}: ItemPlace & {
  item: DraftFile;
  /** The ids of the item's elements (the editor moves the focus to them). */
  idOf: (part: string) => string;
  onName: (name: string) => void;
  onChoose: (file: File) => void;
}) {
  const name = `${sessionName}, item ${number}`;
  const { upload } = item;
  const details = upload.state === 'ready' || upload.state === 'kept' ? upload : null;
  const status = statusOf(upload);
  // What may be chosen, said while a file is to be chosen: before the first, and after a refusal.
  const choosing = upload.state === 'none' || upload.state === 'refused';
  const inputId = idOf('file');
  const hintId = idOf('file-hint');
  const nameHintId = idOf('hint');

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Cleared so that choosing the same file again still starts again.
    event.target.value = '';
    if (chosen) onChoose(chosen);
  }

  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <span className={styles.kind}>
          <span className="sr-only">{sessionName}, </span>
          Item {number}
          <span className={styles.fileKind}>
            <Icon name="file" size={18} />
            {STUDY_TEXTS.file}
          </span>
        </span>
        <MoveButtons idOf={idOf} {...{ name, number, count, onMove, onRemove }} />
      </div>
      <div className={styles.fileBody}>
        {details && <FilePreview details={details} />}
        <div className={styles.fileControls}>
          {status ? (
            <StatusMessage status={status} />
          ) : (
            <p className={styles.fileState}>{details ? describe(details) : STUDY_TEXTS.noFile}</p>
          )}
          {upload.state === 'uploading' && (
            <progress
              className={styles.fileProgress}
              max={100}
              value={upload.percent}
              aria-label={`${name}: upload progress`}
            />
          )}
          <div>
            <input
              id={inputId}
              type="file"
              className={cx('amplify-visually-hidden', styles.fileInput)}
              accept={ACCEPT}
              aria-describedby={choosing ? hintId : undefined}
              onChange={onFile}
              {...invalid(FIELDS.itemFile(item))}
            />
            <label htmlFor={inputId} className={cx('button-link', styles.fileLabel)}>
              <Hidden before={`${name}: `}>
                {upload.state === 'none' ? STUDY_TEXTS.chooseFile : STUDY_TEXTS.chooseAnother}
              </Hidden>
            </label>
          </div>
          {choosing && (
            <p id={hintId} className={styles.hint}>
              {STUDY_TEXTS.fileHint}
            </p>
          )}
        </div>
      </div>
      <TextInput
        id={idOf('text')}
        label={
          <Hidden before={`${name}: `}>
            <RequiredLabel text={STUDY_TEXTS.fileName} />
          </Hidden>
        }
        value={item.name}
        maxLength={STUDY_LIMITS.fileName}
        required
        describedBy={nameHintId}
        onChange={onName}
        {...invalid(FIELDS.item(item))}
      />
      <p id={nameHintId} className={styles.hint}>
        {STUDY_TEXTS.fileNameHint}
      </p>
    </li>
  );
}

/** A picture's preview (from the server's check: what readers will see), or a PDF's mark. */
function FilePreview({ details }: { details: FileDetails }) {
  if (details.type === 'image' && details.url)
    return (
      <img className={styles.filePreview} src={details.url} width={details.width} height={details.height} alt="" />
    );
  return (
    <span className={cx(styles.filePreview, styles.pdfMark)} aria-hidden="true">
      <Icon name="file" size={32} />
      PDF
    </span>
  );
}
