/**
 * Connecting to the photos' origin early: a page whose largest element is a photo (the family list
 * and grid) then starts drawing it without a connection's round trips first. The app connects once
 * config.json names the origin, and remembers it; the early script (early/earlyReads.ts) connects
 * to the remembered one at once on the next visit, while config.json is still on its way. Plain
 * DOM and storage: the early script bundles this file.
 */
import type { WebConfig } from '../../../lib/settings';

/** Where the photos' origin is remembered between visits (a stale one costs one idle connection). */
const REMEMBERED = 'churchDirectory.photosOrigin';

/** Images are fetched without CORS, so the preconnect has no crossorigin attribute. */
export function preconnect(origin: string | null | undefined, doc: Document = document): void {
  if (!origin || doc.querySelector(`link[rel="preconnect"][href="${origin}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  doc.head.appendChild(link);
}

/** The app, with its config: connects (if the early script has not) and remembers the origin. */
export function preconnectPhotos(config: WebConfig, doc: Document = document, storage?: Storage): void {
  preconnect(config.photosOrigin, doc);
  try {
    const store = storage ?? window.localStorage;
    if (config.photosOrigin) store.setItem(REMEMBERED, config.photosOrigin);
    else store.removeItem(REMEMBERED);
  } catch {
    // No storage (a private window's settings): the next visit connects when the config comes.
  }
}

/** The early script: the origin the app remembered on an earlier visit, or null. */
export const rememberedPhotosOrigin = (storage: Storage): string | null => storage.getItem(REMEMBERED);
