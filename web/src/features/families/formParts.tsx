/** Small pieces shared by the entry forms (family, member, group). */
import { Text, TextField } from '@aws-amplify/ui-react';

/** A field label with a visual asterisk; the input's `required` tells assistive technology. */
export function RequiredLabel({ text }: { text: string }) {
  return (
    <>
      {text}{' '}
      <span className="entry-form__star" aria-hidden="true">
        *
      </span>
    </>
  );
}

export function RequiredNote() {
  return (
    <Text className="entry-form__required-note">
      Fields marked <span aria-hidden="true">*</span>
      <span className="amplify-visually-hidden">with an asterisk</span> are required.
    </Text>
  );
}

/** A month/day field (birthday, anniversary): MM/DD, five characters (SPEC.md section 9). */
export function MonthDayField({ label, name, value, onChange, disabled }: {
  label: string;
  name: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  disabled: boolean;
}) {
  return (
    <TextField
      label={`${label} (MM/DD)`}
      name={name}
      placeholder="MM/DD"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={onChange}
      isDisabled={disabled}
      maxLength={5}
    />
  );
}
