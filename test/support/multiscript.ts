/**
 * A church whose names are written in every script the PDF's font chain covers
 * (lambdas/book/pdf/fonts.ts): right-to-left names with digits (Hebrew, Arabic, Persian with
 * its zero-width non-joiner), names that need shaping (Devanagari, Bengali, Tamil, Thai with
 * stacked marks), combining marks that have no precomposed letter, Korean, Japanese, Simplified
 * and Traditional Chinese, and emoji, ZWJ sequences included. The unit test and the bench print
 * it and read it back.
 */
import type { PdfFamily } from '../../lambdas/book/pdf/render';

const family = (surname: string, names: string[], street: string | null = null): PdfFamily => ({
  surname,
  street,
  city: null,
  state: null,
  zipcode: null,
  phone: null,
  anniversary: null,
  photo: null,
  members: names.map((name, i) => ({
    name,
    birthday: i === 0 ? '03/14' : null,
    cellphone: i === 0 ? '(217) 555-0100' : null,
    email: null,
  })),
});

export const MULTISCRIPT_CHURCH = {
  name: 'Every Nation Fellowship',
  address: '1 Unity Plaza',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};

export const multiscriptFamilies = (): PdfFamily[] => [
  family('Nguyễn', ['Thị Hồng', 'Adébáyọ̀']),
  family('Παπαδόπουλος', ['Γιώργος']),
  family('Иванова', ['Анна']),
  family('כהן', ['דוד 2', 'שרה'], 'רחוב הרצל 12'),
  family('حداد', ['عبد الله', 'فاطمة ٣', 'علی‌رضا', 'علاء'], 'شارع 25'),
  family('शर्मा', ['प्रिया', 'अर्जुन']),
  family('চৌধুরী', ['তানভীর']),
  family('முருகன்', ['கார்த்திக்']),
  family('ศรีสุข', ['สมชาย', 'น้ำฝน']),
  family('ተስፋዬ', ['አበበ', 'ማርታ']),
  family('Պետրոսյան', ['Աննա']),
  family('ბერიძე', ['ნინო']),
  family('김', ['민수', '지영']),
  family('田中', ['さくら', 'ゆうと']),
  family('王', ['小明', '丽华']),
  family('陳', ['志偉', '淑芬']),
  family('Joy', ['Sunny 🙂', 'Kin 👨‍👩‍👧', '❤️ Grace']),
];

/** Every name the book must print: each surname and each member's name. */
export const multiscriptNames = (): string[] =>
  multiscriptFamilies().flatMap((f) => [f.surname, ...f.members.map((m) => m.name)]);
