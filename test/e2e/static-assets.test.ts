/** How the built app is served: compressed like CloudFront serves it, hashed assets cached for good. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/env';

describe('the built app', () => {
  it('serves its entry script gzipped to browsers that accept it, and as is to others', async () => {
    const html = await (await fetch(`${stack.url}/`)).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
    const onDisk = await readFile(`web/dist${entry}`, 'utf8');

    const zipped = await fetch(`${stack.url}${entry}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await zipped.text()).toBe(onDisk);

    const plain = await fetch(`${stack.url}${entry}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(onDisk);
  });
});
