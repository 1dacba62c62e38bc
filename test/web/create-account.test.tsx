import { COMMON_PASSWORD_MESSAGE } from '../../lambdas/contract/commonPasswords';
import { SIGNUP_LINK_UNKNOWN } from '../../lambdas/contract/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  auth,
  currentPath,
  eventually,
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

afterEach(() => {
  vi.restoreAllMocks();
});

const valid = {
  Email: 'ruth@example.org',
  'Full Name': 'Ruth Boaz',
  Password: 'secret12',
  'Confirm Password': 'secret12',
};
type Field = keyof typeof valid;

async function openForm(path = '/create-account') {
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Join Your Church Directory' });
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;

async function fill(overrides: Partial<Record<Field, string>> = {}) {
  for (const [label, value] of Object.entries({ ...valid, ...overrides })) {
    const input = field(label);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  }
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
/** The form filled and sent, the server answering that it mailed the address: the code page. */
async function askForCode() {
  fetchMock = stubFetch(() => jsonResponse(200, { success: true, message: MAILED }));
  await openForm();
  await fill();
  await submit();
  await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' });
}
const alertText = async () => (await screen.findByRole('alert')).textContent;
const REQUIRED = 'All fields (Email, Full Name, Password, Confirm Password) are required.';
/** getOrganizationName for the link /create-account/org-42. */
const CHURCH_URL = '/api/organizations/org-42/name';
const MAILED = 'We sent a message to this address. Enter the code from it to finish.';

describe('member signup form', () => {
  it('shows the four fields and links to sign-in and church registration', async () => {
    await openForm();
    for (const label of Object.keys(valid)) expect(field(label)).toBeTruthy();
    expect(field('Email').type).toBe('email');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveProperty('pathname', '/login');
    expect(screen.getByRole('link', { name: 'Register your church' })).toHaveProperty(
      'pathname',
      '/register-organization',
    );
  });

  it.each([
    [{ Email: '' }, REQUIRED],
    [{ 'Full Name': '' }, REQUIRED],
    [{ 'Confirm Password': '' }, REQUIRED],
    [{ Email: 'ruth@example' }, 'Please enter a valid email address.'],
    [{ Password: '12345', 'Confirm Password': '12345' }, 'Password must be at least 6 characters long.'],
    [{ 'Confirm Password': 'secret13' }, 'Passwords do not match.'],
    [{ Password: 'iloveyou', 'Confirm Password': 'iloveyou' }, COMMON_PASSWORD_MESSAGE],
  ])('checks the form before calling the server: %j', async (overrides, message) => {
    await openForm();
    await fill(overrides);
    await submit();
    expect(await alertText()).toContain(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['already-exists', 409, 'An account with this email address already exists. Try logging in.'],
    [
      'permission-denied',
      403,
      'Permission denied. You might not be allowed to join the linked organization, or the ID might be invalid.',
    ],
    ['not-found', 404, 'Server error: Could not find the account creation service.'],
    ['invalid-argument', 400, 'Invalid data provided to server. Please check your input.'],
    ['unavailable', 503, 'Server error: Busy. (code: unavailable)'],
  ])('maps %s to its signup error text and keeps the form usable', async (code, status, message) => {
    fetchMock = stubFetch(() => jsonResponse(status, { error: { code, message: 'Busy.' } }));
    await openForm();
    await fill();
    await submit();
    expect(await alertText()).toBe(message);
    expect(field('Email').disabled).toBe(false);
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('says so when the server cannot be reached at all', async () => {
    fetchMock = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await openForm();
    await fill();
    await submit();
    expect(await alertText()).toBe(
      'Server error: Could not reach the server. Please check your internet connection and try again. (code: unavailable)',
    );
  });

  it('asks for the account for the linked church, then shows the code page naming the address; nothing signs in yet', async () => {
    let release: () => void = () => {};
    fetchMock = stubFetch((url) =>
      url === CHURCH_URL
        ? jsonResponse(200, { orgName: 'Grace Chapel' })
        : new Promise<Response>(
            (resolve) => (release = () => resolve(jsonResponse(200, { success: true, message: MAILED }))),
          ),
    );
    await openForm('/create-account/org-42');
    await fill({ Email: 'Ruth@Example.org' });
    await submit();

    // Busy: the button says so and the fields are locked.
    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toHaveProperty('disabled', true);
    expect(field('Email').disabled).toBe(true);
    release();

    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' });
    expect(currentPath()).toBe('/verify-address');
    expect(screen.getByText('ruth@example.org')).toBeTruthy();
    // This browser holds the password: the page asks only for the code.
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    const [url, init] = fetchMock.mock.calls.find(([called]) => called !== CHURCH_URL)!;
    expect(url).toBe('/api/accounts');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ruth@example.org',
      fullName: 'Ruth Boaz',
      password: 'secret12',
      orgId: 'org-42',
    });
    expect(new Headers(init.headers).has('authorization')).toBe(false);
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('sends orgId null without a church link', async () => {
    await askForCode();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body)).orgId).toBeNull();
  });

  it('says what to do when the address had its day’s codes', async () => {
    const limit =
      'We have sent this address as many codes as we send in a day. Use the code from the last message, or try again tomorrow.';
    fetchMock = stubFetch(() => jsonResponse(429, { error: { code: 'resource-exhausted', message: limit } }));
    await openForm();
    await fill();
    await submit();
    expect(await alertText()).toBe(limit);
    expect(currentPath()).toBe('/create-account');
  });

  it('the code makes the account with the held password; the page signs in, joins through the church link and goes to /dashboard', async () => {
    const joined = 'Welcome! Your account is linked to your family.';
    fetchMock = stubFetch((url) =>
      url === '/api/session/sign-up'
        ? jsonResponse(200, { success: true, message: joined, orgId: 'org-42' })
        : url === CHURCH_URL
          ? jsonResponse(200, { orgName: 'Grace Chapel' })
          : jsonResponse(200, { success: true, message: MAILED }),
    );
    auth.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await openForm('/create-account/org-42');
    await fill();
    await submit();
    await pageShown('Verify Your Email');
    await typeCode('123456');
    auth.fetchAuthSession.mockResolvedValue(sessionFor({ verified: true, orgId: '' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => screen.getByText(`${joined} Redirecting...`), { timeout: 15_000 });

    const proof = fetchMock.mock.calls.find(([url]) => url === '/api/accounts/proof')!;
    expect(JSON.parse(String(proof[1].body))).toEqual({
      email: 'ruth@example.org',
      code: '123456',
      password: 'secret12',
    });
    expect(auth.signIn).toHaveBeenCalledWith({
      username: 'ruth@example.org',
      password: 'secret12',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
    const finish = fetchMock.mock.calls.find(([url]) => url === '/api/session/sign-up')!;
    expect(JSON.parse(String(finish[1].body))).toEqual({ orgId: 'org-42' });
    auth.fetchAuthSession.mockResolvedValue(sessionFor({ verified: true }));
    // After PROVEN_REDIRECT_MS (2.5 s): the dashboard (a slow machine may take longer to get there).
    await vi.waitFor(() => expect(currentPath()).toBe('/dashboard'), { timeout: 15_000 });
  });

  it('on another device the code page asks for the password too, and a wrong code changes nothing', async () => {
    const wrong = 'That code is not correct. Please check the email and try again.';
    fetchMock = stubFetch(() => jsonResponse(400, { error: { code: 'invalid-argument', message: wrong } }));
    renderApp('/verify-address?email=naomi%40example.org');
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' });
    expect(screen.queryByRole('button', { name: 'Send a New Code' })).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Verification code/), '654321');
    await userEvent.type(field('Password'), 'secret12');
    await userEvent.type(field('Confirm Password'), 'secret13');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await alertText()).toBe('Passwords do not match.');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.clear(field('Confirm Password'));
    await userEvent.type(field('Confirm Password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await alertText()).toBe(wrong);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body))).toEqual({
      email: 'naomi@example.org',
      code: '654321',
      password: 'secret12',
    });
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('sends a new code from the code page with the same request', async () => {
    await askForCode();
    await userEvent.click(screen.getByRole('button', { name: 'Send a New Code' }));
    await screen.findByText('We sent a new message. Please check your inbox (and spam folder).');
    const asked = fetchMock.mock.calls.filter(([url]) => url === '/api/accounts');
    expect(asked).toHaveLength(2);
    expect(asked[1]![1].body).toBe(asked[0]![1].body);
  });

  it('the verification screen finishes the sign-up with the church link once the code is accepted', async () => {
    localStorage.setItem('pendingSignUp', JSON.stringify({ kind: 'join', orgId: 'org-42' }));
    const refusal = 'An account could not be created for this email address.';
    fetchMock = stubFetch((url) =>
      url === '/api/session/sign-up'
        ? jsonResponse(403, { error: { code: 'permission-denied', message: refusal } })
        : jsonResponse(200, {}),
    );
    signedInAs({ verified: false, orgId: '' });
    auth.confirmUserAttribute.mockImplementation(async () => {
      auth.fetchAuthSession.mockResolvedValue(sessionFor({ verified: true, orgId: '' }));
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Email Verification Required' });
    await userEvent.type(screen.getByLabelText(/^Verification code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await alertText()).toBe(refusal);
    const finish = fetchMock.mock.calls.find(([url]) => url === '/api/session/sign-up')!;
    expect(JSON.parse(String(finish[1].body))).toEqual({ orgId: 'org-42' });
    localStorage.clear();
  });
});

describe('member signup with the church’s link', () => {
  const intro = () => screen.getByText(/Use the email address your church has on file for you\./).textContent;

  it('shows the form at once and names the church when its name arrives', async () => {
    let release: () => void = () => {};
    fetchMock = stubFetch(
      (url) =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              url === CHURCH_URL
                ? jsonResponse(200, { orgName: 'Grace Chapel' })
                : jsonResponse(500, { error: { code: 'internal', message: `unexpected call ${url}` } }),
            );
        }),
    );
    await openForm('/create-account/org-42');
    // The form does not wait for the church's name.
    expect(field('Email').disabled).toBe(false);
    expect(intro()).toBe(
      'You are joining through your church’s sign-up link. Use the email address your church has on file for you.',
    );
    release();
    expect((await screen.findByText('Grace Chapel')).tagName).toBe('STRONG');
    expect(intro()).toBe('You are joining Grace Chapel. Use the email address your church has on file for you.');

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([CHURCH_URL]);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(new Headers(init.headers).has('authorization')).toBe(false);
  });

  it('says that a link naming no church is not valid and what to do, and offers no form', async () => {
    fetchMock = stubFetch((url) =>
      url === '/api/organizations/no-such-church/name'
        ? jsonResponse(404, { error: { code: 'not-found', message: SIGNUP_LINK_UNKNOWN } })
        : jsonResponse(500, { error: { code: 'internal', message: `unexpected call ${url}` } }),
    );
    await openForm('/create-account/no-such-church');
    expect(await alertText()).toBe(SIGNUP_LINK_UNKNOWN);
    expect(SIGNUP_LINK_UNKNOWN).toContain('ask your church administrator');
    expect(screen.queryByLabelText(/^Email/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'sign up without a link' })).toHaveProperty('pathname', '/create-account');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveProperty('pathname', '/login');
    // Asked once: a not-found is no failure a second try can cure.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the form, without the church’s name, when the name cannot be read', async () => {
    fetchMock = stubFetch(() => jsonResponse(503, { error: { code: 'unavailable', message: 'Busy.' } }));
    await openForm('/create-account/org-42');
    // Asked again (a busy server may answer the next time), then left: the form needs no name.
    await eventually(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(new Set(fetchMock.mock.calls.map(([url]) => url))).toEqual(new Set([CHURCH_URL]));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Email').disabled).toBe(false);
    expect(intro()).toBe(
      'You are joining through your church’s sign-up link. Use the email address your church has on file for you.',
    );
  });
});
