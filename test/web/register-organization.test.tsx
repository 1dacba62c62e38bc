import { COMMON_PASSWORD_MESSAGE } from '../../lambdas/contract/commonPasswords';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  auth,
  currentPath,
  jsonResponse,
  pageShown,
  renderApp,
  sessionFor,
  signedInAs,
  stubFetch,
  typeCode,
} from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  vi.clearAllMocks();
  signedInAs(null);
  fetchMock = stubFetch(() => jsonResponse(500, { error: { code: 'internal', message: 'unexpected call' } }));
});

const valid = {
  'Church Name': 'Grace Community Church',
  'Street Address': '1 Main Street',
  City: 'Raleigh',
  'Zip Code': '27601',
  'Full Name': 'Pat Pastor',
  Email: 'pat@example.org',
  Password: 'secret12',
  'Confirm Password': 'secret12',
};
type Field = keyof typeof valid;

async function openForm() {
  renderApp('/register-organization');
  await screen.findByRole('heading', { level: 1, name: 'Register Your Church Directory' });
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input,select' }) as HTMLInputElement;

async function fill(overrides: Partial<Record<Field, string>> = {}, state = 'NC') {
  const values = { ...valid, ...overrides };
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    await userEvent.clear(input);
    // Pasted, one change per field: typing every character re-renders the whole form each time,
    // which takes many seconds on a loaded machine and proves nothing more here.
    if (value) {
      input.focus();
      await userEvent.paste(value);
    }
  }
  if (state) await userEvent.selectOptions(field('State'), state);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Register Church' }));
const alertText = async () => (await screen.findByRole('alert')).textContent;

describe('register organization form', () => {
  it('shows the member warning, the church and administrator sections and a 51-entry state list', async () => {
    await openForm();
    expect(screen.getByRole('link', { name: 'create a member account' })).toHaveProperty('pathname', '/create-account');
    expect(screen.getByRole('group', { name: 'Church Information' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Initial Administrator' })).toBeTruthy();
    const options = within(field('State'))
      .getAllByRole('option')
      .filter((o) => (o as HTMLOptionElement).value);
    expect(options).toHaveLength(51);
    expect(options.map((o) => o.textContent)).toContain('District Of Columbia');
    expect(field('Zip Code').maxLength).toBe(5);
  });

  it("requires every field: 'All fields are required.'", async () => {
    await openForm();
    await submit();
    expect(await alertText()).toContain('All fields are required.');
    await fill({ City: '' });
    await submit();
    expect(await alertText()).toContain('All fields are required.');
    await fill({}, '');
    await userEvent.selectOptions(field('State'), '');
    await submit();
    expect(await alertText()).toContain('All fields are required.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a zip code that is not 5 digits', async () => {
    await openForm();
    await fill({ 'Zip Code': '2760' });
    await submit();
    expect(await alertText()).toContain('Please enter a valid 5-digit Zip Code.');
    await fill({ 'Zip Code': '27a01' });
    await submit();
    expect(await alertText()).toContain('Please enter a valid 5-digit Zip Code.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed administrator email', async () => {
    await openForm();
    await fill({ Email: 'pat@example' });
    await submit();
    expect(await alertText()).toContain('Please enter a valid administrator email address.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a password shorter than 6 characters', async () => {
    await openForm();
    await fill({ Password: '12345', 'Confirm Password': '12345' });
    await submit();
    expect(await alertText()).toContain('Administrator password must be at least 6 characters long.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects one of the most common passwords', async () => {
    await openForm();
    await fill({ Password: 'password1', 'Confirm Password': 'password1' });
    await submit();
    expect(await alertText()).toContain(COMMON_PASSWORD_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects mismatched passwords', async () => {
    await openForm();
    await fill({ 'Confirm Password': 'secret13' });
    await submit();
    expect(await alertText()).toContain('Administrator passwords do not match.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the organisation already exists", async () => {
    fetchMock = stubFetch(() =>
      jsonResponse(409, {
        error: { code: 'already-exists', message: 'An organization with this name already exists.' },
      }),
    );
    await openForm();
    await fill();
    await submit();
    expect(await alertText()).toContain('An organization with this name already exists.');
    // The form stays usable for a corrected try.
    expect(field('Church Name').disabled).toBe(false);
  });

  it("formats other server errors as 'Server error: {message} (code: {code})'", async () => {
    fetchMock = stubFetch(() => jsonResponse(503, { error: { code: 'unavailable', message: 'Busy.' } }));
    await openForm();
    await fill();
    await submit();
    expect(await alertText()).toContain('Server error: Busy. (code: unavailable)');
  });

  it('asks for the account, then the code page makes it, signs in and registers the church kept in this browser', async () => {
    fetchMock = stubFetch((url) =>
      url === '/api/session/registration'
        ? jsonResponse(200, {
            success: true,
            message: 'Organization "Grace Community Church" registered.',
            orgId: 'org-9',
          })
        : jsonResponse(200, {
            success: true,
            message: 'We sent a message to this address. Enter the code from it to finish.',
          }),
    );
    auth.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await openForm();
    await fill({ Email: 'Pat@Example.org' });
    await submit();

    await pageShown('Verify Your Email');
    expect(screen.getByText('pat@example.org')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/organizations');
    expect(init?.method).toBe('POST');
    const churchInfo = {
      name: 'Grace Community Church',
      address: '1 Main Street',
      city: 'Raleigh',
      state: 'NC',
      zip: '27601',
    };
    expect(JSON.parse(String(init?.body))).toEqual({
      churchInfo,
      adminInfo: { name: 'Pat Pastor', email: 'pat@example.org', password: 'secret12' },
    });
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
    expect(auth.signIn).not.toHaveBeenCalled();

    await typeCode('123456');
    auth.fetchAuthSession.mockResolvedValue(sessionFor({ verified: true, orgId: '' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => screen.getByText('Organization "Grace Community Church" registered. Redirecting...'), {
      timeout: 15_000,
    });
    expect(auth.signIn).toHaveBeenCalledWith({
      username: 'pat@example.org',
      password: 'secret12',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
    const finish = fetchMock.mock.calls.find(([called]) => called === '/api/session/registration')!;
    expect(JSON.parse(String(finish[1]?.body))).toEqual({ churchInfo });
    auth.fetchAuthSession.mockResolvedValue(sessionFor({ admin: true, verified: true }));
    // After PROVEN_REDIRECT_MS (2.5 s): the dashboard (a slow machine may take longer to get there).
    await vi.waitFor(() => expect(currentPath()).toBe('/dashboard'), { timeout: 15_000 });
  });
});
