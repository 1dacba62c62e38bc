import { describe, expect, it } from 'vitest';
import { listDate, longDate, shortDate } from '../../web/src/lib/format';

describe('MM/DD display: blank unless MM/DD-shaped, raw when out of range', () => {
  it('formats valid month/day for lists, detail and dashboard', () => {
    expect(listDate('11/05')).toBe('11/05');
    expect(shortDate('11/05')).toBe('Nov 5');
    expect(longDate('11/05')).toBe('November 5');
    expect(longDate('01/31')).toBe('January 31');
    expect(shortDate('12/01')).toBe('Dec 1');
  });

  it('pads one-digit parts in lists and trims spaces', () => {
    expect(listDate('3/7')).toBe('03/07');
    expect(longDate(' 3/7 ')).toBe('March 7');
  });

  it('shows the raw text when month or day is out of range', () => {
    for (const raw of ['13/05', '00/10', '02/32', '04/00']) {
      expect(listDate(raw)).toBe(raw);
      expect(shortDate(raw)).toBe(raw);
      expect(longDate(raw)).toBe(raw);
    }
  });

  it('shows blank for anything not MM/DD-shaped', () => {
    for (const value of [null, undefined, '', 'June 5th', '2020-05-06', '05/06/1990', '5-6', '111/05', 'ab/cd']) {
      expect(listDate(value)).toBe('');
      expect(shortDate(value)).toBe('');
      expect(longDate(value)).toBe('');
    }
  });
});
