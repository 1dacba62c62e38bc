/**
 * Stands in for @pdf-lib/standard-fonts in the Lambda bundles (lib/bundling.ts alias). Kept for
 * what it guarantees, not only for its size: the 14 standard PDF fonts cover Latin-1 only, so a
 * directory set in one of them would fail (or lose letters) only for a church whose names are in
 * another script; here any use of a standard font fails at once, in every test. Every text is in
 * an embedded Noto font (lambdas/book/pdf/fonts.ts). It also keeps ~130 KB of font metrics out
 * of the PDF handler's cold start. pdf-lib reads the names at import time.
 */
export const FontNames = {
  Courier: 'Courier',
  CourierBold: 'Courier-Bold',
  CourierOblique: 'Courier-Oblique',
  CourierBoldOblique: 'Courier-BoldOblique',
  Helvetica: 'Helvetica',
  HelveticaBold: 'Helvetica-Bold',
  HelveticaOblique: 'Helvetica-Oblique',
  HelveticaBoldOblique: 'Helvetica-BoldOblique',
  TimesRoman: 'Times-Roman',
  TimesRomanBold: 'Times-Bold',
  TimesRomanItalic: 'Times-Italic',
  TimesRomanBoldItalic: 'Times-BoldItalic',
  Symbol: 'Symbol',
  ZapfDingbats: 'ZapfDingbats',
} as const;

export const Encodings = { Symbol: {}, ZapfDingbats: {}, WinAnsi: {} };

export const Font = {
  load(name: string): never {
    throw new Error(`The standard font ${name} is not in this bundle: embed a TrueType font instead.`);
  },
};
