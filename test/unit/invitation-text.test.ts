/** User text in an invitation: one line, quoted, and unable to form a link. */
import { describe, expect, it } from 'vitest';
import { quoted } from '../../lambdas/accounts/invitations';

describe('quoted', () => {
  it.each([
    ['Grace Church', '“Grace Church”'],
    ['St. Mary’s', '“St. Mary’s”'],
    ['evil.example', '“evil[.]example”'],
    ['https://spam.example/x', '“https[:][/][/]spam[.]example[/]x”'],
    ['me@evil.example', '“me[@]evil[.]example”'],
    // Look-alike dots that web addresses accept become plain dots, then are bracketed.
    ['evil．example', '“evil[.]example”'],
    ['evil\u2024example', '“evil[.]example”'],
    // Line breaks and invisible characters cannot split or hide a line.
    ['one\r\ntwo\u200bthree', '“one two three”'],
    ['say "hi"', "“say 'hi'”"],
  ])('%j', (text, expected) => {
    expect(quoted(text)).toBe(expected);
  });
});
