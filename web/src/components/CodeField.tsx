import { TextField } from '@aws-amplify/ui-react';
import type { Checked, FieldProps } from '../lib/form';

/** The 6-digit code from a verification or reset mail, or from an authenticator app: digits only, one-time-code autofill. */
export function CodeField({ label, onChange, ...field }: FieldProps & { label: string }) {
  return (
    <TextField
      label={label}
      {...field}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      onChange={(e) => onChange({ target: { value: e.target.value.replace(/\D/g, '') } })}
      isRequired
    />
  );
}

export const TOTP_CODE_MESSAGE = 'Please enter the 6-digit code from your authenticator app.';

/** An authenticator app's 6 digits (the code step of the sign-in and of two-step set-up). */
export const checkTotpCode = ({ code }: { code: string }): Checked<string> =>
  /^\d{6}$/.test(code)
    ? { ok: true, value: code }
    : { ok: false, issues: [{ field: 'code', message: TOTP_CODE_MESSAGE }] };
