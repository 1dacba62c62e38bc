/** The book's paper by default (web/src/features/families/paperDefault.ts): the last book's, else the country's. */
import { describe, expect, it } from 'vitest';
import { defaultPaper, paperForLanguages, regionOf } from '../../web/src/features/families/paperDefault';

describe('the default paper', () => {
  it('is Letter in the United States, Canada, Mexico and the Philippines, A4 elsewhere', () => {
    for (const tag of ['en-US', 'fr-CA', 'es-MX', 'fil-PH', 'en']) expect(paperForLanguages([tag]), tag).toBe('letter');
    for (const tag of ['en-GB', 'de', 'de-DE', 'fr-FR', 'es-ES', 'ko-KR', 'he-IL', 'en-AU', 'pt-BR'])
      expect(paperForLanguages([tag]), tag).toBe('a4');
  });

  it('takes the first language that names a country, and Letter when none does', () => {
    expect(paperForLanguages(['not a tag', 'en-GB'])).toBe('a4');
    expect(paperForLanguages([])).toBe('letter');
    expect(regionOf('not a tag')).toBeNull();
  });

  it('is the church’s last book’s paper when it has one', () => {
    expect(defaultPaper('a4')).toBe('a4');
    expect(defaultPaper('letter')).toBe('letter');
  });
});
