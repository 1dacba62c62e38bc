import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Card, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { validateSignupForm } from '@contract/auth';
import { PageTitle } from '../../components/PageTitle';
import { StatusMessage } from '../../components/StatusMessage';
import { callApi } from '../../lib/api';
import { useCommonPasswordCheck } from '../../lib/commonPasswords';
import { usePageTitle } from '../../lib/usePageTitle';
import { CreationOutcome } from './CreationOutcome';
import { useAccountCreation } from './useAccountCreation';

/** Redirect 3.5 s after member signup. */
export const SIGNUP_REDIRECT_MS = 3500;

export const SIGNUP_SUCCESS =
  'Your account has been created! Please check your email to verify your address. Redirecting...';
export const SIGNUP_FINISHED = 'Welcome! Your account is linked to your family. Redirecting...';
const EMPTY = { email: '', fullName: '', password: '', confirmPassword: '' };
type Fields = typeof EMPTY;

export default function CreateAccountPage() {
  usePageTitle('Join Your Church Directory');
  const { orgId } = useParams();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const { busy, done, status, followUp, showLoginLink, setStatus, create } = useAccountCreation(SIGNUP_REDIRECT_MS);

  const commonPasswordText = useCommonPasswordCheck();

  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validateSignupForm(fields, orgId ?? null);
    if (!checked.ok) {
      setStatus({ kind: 'error', text: checked.message });
      return;
    }
    const refused = await commonPasswordText(checked.value.password);
    if (refused) {
      setStatus({ kind: 'error', text: refused });
      return;
    }
    const { email, password } = checked.value;
    await create(
      () => callApi('newUser', { body: checked.value }),
      { email, password },
      {
        failed: 'signup',
        signInFailed: 'Your account was created, but the automatic sign-in failed. Please log in manually.',
        mailFailedPrefix: 'Your account was created and you are signed in',
        success: SIGNUP_SUCCESS,
        finished: SIGNUP_FINISHED,
      },
      { kind: 'join', orgId: checked.value.orgId },
    );
  }

  return (
    <Flex justifyContent="center" className="page page--narrow">
      <Card variation="elevated" className="form-card">
        <PageTitle>Join Your Church Directory</PageTitle>

        <CreationOutcome done={done} status={status} followUp={followUp} showLoginLink={showLoginLink} />

        {!done && (
          <form onSubmit={onSubmit} noValidate aria-busy={busy}>
            <Text className="muted" marginBottom="medium">
              {orgId ? 'You are joining through your church’s sign-up link. ' : ''}
              Use the email address your church has on file for you.
            </Text>
            <Flex direction="column" gap="medium">
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={fields.email}
                onChange={set('email')}
                isRequired
                isDisabled={busy}
              />
              <TextField
                label="Full Name"
                name="full-name"
                autoComplete="name"
                value={fields.fullName}
                onChange={set('fullName')}
                isRequired
                isDisabled={busy}
                maxLength={100}
              />
              <PasswordField
                label="Password"
                name="password"
                autoComplete="new-password"
                descriptiveText="At least 6 characters."
                value={fields.password}
                onChange={set('password')}
                isRequired
                isDisabled={busy}
              />
              <PasswordField
                label="Confirm Password"
                name="confirm-password"
                autoComplete="new-password"
                value={fields.confirmPassword}
                onChange={set('confirmPassword')}
                isRequired
                isDisabled={busy}
              />
              <StatusMessage status={status} />
              <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
                {busy ? 'Creating Account...' : 'Create Account'}
              </Button>
            </Flex>
            <Text className="card-footer-links">
              Already have an account? <RouterLink to="/login">Log in</RouterLink>
            </Text>
            <Text className="card-footer-links">
              Setting up a new church? <RouterLink to="/register-organization">Register your church</RouterLink>
            </Text>
          </form>
        )}
      </Card>
    </Flex>
  );
}
