/**
 * The renditions the server makes of every family photo, and their sizes: pure, so the views
 * (srcset widths, width and height), the PDF and the pipeline that makes them (photo-renditions.ts)
 * agree without reading an image.
 *
 *  - small: lists, the photo grid, the dashboard and the groups page. At twice the CSS size of the
 *    largest such box, the family card's 240 x 180 photo, and covering it (`outside`: the shorter
 *    side reaches the box, as object-fit: cover needs). A grid tile at 1,280 px (about 370 px
 *    wide) takes it on a 1x screen.
 *  - page: the family page, at twice its 400 x 250 box (`inside`: shown whole). A grid tile on a
 *    2x screen takes it too (srcset).
 *  - print: the PDF, about 300 dpi at its printed size: the layout fits a photo into 104 x 78 pt
 *    (pdf/layout.ts), so 104 / 72 x 300 = 433 by 325 px. JPEG, which PDF embeds as it is.
 *
 *  - cover: the book's cover photo alone (BOOK_COVER_FOLDER, photo-keys.ts), printed up to five
 *    inches wide (pdf/layout.ts): 1,500 px is 300 dpi there. A family photo has no such rendition.
 *
 * WebP for screens: a third smaller than JPEG at the same look, and every browser the app
 * supports shows it. No rendition is larger than the photo it is made from.
 */
import type { PixelSize } from '../core/entities';

export type { PixelSize };
export const RENDITIONS = {
  small: { width: 480, height: 360, fit: 'outside', format: 'webp', quality: 72 },
  page: { width: 800, height: 500, fit: 'inside', format: 'webp', quality: 78 },
  print: { width: 434, height: 325, fit: 'inside', format: 'jpeg', quality: 82 },
  cover: { width: 1500, height: 1500, fit: 'inside', format: 'jpeg', quality: 85 },
} as const;

export type RenditionName = keyof typeof RENDITIONS;
/** A family's photo's renditions. */
export const RENDITION_NAMES: RenditionName[] = ['small', 'page', 'print'];
/** The book cover's: a family's, and the print size of a cover. */
export const COVER_RENDITION_NAMES: RenditionName[] = [...RENDITION_NAMES, 'cover'];

/** The rendition's size for a photo of this size (after its EXIF orientation is applied). */
export function renditionSize(name: RenditionName, photo: PixelSize): PixelSize {
  const box = RENDITIONS[name];
  const ratios = [box.width / photo.width, box.height / photo.height];
  const scale = Math.min(1, box.fit === 'inside' ? Math.min(...ratios) : Math.max(...ratios));
  return {
    width: Math.max(1, Math.round(photo.width * scale)),
    height: Math.max(1, Math.round(photo.height * scale)),
  };
}
