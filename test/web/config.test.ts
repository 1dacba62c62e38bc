/** The runtime configuration: the photos origin the app connects to early (web/src/lib/configFile.ts), the map's style. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../web/src/lib/config';
import { preconnectPhotos } from '../../web/src/lib/configFile';

const base = {
  region: 'us-east-1',
  userPoolId: 'p',
  userPoolClientId: 'c',
  signInFlow: 'USER_SRP_AUTH' as const,
  apiBase: '',
  mapStyle: '/_local/map/style.json',
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

  it('reads the map’s style; without one (a config remembered from before the map) it is empty, and the app still starts', async () => {
    served(base);
    expect((await loadConfig()).mapStyle).toBe('/_local/map/style.json');
    const { mapStyle: _style, ...older } = base;
    served(older);
    expect((await loadConfig()).mapStyle).toBe('');
    served({ ...base, mapStyle: 42 });
    expect((await loadConfig()).mapStyle).toBe('');
  });
});
