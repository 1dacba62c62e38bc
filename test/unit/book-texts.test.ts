/** The printed book job's texts (lambdas/contract/book.ts), as the Families page shows them. */
import { describe, expect, it } from 'vitest';
import { BOOK_MESSAGES, bookProgressText } from '../../lambdas/contract/book';

describe('bookProgressText', () => {
  it('says the page and the total once the book is laid out', () => {
    expect(bookProgressText(40, 194)).toBe('Preparing your directory: page 40 of 194...');
    expect(bookProgressText(0, 194)).toBe('Preparing your directory: page 0 of 194...');
  });

  it('never says more pages than the book has', () => {
    expect(bookProgressText(200, 194)).toBe('Preparing your directory: page 194 of 194...');
  });

  it('says only that it is preparing before the total is known', () => {
    expect(bookProgressText(0, 0)).toBe(BOOK_MESSAGES.preparing);
  });
});
