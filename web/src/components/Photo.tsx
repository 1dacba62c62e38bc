import { useMemo, useState } from 'react';
import { cx } from '../lib/classNames';
import {
  forgetLinks,
  linkExpired,
  LINKS_EXPIRED,
  rememberLink,
  shownLink,
  shownSrcset,
  srcsetLinks,
} from '../lib/photoLinks';
import styles from './Photo.module.css';

/** Shown when there is no photo or it fails to load: a blank image for families, a person image for members. */
export const FALLBACK_PHOTO = {
  family: '/images/family-blank.svg',
  person: '/images/person.svg',
} as const;

export interface PhotoProps {
  /** The photo's URL; null or '' shows the fallback. */
  src: string | null | undefined;
  /** The photo's renditions with their widths (the views' photoSrcset): the browser takes the one the box needs. */
  srcSet?: string | null;
  /** How wide the photo is shown (CSS lengths, with media conditions), for choosing from srcSet. */
  sizes?: string;
  /** The photo's pixel size: its width and height attributes, so its box is laid out before it loads. */
  size?: { width: number; height: number } | null;
  /** Kind of fallback: the blank family image or the person image. */
  kind: 'family' | 'person';
  alt: string;
  className?: string;
  /** CSS height (number = px). Width follows the image's aspect ratio unless the class says otherwise. */
  height?: number | string;
  /** On the first screen (the page's largest image): loaded at once and first, not lazily. */
  eager?: boolean;
}

/**
 * An image with a fallback for a missing or broken photo. Plain markup (no UI-library import),
 * so any lazy page can use it without pulling more code.
 *
 * A photo is shown by the link the browser loaded it by, while its cache keeps the bytes
 * (lib/photoLinks.ts): the server's links change every few minutes. A remembered link that fails
 * (its bytes gone from the cache) is forgotten and the server's links are tried; a server link that
 * fails because it has died (the page was open for minutes) asks the page's reads again.
 */
export function Photo({ src, srcSet, sizes, size, kind, alt, className, height, eager }: PhotoProps) {
  // Remember which URL failed, so a new src gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // The src whose remembered links failed: shown by the server's own.
  const [serverLinksFor, setServerLinksFor] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : null;
  const remembered = usable !== null && usable !== serverLinksFor;
  const [shownSrc, shownSet] = useMemo(
    () => (remembered && usable ? [shownLink(usable), srcSet ? shownSrcset(srcSet) : srcSet] : [usable, srcSet]),
    [remembered, usable, srcSet],
  );
  const onError = () => {
    if (!usable) return;
    const fromMemory = [shownSrc, ...srcsetLinks(shownSet)].filter(
      (link): link is string => !!link && ![usable, ...srcsetLinks(srcSet)].includes(link),
    );
    if (remembered && fromMemory.length) {
      forgetLinks(fromMemory);
      setServerLinksFor(usable);
      return;
    }
    if (linkExpired(usable)) window.dispatchEvent(new Event(LINKS_EXPIRED));
    setFailedSrc(usable);
  };
  const classes = cx(styles.photo, `photo--${kind}`, !usable && 'photo--fallback', className);
  return (
    <img
      className={classes}
      src={shownSrc ?? FALLBACK_PHOTO[kind]}
      srcSet={usable && shownSet ? shownSet : undefined}
      sizes={usable && srcSet ? sizes : undefined}
      width={usable && size ? size.width : undefined}
      height={usable && size ? size.height : undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      style={height === undefined ? undefined : { height }}
      onLoad={usable ? (event) => rememberLink(event.currentTarget.currentSrc || shownSrc!) : undefined}
      onError={usable ? onError : undefined}
    />
  );
}
