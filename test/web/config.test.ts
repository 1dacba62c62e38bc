/** The runtime configuration's photos origin: the app connects to it early (web/src/lib/configFile.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../web/src/lib/config';
import { preconnectPhotos } from '../../web/src/lib/configFile';

const base = {
  region: 'us-east-1',
  userPoolId: 'p',
  userPoolClientId: 'c',
  signInFlow: 'USER_SRP_AUTH' as const,
  apiBase: '',
};

describe('preconnectPhotos', () => {
  it('adds one preconnect link to the photos origin, without CORS (images are fetched without it)', () => {
    const doc = document.implementation.createHTMLDocument('t');
    const config = { ...base, photosOrigin: 'https://photos.s3.us-east-1.amazonaws.com' };
    preconnectPhotos(config, doc);
    preconnectPhotos(config, doc);
    const links = [...doc.head.querySelectorAll('link[rel="preconnect"]')] as HTMLLinkElement[];
    expect(links.map((l) => [l.href, l.hasAttribute('crossorigin')])).toEqual([
      ['https://photos.s3.us-east-1.amazonaws.com/', false],
    ]);
  });

  it('adds nothing without a photos origin', () => {
    const doc = document.implementation.createHTMLDocument('t');
    preconnectPhotos(base, doc);
    expect(doc.head.querySelectorAll('link').length).toBe(0);
  });
});

describe('loadConfig', () => {
  const served = (body: object) =>
    vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
  afterEach(() => vi.restoreAllMocks());

  it('signs in by SRP unless the config names the local pool’s password flow', async () => {
    const { signInFlow: _flow, ...deployed } = base;
    served(deployed);
    expect((await loadConfig()).signInFlow).toBe('USER_SRP_AUTH');
    served({ ...base, signInFlow: 'USER_PASSWORD_AUTH' });
    expect((await loadConfig()).signInFlow).toBe('USER_PASSWORD_AUTH');
    served({ ...base, signInFlow: 'CUSTOM_AUTH' });
    expect((await loadConfig()).signInFlow).toBe('USER_SRP_AUTH');
  });
});
