import { useState } from 'react';

/** Shown when there is no photo or it fails to load: a blank image for families, a person image for members. */
export const FALLBACK_PHOTO = {
  family: '/images/family-blank.svg',
  person: '/images/person.svg',
} as const;

export interface PhotoProps {
  /** The photo's URL; null or '' shows the fallback. */
  src: string | null | undefined;
  /** Which fallback: the blank family image or the person image. */
  kind: 'family' | 'person';
  alt: string;
  className?: string;
  /** CSS height (number = px). Width follows the image's aspect ratio unless the class says otherwise. */
  height?: number | string;
}

/**
 * An image with a fallback for a missing or broken photo. Plain markup (no UI-library import),
 * so any lazy page can use it without pulling more code.
 */
export function Photo({ src, kind, alt, className, height }: PhotoProps) {
  // Remember which URL failed, so a new src gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : null;
  const classes = ['photo', `photo--${kind}`, usable ? '' : 'photo--fallback', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <img
      className={classes}
      src={usable ?? FALLBACK_PHOTO[kind]}
      alt={alt}
      loading="lazy"
      decoding="async"
      style={height === undefined ? undefined : { height }}
      onError={usable ? () => setFailedSrc(usable) : undefined}
    />
  );
}
