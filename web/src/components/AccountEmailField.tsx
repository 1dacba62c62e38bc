import { TextField } from '@aws-amplify/ui-react';
import type { FieldProps } from '../lib/form';

/** The address of an existing account (sign-in, password reset): the browser's password manager fills it. */
export function AccountEmailField({ id, ...field }: FieldProps & { id?: string }) {
  return (
    <TextField id={id} label="Email" {...field} type="email" autoComplete="username" inputMode="email" isRequired />
  );
}
