import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildPath, callApi, THROTTLED_MESSAGE, WAF_CHALLENGE_MESSAGE } from '../../web/src/lib/api';
import { setConfig } from '../../web/src/lib/config';
import { formatDateTime } from '../../web/src/lib/format';
import { stateFromClaims } from '../../web/src/lib/auth';
import { auth, idPayload, jsonResponse, sessionFor, stubFetch } from './helpers';

vi.mock('aws-amplify/auth', () => import('./authMock'));

beforeEach(() => {
  vi.clearAllMocks();
  auth.fetchAuthSession.mockResolvedValue(sessionFor({}));
});

describe('callApi', () => {
  it('takes method and path from the route manifest and sends the ID token', async () => {
    setConfig({
      region: 'r',
      userPoolId: 'p',
      userPoolClientId: 'c',
      signInFlow: 'USER_SRP_AUTH' as const,
      apiBase: 'https://api.example.org',
      mapStyle: '',
    });
    const fetchMock = stubFetch(() => jsonResponse(200, { userId: 'u', orgName: 'Grace' }));
    const me = await callApi('getMe');
    expect(me.orgName).toBe('Grace');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.example.org/api/me');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer id-token-jwt');
  });

  it('sends JSON bodies and no token on public routes', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { success: true, message: 'ok', orgId: 'o' }));
    await callApi('registerOrganization', { body: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/organizations');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    const headers = new Headers(init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.has('authorization')).toBe(false);
  });

  it('sends a create form’s request key as the Idempotency-Key header, and none otherwise', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { success: true, message: 'ok', id: 'f', version: 1 }));
    await callApi('addFamily', { body: { surname: 'Key' }, requestKey: 'form-key-123' });
    await callApi('addFamily', { body: { surname: 'Key' } });
    expect(new Headers(fetchMock.mock.calls[0]![1].headers).get('idempotency-key')).toBe('form-key-123');
    expect(new Headers(fetchMock.mock.calls[1]![1].headers).has('idempotency-key')).toBe(false);
  });

  it('tells the person to reload when AWS WAF answers a public write with its challenge', async () => {
    stubFetch(
      () => new Response('<html>challenge</html>', { status: 202, headers: { 'x-amzn-waf-action': 'challenge' } }),
    );
    await expect(callApi('registerOrganization', { body: {} })).rejects.toMatchObject({
      code: 'unavailable',
      status: 202,
      message: WAF_CHALLENGE_MESSAGE,
    });
  });

  it('throws ApiError with the code and message of the error body', async () => {
    stubFetch(() => jsonResponse(403, { error: { code: 'permission-denied', message: 'Not yours.' } }));
    const error = await callApi('getMe').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'permission-denied', message: 'Not yours.', status: 403 });
  });

  it('maps a bare HTTP status to its code', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 429 }));
    await expect(callApi('getMe')).rejects.toMatchObject({ code: 'resource-exhausted', status: 429 });
  });

  it("says plainly that the service is busy when a route's throttle answers 429 (API Gateway's own body)", async () => {
    stubFetch(() => jsonResponse(429, { message: 'Too Many Requests' }));
    await expect(callApi('getMe')).rejects.toMatchObject({ message: THROTTLED_MESSAGE, status: 429 });
  });

  it("answers a network failure with code 'unavailable' and a clear message", async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(callApi('getMe')).rejects.toMatchObject({
      code: 'unavailable',
      status: 0,
      message: 'Could not reach the server. Please check your internet connection and try again.',
    });
  });

  it('refuses a signed-in route without a session, without calling the server', async () => {
    auth.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    const fetchMock = stubFetch(() => jsonResponse(200, {}));
    await expect(callApi('addClaimCreds')).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fills and encodes path parameters, and names a missing one', () => {
    expect(buildPath('/api/families/{familyId}', { familyId: 'a/b c' })).toBe('/api/families/a%2Fb%20c');
    expect(() => buildPath('/api/families/{familyId}', {})).toThrow(/familyId/);
  });
});

describe('claims', () => {
  it('reads admin, organisation, member, family and verification from the ID token', () => {
    const state = stateFromClaims(
      idPayload({ admin: true, orgId: 'o1', memberId: 'm1', familyId: 'f1', verified: true }),
    );
    expect(state).toMatchObject({
      isAdmin: true,
      userOrgId: 'o1',
      userMidClaim: 'm1',
      userFidClaim: 'f1',
      emailVerified: true,
    });
    expect(stateFromClaims({ ...idPayload({}), 'custom:admin': 'TRUE', email_verified: 'false' })).toMatchObject({
      isAdmin: false,
      emailVerified: false,
    });
    expect(stateFromClaims({ ...idPayload({}), email_verified: 'true' }).emailVerified).toBe(true);
  });
});

describe('formatDateTime', () => {
  it("formats like date-fns 'PP p'", () => {
    expect(formatDateTime(new Date(2026, 10, 21, 16, 5))).toBe('Nov 21, 2026, 4:05 PM');
    expect(formatDateTime(new Date(2026, 0, 2, 9, 30))).toBe('Jan 2, 2026, 9:30 AM');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});
