/** The local gateway's own rules, beside the routes: static files stay inside web/dist. */
import { describe, expect, it } from 'vitest';
import { stack } from '../support/env';

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

  it('answers an unknown API path or method like API Gateway', async () => {
    expect((await fetch(`${stack.url}/api/nothing`)).status).toBe(404);
    expect((await fetch(`${stack.url}/api/me`, { method: 'DELETE' })).status).toBe(404);
  });
});
