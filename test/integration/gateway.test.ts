/**
 * The local gateway's own rules, beside the routes: static files stay inside web/dist, and API
 * Gateway's limits and authorizer hold (Lambda's limits: gateway-limits.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/platform/wiring/origin';
import { idToken } from '../support/api';
import { stack } from '../support/env';
import { addFamilyVia, createChurch, PASSWORD } from '../support/fixtures';

describe('local gateway', () => {
  it('never serves a file outside the web app, however the path is spelled', async () => {
    for (const path of ['/%2e%2e/package.json', '/..%2fpackage.json', '/%2e%2e%2fweb%2fvite.config.ts']) {
      const response = await fetch(`${stack.url}${path}`);
      expect(response.status, path).toBe(404);
    }
  });

  it('answers a missing asset 404, and a client-side route with the app (or 503 before the app is built)', async () => {
    expect((await fetch(`${stack.url}/assets/missing-ABCDEFGH.js`)).status).toBe(404);
    for (const path of ['/', '/families/abc'])
      expect([200, 503], path).toContain((await fetch(`${stack.url}${path}`)).status);
  });

  it('answers compressed to a caller that accepts it (the handler compresses; the gateway passes it on)', async () => {
    const church = await createChurch();
    // Enough families for an answer worth compressing (over 1 KB).
    for (let i = 0; i < 6; i++) await addFamilyVia(church.adminToken, { surname: `Compressed ${i}` });
    const read = (encoding: string) =>
      fetch(`${stack.url}/api/families`, {
        headers: { authorization: `Bearer ${church.adminToken}`, 'accept-encoding': encoding },
      });
    const plain = await read('identity');
    const br = await read('br');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes it: the same answer either way.
    expect(await br.json()).toEqual(await plain.json());
  });

  it('plays CloudFront for the origin secret: a caller’s own value is replaced by the real one', async () => {
    const church = await createChurch();
    const me = await fetch(`${stack.url}/api/me`, {
      headers: { authorization: `Bearer ${church.adminToken}`, [ORIGIN_VERIFY_HEADER]: 'a guess' },
    });
    expect(me.status).toBe(200);
  });

  it('answers an unknown API path or method like API Gateway', async () => {
    expect((await fetch(`${stack.url}/api/nothing`)).status).toBe(404);
    expect((await fetch(`${stack.url}/api/me`, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers a malformed percent-encoding in a path with 400 and the API error body', async () => {
    for (const path of ['/api/families/%E0%A4%A', '/api/families/%zz', '/api/families/100%']) {
      const response = await fetch(`${stack.url}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({
        error: { code: 'invalid-argument', message: 'The request path is not valid.' },
      });
    }
    expect((await fetch(`${stack.url}/families/%zz`)).status).toBe(400);
  });

  it('answers a body over 10 MB with 413 instead of dropping the connection', async () => {
    const body = 'x'.repeat(10 * 1024 * 1024 + 1);
    for (const path of ['/api/organizations', '/cognito']) {
      const response = await fetch(`${stack.url}${path}`, { method: 'POST', body });
      expect(response.status, path).toBe(413);
      expect(await response.json(), path).toEqual({ message: 'Request Entity Too Large' });
    }
  });

  it('reads the token as API Gateway’s JWT authorizer does: bare or after `Bearer `, not after `bearer `', async () => {
    const church = await createChurch();
    const token = await idToken(church.adminEmail, PASSWORD);
    const me = (authorization: string) => fetch(`${stack.url}/api/me`, { headers: { authorization } });
    expect((await me(`Bearer ${token}`)).status).toBe(200);
    expect((await me(token)).status).toBe(200);
    for (const authorization of [`bearer ${token}`, `BEARER ${token}`, `Bearer  ${token}`, 'Bearer ']) {
      const response = await me(authorization);
      expect(response.status, authorization.slice(0, 8)).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthorized' });
    }
  });
});
