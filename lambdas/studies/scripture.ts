/**
 * Scripture references, read by bible-passage-reference-parser ("jn 3:16-18", "1 cor 13:4-7") and
 * written back in full ("John 3:16-18", "1 Corinthians 13:4-7"). No Bible text is stored or
 * fetched, for licensing reasons: a reference is its name, and a link to the reading site the
 * church chose.
 */
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';

const parser = new bcv_parser(english);

/** The parser's OSIS book codes, by their English names. */
const BOOKS: Readonly<Record<string, string>> = {
  Gen: 'Genesis',
  Exod: 'Exodus',
  Lev: 'Leviticus',
  Num: 'Numbers',
  Deut: 'Deuteronomy',
  Josh: 'Joshua',
  Judg: 'Judges',
  Ruth: 'Ruth',
  '1Sam': '1 Samuel',
  '2Sam': '2 Samuel',
  '1Kgs': '1 Kings',
  '2Kgs': '2 Kings',
  '1Chr': '1 Chronicles',
  '2Chr': '2 Chronicles',
  Ezra: 'Ezra',
  Neh: 'Nehemiah',
  Esth: 'Esther',
  Job: 'Job',
  Ps: 'Psalms',
  Prov: 'Proverbs',
  Eccl: 'Ecclesiastes',
  Song: 'Song of Songs',
  Isa: 'Isaiah',
  Jer: 'Jeremiah',
  Lam: 'Lamentations',
  Ezek: 'Ezekiel',
  Dan: 'Daniel',
  Hos: 'Hosea',
  Joel: 'Joel',
  Amos: 'Amos',
  Obad: 'Obadiah',
  Jonah: 'Jonah',
  Mic: 'Micah',
  Nah: 'Nahum',
  Hab: 'Habakkuk',
  Zeph: 'Zephaniah',
  Hag: 'Haggai',
  Zech: 'Zechariah',
  Mal: 'Malachi',
  Matt: 'Matthew',
  Mark: 'Mark',
  Luke: 'Luke',
  John: 'John',
  Acts: 'Acts',
  Rom: 'Romans',
  '1Cor': '1 Corinthians',
  '2Cor': '2 Corinthians',
  Gal: 'Galatians',
  Eph: 'Ephesians',
  Phil: 'Philippians',
  Col: 'Colossians',
  '1Thess': '1 Thessalonians',
  '2Thess': '2 Thessalonians',
  '1Tim': '1 Timothy',
  '2Tim': '2 Timothy',
  Titus: 'Titus',
  Phlm: 'Philemon',
  Heb: 'Hebrews',
  Jas: 'James',
  '1Pet': '1 Peter',
  '2Pet': '2 Peter',
  '1John': '1 John',
  '2John': '2 John',
  '3John': '3 John',
  Jude: 'Jude',
  Rev: 'Revelation',
};

interface Point {
  book: string;
  chapter?: string;
  verse?: string;
}

const pointOf = (osis: string): Point => {
  const [book = '', chapter, verse] = osis.split('.');
  return { book, chapter, verse };
};

/** One passage ("John.3.16-John.3.18") as written after its book ("3:16-18"). */
function passage(start: Point, end: Point | undefined): string {
  const at = (p: Point) => [p.chapter, p.verse].filter(Boolean).join(':');
  if (!end) return at(start);
  if (end.book !== start.book) return `${at(start)}-${BOOKS[end.book] ?? end.book} ${at(end)}`.trim();
  if (start.chapter === end.chapter && start.verse && end.verse) return `${start.chapter}:${start.verse}-${end.verse}`;
  return `${at(start)}-${at(end)}`;
}

/** The OSIS the parser gives ("Rom.8.28,Rom.12.1-Rom.12.2") in words ("Romans 8:28; 12:1-2"). */
function inWords(osis: string): string {
  let lastBook = '';
  return osis
    .split(',')
    .map((part) => {
      const [start, end] = part.split('-').map(pointOf) as [Point, Point | undefined];
      const text = passage(start, end);
      // One psalm is a Psalm.
      const book = start.book === 'Ps' && !end?.chapter?.length && !text.includes('-') ? 'Psalm' : BOOKS[start.book];
      const named = start.book === lastBook ? text : `${book ?? start.book} ${text}`.trim();
      lastBook = end?.book ?? start.book;
      return named;
    })
    .join('; ');
}

/** The reference in full, or null when the text is not (only) a Bible reference. */
export function normalisedReference(text: string): string | null {
  const found = parser.parse(text).osis_and_indices();
  if (found.length === 0) return null;
  // Whatever the parser did not read must be punctuation or space: "John 3:16 and more" is not a reference.
  let rest = text;
  for (const { indices } of [...found].reverse() as { indices: [number, number] }[])
    rest = rest.slice(0, indices[0]) + rest.slice(indices[1]);
  if (/[\p{L}\p{N}]/u.test(rest)) return null;
  return inWords(found.map((f: { osis: string }) => f.osis).join(','));
}
