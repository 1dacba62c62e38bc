/** The runtime configuration's photos origin: the app connects to it early (web/src/lib/config.ts). */
import { describe, expect, it } from 'vitest';
import { preconnectPhotos } from '../../web/src/lib/config';

const base = { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c', apiBase: '' };

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
