import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Card, Flex, PasswordField, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { PageTitle } from '../../components/PageTitle';
import { validateRegistrationForm } from '@contract/auth';
import { US_STATES } from '@contract/fields';
import { StatusMessage } from '../../components/StatusMessage';
import { callApi } from '../../lib/api';
import { useCommonPasswordCheck } from '../../lib/commonPasswords';
import { usePageTitle } from '../../lib/usePageTitle';
import { CreationOutcome } from './CreationOutcome';
import { useAccountCreation } from './useAccountCreation';

/** Redirect 4 s after organisation registration. */
export const REGISTRATION_REDIRECT_MS = 4000;

const EMPTY = {
  name: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  adminName: '',
  adminEmail: '',
  password: '',
  confirmPassword: '',
};
type Fields = typeof EMPTY;

export default function RegisterOrganizationPage() {
  usePageTitle('Register Your Church');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const { busy, done, status, followUp, showLoginLink, setStatus, create } =
    useAccountCreation(REGISTRATION_REDIRECT_MS);

  const commonPasswordText = useCommonPasswordCheck();

  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validateRegistrationForm(
      {
        churchInfo: {
          name: fields.name,
          address: fields.address,
          city: fields.city,
          state: fields.state,
          zip: fields.zip,
        },
        adminInfo: { name: fields.adminName, email: fields.adminEmail, password: fields.password },
      },
      fields.confirmPassword,
    );
    if (!checked.ok) {
      setStatus({ kind: 'error', text: checked.message });
      return;
    }
    const refused = await commonPasswordText(checked.value.adminInfo.password);
    if (refused) {
      setStatus({ kind: 'error', text: refused });
      return;
    }
    const { email, password } = checked.value.adminInfo;
    await create(
      () => callApi('registerOrganization', { body: checked.value }),
      { email, password },
      {
        failed: 'registration',
        signInFailed: 'Your account was created, but the automatic sign-in failed. Please log in manually.',
        mailFailedPrefix: 'Your account was created and you are signed in',
        success: `Almost done! Please check the administrator's email (${email}) for a code to verify the account; the church is registered once it is verified. Redirecting...`,
        finished: 'Organization registered! Redirecting to dashboard...',
      },
      { kind: 'register', churchInfo: checked.value.churchInfo },
    );
  }

  return (
    <Flex justifyContent="center" className="page">
      <Card variation="elevated" className="form-card form-card--wide">
        <PageTitle>Register Your Church Directory</PageTitle>

        {!done && (
          <Alert variation="warning" role="note" marginTop="small" marginBottom="medium" heading="Joining as a member?">
            This form creates a new church directory. If your church already uses this directory, please{' '}
            <RouterLink to="/create-account">create a member account</RouterLink> instead.
          </Alert>
        )}

        <CreationOutcome done={done} status={status} followUp={followUp} showLoginLink={showLoginLink} />

        {!done && (
          <form onSubmit={onSubmit} noValidate aria-busy={busy}>
            <fieldset className="form-section" disabled={busy}>
              <legend>Church Information</legend>
              <Flex direction="column" gap="medium">
                <TextField
                  label="Church Name"
                  name="church-name"
                  autoComplete="organization"
                  value={fields.name}
                  onChange={set('name')}
                  isRequired
                  isDisabled={busy}
                  maxLength={100}
                />
                <TextField
                  label="Street Address"
                  name="street-address"
                  autoComplete="street-address"
                  value={fields.address}
                  onChange={set('address')}
                  isRequired
                  isDisabled={busy}
                  maxLength={200}
                />
                <div className="form-row">
                  <TextField
                    label="City"
                    name="city"
                    autoComplete="address-level2"
                    value={fields.city}
                    onChange={set('city')}
                    isRequired
                    isDisabled={busy}
                    maxLength={100}
                    className="form-row__grow"
                  />
                  <SelectField
                    label="State"
                    name="state"
                    autoComplete="address-level1"
                    value={fields.state}
                    onChange={set('state')}
                    isRequired
                    isDisabled={busy}
                    placeholder="Select a state"
                    className="form-row__state"
                  >
                    {US_STATES.map((s) => (
                      <option key={s.code} value={s.code}>
                        {s.name}
                      </option>
                    ))}
                  </SelectField>
                  <TextField
                    label="Zip Code"
                    name="zip"
                    autoComplete="postal-code"
                    inputMode="numeric"
                    value={fields.zip}
                    onChange={set('zip')}
                    isRequired
                    isDisabled={busy}
                    maxLength={5}
                    className="form-row__zip"
                  />
                </div>
              </Flex>
            </fieldset>

            <fieldset className="form-section" disabled={busy}>
              <legend>Initial Administrator</legend>
              <Flex direction="column" gap="medium">
                <TextField
                  label="Full Name"
                  name="admin-name"
                  autoComplete="name"
                  value={fields.adminName}
                  onChange={set('adminName')}
                  isRequired
                  isDisabled={busy}
                  maxLength={100}
                />
                <TextField
                  label="Email"
                  name="admin-email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  value={fields.adminEmail}
                  onChange={set('adminEmail')}
                  isRequired
                  isDisabled={busy}
                />
                <PasswordField
                  label="Password"
                  name="admin-password"
                  autoComplete="new-password"
                  descriptiveText="At least 6 characters."
                  value={fields.password}
                  onChange={set('password')}
                  isRequired
                  isDisabled={busy}
                />
                <PasswordField
                  label="Confirm Password"
                  name="admin-confirm-password"
                  autoComplete="new-password"
                  value={fields.confirmPassword}
                  onChange={set('confirmPassword')}
                  isRequired
                  isDisabled={busy}
                />
              </Flex>
            </fieldset>

            <div className="form-status">
              <StatusMessage status={status} />
            </div>
            <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
              {busy ? 'Registering...' : 'Register Church'}
            </Button>
            <Text className="card-footer-links">
              Already registered? <RouterLink to="/login">Log in</RouterLink>
            </Text>
          </form>
        )}
      </Card>
    </Flex>
  );
}
