import { Link as RouterLink } from 'react-router-dom';
import { Alert, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { checkRegistrationForm } from '@contract/auth';
import { US_STATES } from '@contract/fields';
import { callApi } from '../../lib/api';
import { fromCheck } from '../../lib/form';
import { AccountCreationForm } from './AccountCreationForm';
import { NewAccountFields } from './NewAccountFields';
import authStyles from './authPages.module.css';
import styles from './RegisterOrganizationPage.module.css';

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

/** The form's field for a path of the registration's body. */
const ADMIN_FIELDS: Record<string, keyof typeof EMPTY> = { name: 'adminName', email: 'adminEmail' };
const fieldOf = (path: readonly PropertyKey[]) => {
  const key = String(path[path.length - 1] ?? '');
  return path[0] === 'adminInfo' ? (ADMIN_FIELDS[key] ?? key) : key;
};

export default function RegisterOrganizationPage() {
  return (
    <AccountCreationForm
      titles={{ tab: 'Register Your Church', heading: 'Register Your Church Directory' }}
      wide
      initial={EMPTY}
      check={(f) =>
        fromCheck(
          checkRegistrationForm(
            {
              churchInfo: { name: f.name, address: f.address, city: f.city, state: f.state, zip: f.zip },
              adminInfo: { name: f.adminName, email: f.adminEmail, password: f.password },
            },
            f.confirmPassword,
          ),
          { fieldOf },
        )
      }
      password={(value) => ({ password: value.adminInfo.password, field: 'password' })}
      create={(value) => ({
        call: () => callApi('registerOrganization', { body: value }),
        credentials: value.adminInfo,
        failed: 'registration',
        pending: { kind: 'register', churchInfo: value.churchInfo },
      })}
      submit={{ idle: 'Register Church', busy: 'Registering...' }}
      before={
        <Alert variation="warning" role="note" marginTop="small" marginBottom="medium" heading="Joining as a member?">
          This form creates a new church directory. If your church already uses this directory, please{' '}
          <RouterLink to="/create-account">create a member account</RouterLink> instead.
        </Alert>
      }
      footer={
        <Text className={authStyles.cardFooterLinks}>
          Already registered? <RouterLink to="/login">Log in</RouterLink>
        </Text>
      }
    >
      {({ field, busy }) => (
        <>
          <fieldset className={styles.formSection} disabled={busy}>
            <legend>Church Information</legend>
            <Flex direction="column" gap="medium">
              <TextField
                label="Church Name"
                {...field('name')}
                name="church-name"
                autoComplete="organization"
                isRequired
                maxLength={100}
              />
              <TextField
                label="Street Address"
                {...field('address')}
                name="street-address"
                autoComplete="street-address"
                isRequired
                maxLength={200}
              />
              <div className={styles.formRow}>
                <TextField label="City" {...field('city')} autoComplete="address-level2" isRequired maxLength={100} />
                <SelectField
                  label="State"
                  {...field('state')}
                  autoComplete="address-level1"
                  isRequired
                  placeholder="Select a state"
                >
                  {US_STATES.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.name}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label="Zip Code"
                  {...field('zip')}
                  autoComplete="postal-code"
                  inputMode="numeric"
                  isRequired
                  maxLength={5}
                />
              </div>
            </Flex>
          </fieldset>

          <fieldset className={styles.formSection} disabled={busy}>
            <legend>Initial Administrator</legend>
            <Flex direction="column" gap="medium">
              <NewAccountFields
                field={field}
                keys={{ name: 'adminName', email: 'adminEmail', password: 'password', confirm: 'confirmPassword' }}
                prefix="admin-"
              />
            </Flex>
          </fieldset>
        </>
      )}
    </AccountCreationForm>
  );
}
