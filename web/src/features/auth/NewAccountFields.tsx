/** The new account's name, e-mail address and password (twice), as sign-up and registration ask for them. */
import { PasswordField, TextField } from '@aws-amplify/ui-react';
import { LIMITS, PASSWORD_MIN } from '@contract/fields';
import type { FieldProps } from '../../lib/form';

export interface NewAccountKeys<K extends string> {
  name: K;
  email: K;
  password: K;
  confirm: K;
}

export function NewAccountFields<K extends string>({
  field,
  keys,
  emailFirst = false,
  prefix = '',
}: {
  field: (key: K) => FieldProps;
  /** The form's names for the four values. */
  keys: NewAccountKeys<K>;
  /** Sign-up asks for the address first: it is what the church holds. */
  emailFirst?: boolean;
  /** Of the inputs' names, so two accounts' fields on one page never share one ('admin-'). */
  prefix?: string;
}) {
  const name = (
    <TextField
      key="name"
      label="Full Name"
      {...field(keys.name)}
      name={`${prefix}full-name`}
      autoComplete="name"
      isRequired
      maxLength={LIMITS.name}
    />
  );
  const email = (
    <TextField
      key="email"
      label="Email"
      {...field(keys.email)}
      name={`${prefix}email`}
      type="email"
      autoComplete="email"
      inputMode="email"
      isRequired
    />
  );
  return (
    <>
      {emailFirst ? [email, name] : [name, email]}
      <PasswordField
        label="Password"
        {...field(keys.password)}
        name={`${prefix}password`}
        autoComplete="new-password"
        descriptiveText={`At least ${PASSWORD_MIN} characters.`}
        isRequired
      />
      <PasswordField
        label="Confirm Password"
        {...field(keys.confirm)}
        name={`${prefix}confirm-password`}
        autoComplete="new-password"
        isRequired
      />
    </>
  );
}
