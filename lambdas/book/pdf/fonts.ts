/**
 * The PDF's fonts: a Noto fallback chain, each family in a regular and a bold weight, every one a
 * whole TTF from the npm registry (@expo-google-fonts/*, OFL). They are files shipped beside the
 * bundle (shipped.ts), never inlined into the JavaScript: the Chinese, Japanese and Korean ones
 * are 5-11 MB each. Which family draws which character is script.ts's choice; a font is read only
 * when a character needs it, once per container (faces.ts).
 */
import { shippedOrInstalled, type ShippedFile } from '../../platform/shipped';

export type Weight = 'regular' | 'bold';

/** Each family's package (under @expo-google-fonts/) and the file name its TTFs start with. */
const FAMILIES = {
  /** Latin (with Vietnamese), Greek, Cyrillic, digits and punctuation: every text starts here. */
  sans: ['noto-sans', 'NotoSans'],
  hebrew: ['noto-sans-hebrew', 'NotoSansHebrew'],
  arabic: ['noto-sans-arabic', 'NotoSansArabic'],
  devanagari: ['noto-sans-devanagari', 'NotoSansDevanagari'],
  bengali: ['noto-sans-bengali', 'NotoSansBengali'],
  tamil: ['noto-sans-tamil', 'NotoSansTamil'],
  thai: ['noto-sans-thai', 'NotoSansThai'],
  ethiopic: ['noto-sans-ethiopic', 'NotoSansEthiopic'],
  armenian: ['noto-sans-armenian', 'NotoSansArmenian'],
  georgian: ['noto-sans-georgian', 'NotoSansGeorgian'],
  korean: ['noto-sans-kr', 'NotoSansKR'],
  japanese: ['noto-sans-jp', 'NotoSansJP'],
  simplifiedChinese: ['noto-sans-sc', 'NotoSansSC'],
  traditionalChinese: ['noto-sans-tc', 'NotoSansTC'],
  /** The monochrome Noto Emoji: a colour emoji font's bitmaps or layers cannot be embedded as a PDF font. */
  emoji: ['noto-emoji', 'NotoEmoji'],
} as const;
export type Family = keyof typeof FAMILIES;
export const FAMILY_NAMES = Object.keys(FAMILIES) as Family[];

export type FontName = `${Family}-${Weight}`;

const STYLES: Record<Weight, string> = { regular: '400Regular', bold: '700Bold' };

/** Where each font comes from (an npm package) and the name it is shipped under. */
export const FONT_FILES = Object.fromEntries(
  FAMILY_NAMES.flatMap((family) =>
    (['regular', 'bold'] as const).map((weight) => {
      const [pkg, stem] = FAMILIES[family];
      const style = STYLES[weight];
      const file: ShippedFile = {
        pkg: `@expo-google-fonts/${pkg}`,
        path: `${style}/${stem}_${style}.ttf`,
        file: `fonts/${stem}-${weight === 'regular' ? 'Regular' : 'Bold'}.ttf`,
      };
      return [`${family}-${weight}`, file];
    }),
  ),
) as Record<FontName, ShippedFile>;

/** The font's file: beside the running module (the Lambda bundle), else its package's in node_modules. */
export const fontPath = (name: FontName): string => shippedOrInstalled(FONT_FILES[name]);
