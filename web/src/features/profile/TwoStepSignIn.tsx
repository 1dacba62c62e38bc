import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchMFAPreference, setUpTOTP, verifyTOTPSetup } from 'aws-amplify/auth';
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { QRCodeSVG } from 'qrcode.react';
import { checkTotpCode, CodeField } from '../../components/CodeField';
import { StatusMessage } from '../../components/StatusMessage';
import { callApi } from '../../lib/api';
import { cx } from '../../lib/classNames';
import { useForm } from '../../lib/form';
import { totpOnQuery } from '../../lib/mfa';
import styles from './TwoStepSignIn.module.css';

/** The name an authenticator app shows beside the account. */
const APP_NAME = 'Church Directory';

type State = { step: 'loading' } | { step: 'off' } | { step: 'setup'; uri: string; secret: string } | { step: 'on' };

/**
 * My Profile's "Two-step sign-in": an authenticator app's 6-digit code after the password (TOTP,
 * Cognito's software token). Set up (QR code or the key to type), confirm with a code, turn off.
 * The code is checked with Cognito (VerifySoftwareToken); turning on and off goes through the API
 * (setTwoStep), which keeps when it went on: the operator pages admit only sign-ins after that, so
 * the super-admin (`required` says why it must have it) is asked to log in again with a code.
 */
export function TwoStepSignIn({ email, required }: { email: string; required?: string }) {
  const [state, setState] = useState<State>({ step: 'loading' });
  const form = useForm({ initial: { code: '' }, check: checkTotpCode, failed: 'totp' });
  const { busy, status, run } = form;
  const client = useQueryClient();
  const changed = () => client.invalidateQueries({ queryKey: totpOnQuery().queryKey });

  useEffect(() => {
    let live = true;
    fetchMFAPreference().then(
      (mfa) => live && setState({ step: mfa.enabled?.includes('TOTP') ? 'on' : 'off' }),
      () => live && setState({ step: 'off' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const start = () =>
    run(async () => {
      const totp = await setUpTOTP();
      form.set('code', '');
      setState({ step: 'setup', uri: totp.getSetupUri(APP_NAME, email).toString(), secret: totp.sharedSecret });
    });

  const confirm = form.submit(async (code) => {
    await verifyTOTPSetup({ code });
    await callApi('setTwoStep', { body: { on: true } });
    await changed();
    setState({ step: 'on' });
    form.setStatus({
      kind: 'success',
      text: required
        ? 'Two-step sign-in is on. Log out and log in again with your code to open the operator pages.'
        : 'Two-step sign-in is on. You will be asked for a code each time you log in.',
    });
  });

  const turnOff = () =>
    run(async () => {
      await callApi('setTwoStep', { body: { on: false } });
      await changed();
      setState({ step: 'off' });
      form.setStatus({ kind: 'success', text: 'Two-step sign-in is off.' });
    });

  return (
    <section aria-labelledby="profile-two-step">
      <Card variation="outlined">
        <Flex direction="column" gap="medium">
          <Heading level={2} id="profile-two-step" className="section-title">
            Two-step sign-in
          </Heading>
          {required && state.step !== 'on' && <StatusMessage status={{ kind: 'warning', text: required }} />}
          <StatusMessage status={status} id={form.statusId} />
          {state.step === 'loading' && <Text className="muted">Loading...</Text>}
          {state.step === 'off' && (
            <Flex direction="column" gap="small" alignItems="flex-start">
              <Text>
                After your password, also enter a 6-digit code from an authenticator app on your phone (such as Google
                Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone cannot open your
                account.
              </Text>
              <Button variation="primary" onClick={start} isDisabled={busy}>
                Set up two-step sign-in
              </Button>
            </Flex>
          )}
          {state.step === 'setup' && (
            <form onSubmit={confirm} noValidate aria-busy={busy}>
              <Flex direction="column" gap="medium" alignItems="flex-start">
                <Text>1. In your authenticator app, add an account and scan this code:</Text>
                <QRCodeSVG
                  value={state.uri}
                  size={176}
                  marginSize={2}
                  role="img"
                  aria-label="QR code for your authenticator app"
                />
                <Text>
                  Or type this key: <code className={cx('mono', styles.totpKey)}>{state.secret}</code>
                </Text>
                <Text>2. Enter the 6-digit code the app shows:</Text>
                <CodeField label="Code from the app" {...form.field('code')} />
                <Flex gap="small" wrap="wrap">
                  <Button type="submit" variation="primary" isDisabled={busy}>
                    {busy ? 'Checking...' : 'Turn On'}
                  </Button>
                  <Button onClick={() => setState({ step: 'off' })} isDisabled={busy}>
                    Cancel
                  </Button>
                </Flex>
              </Flex>
            </form>
          )}
          {state.step === 'on' && (
            <Flex direction="column" gap="small" alignItems="flex-start">
              <Text>On: each time you log in, you enter a code from your authenticator app after your password.</Text>
              {!required && (
                <Button onClick={turnOff} isDisabled={busy}>
                  Turn Off
                </Button>
              )}
            </Flex>
          )}
        </Flex>
      </Card>
    </section>
  );
}
