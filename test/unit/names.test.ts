/** How names sort and are found (contract/names.ts, directory/searchWords.ts). */
import { describe, expect, it } from 'vitest';
import { letterOf, sortKeyOf, wordsOf } from '../../lambdas/contract/names';
import { familyWords, matches, memberWords } from '../../lambdas/contract/searchWords';

describe('names', () => {
  it('sort by their folded letters and digits: case, accents and punctuation aside', () => {
    expect(sortKeyOf('Ødegård')).toBe('odegard');
    expect(sortKeyOf("O'Brien")).toBe('obrien');
    expect(sortKeyOf('van der Berg')).toBe('vanderberg');
    expect(sortKeyOf('Nguyễn')).toBe('nguyen');
    expect(sortKeyOf('Straße')).toBe('strasse');
    expect(sortKeyOf('Łukasz')).toBe('lukasz');
    expect(sortKeyOf('Иванов')).toBe('иванов');
    expect(sortKeyOf('---')).toBe('');
  });

  it('are listed under their first letter, in any script, or # without one', () => {
    expect(letterOf('Ødegård')).toBe('O');
    expect(letterOf('émile')).toBe('E');
    expect(letterOf('Иванов')).toBe('И');
    expect(letterOf('王')).toBe('王');
    expect(letterOf('3rd Family')).toBe('#');
    expect(letterOf('')).toBe('#');
  });

  it('split into folded words at anything not a letter or digit', () => {
    expect(wordsOf("Mary-Jane O'Neil")).toEqual(['mary', 'jane', 'o', 'neil']);
    expect(wordsOf('  ')).toEqual([]);
  });
});

describe('search words', () => {
  it('index surname, city and phone of a family; name, e-mail (but its top-level domain) and cellphone of a member', () => {
    expect(familyWords({ surname: 'Ødegård', city: 'New York', phone: '(919) 555-0100' })).toEqual([
      'odegard',
      'new',
      'york',
      '9195550100',
      '5550100',
      '0100',
    ]);
    expect(memberWords({ name: 'Ann Marie', email: 'ann.lee@mail.example.org', cellphone: null })).toEqual([
      'ann',
      'marie',
      'lee',
      'mail',
      'example',
    ]);
  });

  it('match a family when every word typed begins a word of it or of its members', () => {
    const family = {
      surname: 'Nguyễn',
      city: 'Raleigh',
      phone: '919-555-0100',
      members: [{ name: 'Linh', email: 'linh@example.org', cellphone: null }],
    };
    expect(matches(wordsOf('nguyen linh'), family)).toBe(true);
    expect(matches(wordsOf('555-0100'), family)).toBe(true);
    expect(matches(wordsOf('(919) 555'), family)).toBe(true);
    expect(matches(wordsOf('ral ngu'), family)).toBe(true);
    expect(matches(wordsOf('nguyen tam'), family)).toBe(false);
    expect(matches(wordsOf('guyen'), family)).toBe(false);
  });
});
