/** Small pieces shared by the entry forms (family, member, group). */
import { Text, TextField, type TextFieldProps } from '@aws-amplify/ui-react';
import type { FieldProps } from '../lib/form';
import styles from './EntryForm.module.css';

/** A field label with a visual asterisk; the input's `required` tells assistive technology. */
export function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}{' '}
      <span className={styles.star} aria-hidden="true">
        *
      </span>
    </>
  );
}

export function RequiredNote() {
  return (
    <Text className={styles.requiredNote}>
      Fields marked <span aria-hidden="true">*</span>
      <span className="amplify-visually-hidden">with an asterisk</span> are required.
    </Text>
  );
}

type EntryFieldProps = Omit<TextFieldProps, 'label' | 'isRequired' | keyof FieldProps> &
  FieldProps & {
    label: string;
    /** Marked with the asterisk and `required` for assistive technology. */
    required?: boolean;
  };

/** A text field of the entry forms: never autofilled (these are other people's details), marked when required. */
export function EntryField({ label, required = false, ...rest }: EntryFieldProps) {
  return (
    <TextField
      label={required ? <RequiredLabel text={label} /> : label}
      isRequired={required}
      autoComplete="off"
      {...rest}
    />
  );
}

/** A month/day field (birthday, anniversary): MM/DD, at most five characters. */
export function MonthDayField({ label, ...rest }: Omit<EntryFieldProps, 'required'>) {
  return <EntryField label={`${label} (MM/DD)`} placeholder="MM/DD" inputMode="numeric" maxLength={5} {...rest} />;
}
