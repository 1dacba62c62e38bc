/**
 * Stands in for @pdf-lib/standard-fonts in the Lambda bundles (lib/bundling.ts alias): ~130 KB
 * of metrics for the 14 standard PDF fonts, which cover Latin-1 only and which the directory
 * never uses (every text is in an embedded Noto font, lambdas/domain/pdf/fonts.ts). pdf-lib
 * reads the names at import time; embedding a standard font fails loudly.
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
