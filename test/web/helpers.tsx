/**
 * Renders the real app (providers, routes, lazy pages) at a path. Only the network boundary is
 * stubbed: aws-amplify/auth (mocked in each test file with vi.mock) and fetch.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { expect, vi, type Mock } from 'vitest';
import * as amplifyAuth from 'aws-amplify/auth';
import { AppProviders } from '../../web/src/app/App';
import { appRoutes } from '../../web/src/app/routes';
import { createQueryClient } from '../../web/src/lib/queryClient';

/** getMe's answer for a member of Grace without a family: `over` changes what a test needs. */
export const meAnswer = (over: Record<string, unknown> = {}) => ({
  userId: 'user-1',
  email: 'pat@example.org',
  orgId: 'org-1',
  orgName: 'Grace',
  admin: false,
  superAdmin: false,
  memberId: null,
  familyId: null,
  createdAt: null,
  mobileAppLinked: false,
  ...over,
});

export interface FakeUser {
  admin?: boolean;
  verified?: boolean;
  orgId?: string;
  memberId?: string;
  familyId?: string;
  email?: string;
}

export function idPayload(user: FakeUser = {}): Record<string, unknown> {
  return {
    sub: 'user-1',
    email: user.email ?? 'pat@example.org',
    email_verified: user.verified ?? true,
    'custom:admin': user.admin ? 'true' : 'false',
    'custom:orgId': user.orgId ?? 'org-1',
    'custom:memberId': user.memberId ?? 'mem-1',
    'custom:familyId': user.familyId ?? 'fam-1',
    auth_time: 1_790_000_000,
  };
}

export function sessionFor(user: FakeUser | null) {
  if (!user) return { tokens: undefined };
  return {
    tokens: {
      idToken: { payload: idPayload(user), toString: () => 'id-token-jwt' },
      accessToken: { payload: {}, toString: () => 'access-token-jwt' },
    },
  };
}

/** The mocked aws-amplify/auth functions, typed loosely for stubbing. */
export const auth = amplifyAuth as unknown as Record<keyof typeof amplifyAuth, Mock>;

export function signedInAs(user: FakeUser | null) {
  auth.fetchAuthSession.mockResolvedValue(sessionFor(user));
  auth.getCurrentUser.mockRejectedValue(
    Object.assign(new Error('not signed in'), { name: 'UserUnAuthenticatedException' }),
  );
}

let router: ReturnType<typeof createMemoryRouter> | null = null;

/** The real route table in a memory router, with a cache of its own (nothing carries over between tests). */
export function renderApp(entry: InitialEntry) {
  const client = createQueryClient();
  // The same retries as in the browser, without the seconds of waiting between them.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
  router = createMemoryRouter(appRoutes(client), { initialEntries: [entry] });
  return render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

export const currentPath = () => router?.state.location.pathname;
export const currentSearch = () => router?.state.location.search;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Replaces fetch; the mock's calls read as (url, init) with init always present. */
export function stubFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init ?? {}));
  vi.stubGlobal('fetch', fn);
  return fn as unknown as Mock<(url: string, init: RequestInit) => Promise<Response>>;
}

export type RouteHandler = (init: RequestInit) => Response;

/**
 * A fake API keyed by '<METHOD> <path>' (add answers with `api`); any other call answers 500, so
 * a test that expects it to succeed fails. `calls(key)` lists the JSON bodies sent to one of them.
 */
export function routedFetch() {
  const routes: Record<string, RouteHandler> = {};
  const fetchMock = stubFetch((url, init) => {
    const handler = routes[`${init.method ?? 'GET'} ${url}`];
    return handler
      ? handler(init)
      : jsonResponse(500, { error: { code: 'internal', message: `unexpected call ${init.method} ${url}` } });
  });
  return {
    fetchMock,
    api: (extra: Record<string, RouteHandler>) => void Object.assign(routes, extra),
    calls: (key: string) =>
      fetchMock.mock.calls
        .filter(([url, init]) => `${init.method ?? 'GET'} ${url}` === key)
        .map(([, init]) => (init.body ? JSON.parse(String(init.body)) : undefined)),
  };
}

/**
 * vi.waitFor with the same limit as findBy/waitFor (setup.ts): a loaded machine can take more than
 * vi.waitFor's default second to render the next page. Works with vitest's fake timers.
 */
/**
 * The limit for what comes a poll or two later (a job's progress, a photo's next look, each poll
 * a second or more apart): a limit, not a timing assertion. A loaded 2-core machine running two
 * test files at once has taken more than 3 s for two polls.
 */
export const POLLED = { timeout: 15_000 };

export const eventually = <T,>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5000 });

/** Types a mailed code, and waits until the field holds all of it (a busy machine renders slowly). */
export async function typeCode(code: string): Promise<void> {
  const input = screen.getByLabelText(/^Verification code/) as HTMLInputElement;
  await userEvent.type(input, code);
  await eventually(() => expect(input.value).toBe(code));
}

/**
 * The page after a navigation, once its title has the focus (the layout moves it there a moment
 * after a lazy page mounts): typing before then would lose keys to the title.
 */
export async function pageShown(title: string): Promise<void> {
  const heading = await screen.findByRole('heading', { level: 1, name: title });
  await eventually(() => expect(document.activeElement).toBe(heading));
}

/** XMLHttpRequest stand-in for the presigned upload to S3. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, text = '') {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
  abort() {
    this.onabort?.();
  }
}
