/** The study editor's fields: its many inputs with the UI library's look (its class names), without its per-field work. */
import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/classNames';
import styles from './StudyFormPage.module.css';

/** What the form kit gives an input it may mark refused and focus (lib/form.ts). */
export type Invalid = (name: string) => {
  ref: (element: HTMLElement | null) => void;
  'aria-invalid'?: true;
  'aria-errormessage'?: string;
};
type Marked = ReturnType<Invalid>;

/** Where an item stands in its session, and what moves and removes it. */
export interface ItemPlace {
  /** "Session 1". */
  sessionName: string;
  number: number;
  count: number;
  invalid: Invalid;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** Words a screen reader says before (or after) the visible label, which tell one session's field from another's. */
export function Hidden({ before, children }: { before?: string; children: ReactNode }) {
  return (
    <>
      {before && <span className="sr-only">{before}</span>}
      {children}
    </>
  );
}

interface FieldProps extends Partial<Marked> {
  id?: string;
  label: ReactNode;
  value: string;
  maxLength?: number;
  required?: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}

/** The label and the attributes an input and a text area share: one field's id, value, limits and marks. */
function useControl({ id, label: _label, value, maxLength, required, describedBy, onChange, ...marked }: FieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return {
    inputId,
    control: {
      id: inputId,
      value,
      maxLength,
      required,
      'aria-describedby': describedBy,
      onChange: (e: { target: { value: string } }) => onChange(e.target.value),
      ...marked,
    },
  };
}

function Labelled({ inputId, label, children }: { inputId: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className="amplify-label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled input with the UI library's look (its class names), without its per-field work. */
export function TextInput({ type = 'text', ...field }: FieldProps & { type?: 'text' | 'date' }) {
  const { inputId, control } = useControl(field);
  return (
    <Labelled inputId={inputId} label={field.label}>
      <input
        {...control}
        type={type}
        className={cx('amplify-input', type === 'date' && styles.dateInput)}
        autoComplete="off"
      />
    </Labelled>
  );
}

export function TextArea({ rows, ...field }: FieldProps & { rows: number }) {
  const { inputId, control } = useControl(field);
  return (
    <Labelled inputId={inputId} label={field.label}>
      <textarea {...control} className={cx('amplify-input', styles.textArea)} rows={rows} />
    </Labelled>
  );
}
