import { TextField } from '@aws-amplify/ui-react';

/**
 * A search box of a form that finds people or families (the directory's search): what is typed
 * goes to `onFind`, and a hint says when the answer was cut short (`more`).
 */
export function FindField({
  label,
  name,
  value,
  onFind,
  more,
  disabled = false,
  autoFocus = false,
}: {
  label: string;
  name: string;
  value: string;
  onFind: (text: string) => void;
  more: boolean;
  disabled?: boolean;
  /** The first field of a dialog (Modal focuses the element marked data-autofocus). */
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      name={name}
      type="search"
      value={value}
      onChange={(e) => onFind(e.target.value)}
      placeholder="Name, email, phone or city"
      autoComplete="off"
      isDisabled={disabled}
      descriptiveText={more ? 'Only the first matches are listed: type more to narrow.' : undefined}
      {...(autoFocus ? { 'data-autofocus': true } : {})}
    />
  );
}
