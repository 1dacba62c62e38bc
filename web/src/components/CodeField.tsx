import { TextField } from '@aws-amplify/ui-react';

/** The 6-digit code from a verification or reset mail: digits only, one-time-code autofill. */
export function CodeField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  disabled: boolean;
}) {
  return (
    <TextField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      isRequired
      isDisabled={disabled}
    />
  );
}
