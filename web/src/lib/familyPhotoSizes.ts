/**
 * How wide the family list's and grid's photos are shown (an img's `sizes`), and how many of them
 * are on the first screen. The pages use them, and so does the early reads' script
 * (early/earlyReads.ts), which asks for those first photos as soon as the list's answer arrives:
 * the same srcset and sizes make the browser choose the same rendition the page then shows, so
 * nothing is fetched twice. Constants only: the early script imports nothing else.
 *
 * As FamiliesPage.module.css lays them out: grid tiles are half the screen up to 991 px, then a third of the
 * 1,200 px page; the card's photo is 240 px, the card's width on a phone.
 */
export const GRID_PHOTO_SIZES = '(max-width: 991px) 50vw, 380px';
export const CARD_PHOTO_SIZES = '(max-width: 575px) calc(100vw - 3rem), 240px';
/** Tiles on the grid's first row (three columns from 992 px): loaded at once. */
export const GRID_FIRST_ROW = 3;
