/**
 * Puts a long list back where the reader left it, by the item rather than by the pixel. The router's
 * ScrollRestoration restores a pixel offset, but the family list draws only the cards near the
 * screen (content-visibility), guessing the height of the others: come back to it, the cards above
 * are guessed again, and the same offset lands hundreds of pixels from the card the reader saw.
 * So the list notes, as the reader leaves it, which item is at the top of the screen and how far
 * down; come back to the same history entry, that item is put there again, after
 * ScrollRestoration and before the frame is painted.
 *
 * Items carry `data-anchor` (their id); the anchors live for the tab (sessionStorage), by entry.
 */
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'churchDirectory.listAnchors';
/** History entries whose anchors are kept: the newest; an entry further back is seldom come back to. */
const MAX_ENTRIES = 50;
/** Frames the item is put back in at most (the cards near it are drawn in the first one or two). */
const MAX_FRAMES = 10;

interface Anchor {
  id: string;
  /** The item's top, in pixels from the top of the screen. */
  top: number;
}

function anchors(): Record<string, Anchor> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, Anchor>;
  } catch {
    return {};
  }
}

function save(entry: string, anchor: Anchor) {
  const kept = anchors();
  delete kept[entry];
  // Entries in the order saved, the newest last: the oldest go first.
  const newest = Object.entries(kept).slice(-(MAX_ENTRIES - 1));
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...newest, [entry, anchor]])));
  } catch {
    // No storage (a private window's settings): the router's pixel offset is all there is.
  }
}

const items = () => [...document.querySelectorAll<HTMLElement>('[data-anchor]')];

/**
 * The first item whose top is on the screen or below it. Not one whose top is above: drawn again
 * when the reader comes back, its own height may differ (guessed, or drawn), and what the reader
 * saw below its top would move with it.
 */
function topItem(): Anchor | null {
  for (const item of items()) {
    const { top } = item.getBoundingClientRect();
    if (top >= 0) return { id: item.dataset.anchor!, top };
  }
  return null;
}

/** @param restore whether the list is drawn whole at once (its data was cached), so the item is there */
export function useListAnchor(restore: boolean) {
  const { key } = useLocation();
  const back = useNavigationType() === 'POP';

  useLayoutEffect(() => {
    if (!restore || !back) return;
    const anchor = anchors()[key];
    if (!anchor) return;
    // ScrollRestoration (the layout's, a parent) runs its layout effect after this one: the item is
    // put back from the next frame on. Each frame the browser draws the cards that came near the
    // screen, whose heights replace the guessed ones: it is put back again until it stays.
    let frame = 0;
    let left = MAX_FRAMES;
    const putBack = () => {
      const item = items().find((i) => i.dataset.anchor === anchor.id);
      const off = item ? item.getBoundingClientRect().top - anchor.top : 0;
      if (Math.abs(off) < 1 || --left < 0) return;
      window.scrollBy(0, off);
      frame = requestAnimationFrame(putBack);
    };
    frame = requestAnimationFrame(putBack);
    return () => cancelAnimationFrame(frame);
  }, [restore, back, key]);

  // A layout effect's cleanup runs while the list is still on the page, as the next page replaces it.
  useLayoutEffect(
    () => () => {
      const anchor = topItem();
      if (anchor) save(key, anchor);
    },
    [key],
  );
}
