/**
 * Photos cached by photo, not by link (web/src/lib/photoLinks.ts): the server's links change
 * every few minutes and die soon after, so a photo is shown by the link it was loaded by while the
 * browser's cache keeps it, and only while the server still gives the photo a link.
 */
import { fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_PHOTO, Photo } from '../../web/src/components/Photo';
import { preloadFirstPhotos } from '../../web/src/early/earlyReads';
import {
  forgetAllLinks,
  linkExpired,
  LINKS_EXPIRED,
  MAX_KEPT,
  rememberLink,
  shownLink,
  shownSrcset,
} from '../../web/src/lib/photoLinks';
import { createQueryClient } from '../../web/src/lib/queryClient';

const WEEK = 604_800;
const CACHE = encodeURIComponent(`private, max-age=${WEEK}, immutable`);

/** A link as the server signs it: the photo, when it was signed (yyyyMMddTHHmmssZ), for how long. */
const link = (photo: string, signed = '20261127T120000Z', seconds = 300) =>
  `https://photos.example/bucket/${photo}?response-cache-control=${CACHE}&X-Amz-Date=${signed}&X-Amz-Expires=${seconds}&X-Amz-Signature=${signed}`;
const AT_NOON = Date.UTC(2026, 10, 27, 12, 0, 0);

const image = () => document.querySelector('img')!;

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe('photo links remembered by photo', () => {
  it('show a photo by the link it was loaded by for as long as the cache keeps it, and never a link without a Cache-Control', () => {
    const first = link('a/small.webp', '20261127T120000Z');
    const next = link('a/small.webp', '20261127T122500Z');
    expect(shownLink(next)).toBe(next);
    rememberLink(first, undefined, AT_NOON);
    expect(shownLink(next, undefined, AT_NOON + 60_000)).toBe(first);
    // Loaded again by another link: the first stays (its bytes are cached under it).
    rememberLink(next, undefined, AT_NOON + 60_000);
    expect(shownLink(next, undefined, AT_NOON + 60_000)).toBe(first);
    expect(shownSrcset(`${next} 480w, ${link('a/page.webp')} 667w`, undefined, AT_NOON)).toBe(
      `${first} 480w, ${link('a/page.webp')} 667w`,
    );
    // Past the cache's keeping: the server's link again.
    expect(shownLink(next, undefined, AT_NOON + WEEK * 1000 + 1)).toBe(next);

    const external = 'https://example.org/family.jpg';
    rememberLink(external, undefined, AT_NOON);
    expect(window.localStorage.length).toBe(1);
    forgetAllLinks();
    expect(shownLink(next, undefined, AT_NOON)).toBe(next);
  });

  it(`keep at most ${MAX_KEPT} photos, dropping those remembered longest ago`, () => {
    for (let i = 0; i <= MAX_KEPT; i++) rememberLink(link(`p${i}/small.webp`), undefined, AT_NOON + i);
    expect(window.localStorage.length).toBeLessThanOrEqual(MAX_KEPT);
    expect(shownLink(link('p0/small.webp', 'X'), undefined, AT_NOON)).toBe(link('p0/small.webp', 'X'));
    expect(shownLink(link(`p${MAX_KEPT}/small.webp`, 'X'), undefined, AT_NOON)).toBe(link(`p${MAX_KEPT}/small.webp`));
  });

  it('tell a dead link from a live one by its own date and lifetime', () => {
    expect(linkExpired(link('a/small.webp'), AT_NOON + 300_000)).toBe(false);
    expect(linkExpired(link('a/small.webp'), AT_NOON + 300_001)).toBe(true);
    expect(linkExpired('https://example.org/family.jpg', AT_NOON + 1e12)).toBe(false);
  });
});

describe('the Photo', () => {
  it("is shown by the link it was loaded by after the server's links changed, and by the server's once that one fails", () => {
    const first = link('a/small.webp', '20261127T120000Z');
    const { rerender } = render(<Photo src={first} kind="family" alt="" />);
    fireEvent.load(image());
    const next = link('a/small.webp', '20261127T122500Z');
    rerender(<Photo src={next} kind="family" alt="" />);
    expect(image().getAttribute('src')).toBe(first);

    // Its bytes gone from the cache, the remembered link (dead by now) fails: forgotten, the server's tried.
    fireEvent.error(image());
    expect(image().getAttribute('src')).toBe(next);
    expect(shownLink(next)).toBe(next);
  });

  it('shows no remembered photo the server no longer gives a link to', () => {
    const first = link('a/small.webp');
    const { rerender } = render(<Photo src={first} kind="family" alt="" />);
    fireEvent.load(image());
    rerender(<Photo src={null} kind="family" alt="" />);
    expect(image().getAttribute('src')).toBe(FALLBACK_PHOTO.family);
  });

  it("asks the page's reads again when the server's own link has died, at most once in ten seconds", async () => {
    const client = createQueryClient();
    const refreshes = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const told = vi.fn();
    window.addEventListener(LINKS_EXPIRED, told);
    const dead = link('b/small.webp', '20200101T000000Z');
    render(<Photo src={dead} kind="family" alt="" />);
    fireEvent.error(image());
    expect(told).toHaveBeenCalledTimes(1);
    expect(image().getAttribute('src')).toBe(FALLBACK_PHOTO.family);
    window.dispatchEvent(new Event(LINKS_EXPIRED));
    expect(refreshes).toHaveBeenCalledTimes(1);
    expect(refreshes).toHaveBeenCalledWith({ type: 'active' });

    // A live link that fails (the photo deleted meanwhile) asks nothing.
    cleanupListener(told);
    const live = link('c/small.webp', new Date(Date.now()).toISOString().replace(/[-:]|\.\d+/g, ''));
    const again = vi.fn();
    window.addEventListener(LINKS_EXPIRED, again);
    render(<Photo src={live} kind="family" alt="" />);
    fireEvent.error(document.querySelectorAll('img')[1]!);
    expect(again).not.toHaveBeenCalled();
    cleanupListener(again);
  });

  it("is preloaded by the early script by the link the page's img will have", async () => {
    const first = link('a/small.webp', '20261127T120000Z');
    rememberLink(first);
    const next = link('a/small.webp', '20261127T122500Z');
    const page = link('a/page.webp', '20261127T122500Z');
    document.head.innerHTML = '';
    const answer = new Response(
      JSON.stringify({ families: [{ photoUrl: next, photoSrcset: `${next} 480w, ${page} 667w` }] }),
    );
    await preloadFirstPhotos(document, Promise.resolve(answer), { sizes: '100vw', count: 1 });
    const preload = document.head.querySelector('link[rel="preload"]')!;
    expect(preload.getAttribute('href')).toBe(first);
    expect(preload.getAttribute('imagesrcset')).toBe(`${first} 480w, ${page} 667w`);
    document.head.innerHTML = '';
  });
});

function cleanupListener(listener: () => void) {
  window.removeEventListener(LINKS_EXPIRED, listener);
}
