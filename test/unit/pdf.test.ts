/**
 * The PDF directory, read back: pdf-lib for pages and fonts, fontkit for the embedded subsets,
 * pdf.js (pdfjs-dist, test/support/pdfText.ts) for the text as a reader's PDF viewer extracts it;
 * poppler's pdftotext too where it is installed.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFHeader, PDFName, PDFRawStream, PDFRef, rgb } from 'pdf-lib';
import * as esbuild from 'esbuild';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesToShip, lambdaBuildOptions } from '../../lib/bundling';
import { jobs } from '../../lambdas/tasks/manifest';
import { FAMILY_NAMES, FONT_FILES, fontPath, type Family } from '../../lambdas/book/pdf/fonts';
import { initialOf, PAPER_SIZES, wrap } from '../../lambdas/book/pdf/layout';
import { renderDirectoryPdfBytes, type DirectoryPdfInput, type PdfFamily } from '../../lambdas/book/pdf/render';
import { jpegInfo } from '../../lambdas/book/pdf/images';
import { collect, writeObjects } from '../../lambdas/book/pdf/stream';
import { TextShaper } from '../../lambdas/book/pdf/text';
import { MULTISCRIPT_CHURCH, multiscriptFamilies, multiscriptNames } from '../support/multiscript';
import { namesNotReadBack, pdfText, popplerText } from '../support/pdfText';
import { photoJpeg } from '../support/photos';

const church = {
  name: 'Grace Community Church',
  address: '100 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};
const printedAt = new Date('2025-11-21T15:00:00Z');

const member = (name: string, i = 0) => ({
  name,
  birthday: i % 2 ? null : `0${1 + (i % 9)}/1${i % 10}`,
  cellphone: i % 3 === 2 ? null : `(217) 555-01${10 + i}`,
  email: i % 4 === 1 ? null : `m${i}@example.com`,
});
const family = (
  surname: string,
  names: string[],
  photo: Uint8Array | null = null,
  extra: Partial<PdfFamily> = {},
): PdfFamily => ({
  surname,
  street: '12 Elm Street',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  phone: '(217) 555-0143',
  anniversary: '06/12',
  photo,
  members: names.map(member),
  ...extra,
});

let landscape: Buffer;
let portrait: Buffer;
beforeAll(() => {
  landscape = photoJpeg(1, 480, 360);
  portrait = photoJpeg(2, 360, 480);
});

const SCRIPTS = () => [
  family('Nguyễn', ['Văn An', 'Thị Hồng', 'Đức Minh'], landscape),
  family('Ødegård', ['Åse', 'Bjørn']),
  family('Παπαδόπουλος', ['Γιώργος', 'Ελένη'], portrait),
  family('김', ['민수', '지영', 'Daniel'], landscape),
  family('Иванова', ['Анна']),
  family('Adams', ['Zoe', 'Aaron'], null, { street: null, phone: null, anniversary: null, city: null }),
];

const render = (input: Partial<DirectoryPdfInput> & { families: PdfFamily[] }) =>
  renderDirectoryPdfBytes({ church, printedAt, ...input });

/** Index entries as printed: 'Surname, Name . . . 12' (a long name may take two lines). */
async function readIndex(bytes: Uint8Array, pages: number[]): Promise<{ label: string; page: number }[]> {
  const entries: { label: string; page: number }[] = [];
  let pending = '';
  for (const page of pages) {
    for (const line of (await pdfText(bytes, page, true)).split('\n').map((l) => l.trim())) {
      if (!line || line === 'Index' || line === String(page) || line === church.name) continue;
      const match = /^(.*?)\s*(?:\.\s*)+(\d+)$/.exec(line);
      if (match) {
        entries.push({ label: `${pending} ${match[1]}`.trim(), page: Number(match[2]) });
        pending = '';
      } else pending = `${pending} ${line}`.trim();
    }
  }
  return entries;
}

describe('the PDF directory', () => {
  it('prints every family and member name as written, in several scripts, with and without photos', async () => {
    const pdf = await render({ families: SCRIPTS() });
    const doc = await PDFDocument.load(pdf.bytes);
    // Cover, one page of families, one index page.
    expect(doc.getPageCount()).toBe(3);
    expect(pdf.layout.pages.map((p) => p.kind)).toEqual(['cover', 'families', 'index']);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });

    const cover = await pdfText(pdf.bytes, 1);
    expect(cover).toContain('Grace Community Church');
    expect(cover).toContain('100 Main Street');
    expect(cover).toContain('Springfield, IL 62701');
    expect(cover).toContain('Printed November 21, 2025');

    const body = await pdfText(pdf.bytes, 2);
    for (const f of SCRIPTS()) {
      expect(body).toContain(f.surname);
      for (const m of f.members) expect(body).toContain(m.name);
    }
    for (const heading of ['Nguyễn Family', 'Ødegård Family', '김 Family', 'Иванова Family'])
      expect(body).toContain(heading);
    // Empty fields leave no labels; present ones are labelled.
    expect(body).toContain('Phone: (217) 555-0143');
    expect(body).toContain('Anniversary: 06/12');
    expect(body).toContain('Birthday 01/10');
    expect(body).toContain('Cell: (217) 555-0110');
    expect(body).toContain('Email: m0@example.com');
    // The e-mail has a line of its own, not the cell number's.
    expect(await pdfText(pdf.bytes, 2, true)).not.toMatch(/Cell: [^\n]*@/);
    const adams = (await pdfText(pdf.bytes, 2)).split('Adams Family')[1]!.split('Zoe')[0]!;
    expect(adams).not.toMatch(/Phone|Anniversary|Springfield|Elm/);
    expect(body).not.toMatch(/Phone: (?!\()|Birthday (?!\d)|Cell: (?!\()|Email: (?!m\d)/);
    // Families in surname order under their letters.
    const raw = await pdfText(pdf.bytes, 2, true);
    const order = ['Adams Family', 'Nguyễn Family', 'Ødegård Family', 'Иванова Family', '김 Family'].map((s) =>
      raw.indexOf(s),
    );
    expect(order.every((pos, i) => pos >= 0 && (i === 0 || pos > order[i - 1]!))).toBe(true);
    expect(raw.indexOf('Παπαδόπουλος')).toBeGreaterThan(raw.indexOf('Ødegård Family'));
    for (const letter of ['A', 'N', 'O', 'Π', 'И', 'ㄱ']) expect(raw.split('\n')).toContain(letter);
  });

  it('prints a name in every script of the chain with no glyph missing, and a reader’s viewer reads each back', async () => {
    const pdf = await render({ church: MULTISCRIPT_CHURCH, families: multiscriptFamilies() });
    // Not one glyph is .notdef (the font's empty box).
    expect(pdf.notdefGlyphs).toBe(0);
    expect(namesNotReadBack(await pdfText(pdf.bytes, undefined, true), multiscriptNames())).toEqual([]);
    // And poppler's pdftotext, where it is installed.
    const poppler = popplerText(pdf.bytes);
    if (poppler !== null) expect(namesNotReadBack(poppler, multiscriptNames())).toEqual([]);
  });

  it('embeds each photo as the very JPEG bytes given, and skips one that cannot be embedded', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')]);
    const gif = Buffer.from('GIF89a....');
    const pdf = await render({
      families: [
        family('Adams', ['Zoe'], landscape),
        family('Brown', ['Ann'], broken),
        family('Clark', ['Cy'], gif),
        family('Diaz', ['Di'], portrait),
      ],
    });
    const bytes = Buffer.from(pdf.bytes);
    expect(bytes.indexOf(landscape)).toBeGreaterThan(0);
    expect(bytes.indexOf(portrait)).toBeGreaterThan(0);
    expect(pdf.photosSkipped).toBe(2);
    const photos = pdf.layout.pages.flatMap((p) => p.items).filter((i) => i.kind === 'photo');
    expect(photos.map((p) => pdf.families[p.image]!.surname)).toEqual(['Adams', 'Diaz']);
    // Aspect ratio kept.
    const [wide, tall] = photos;
    expect(wide!.width / wide!.height).toBeCloseTo(480 / 360, 2);
    expect(tall!.width / tall!.height).toBeCloseTo(360 / 480, 2);
    const text = await pdfText(pdf.bytes);
    for (const name of ['Brown Family', 'Clark Family', 'Ann', 'Cy']) expect(text).toContain(name);
  });

  it('makes the same book in parts: each object where the cross-reference table says, numbers never shared, pages in order', async () => {
    const families = Array.from({ length: 40 }, (_, i) =>
      family(`Part${String(i).padStart(2, '0')}`, ['Ann', 'Ben'], i % 3 ? (i % 2 ? portrait : landscape) : null),
    );
    const whole = await render({ families });
    const inParts = await renderDirectoryPdfBytes({ church, printedAt, families }, 1);
    expect(whole.parts).toBe(1);
    expect(inParts.parts).toBe(inParts.layout.pages.length);
    expect(inParts.layout.pages.length).toBeGreaterThan(3);
    for (const pdf of [whole, inParts]) {
      const text = Buffer.from(pdf.bytes).toString('latin1');
      expect(text.startsWith('%PDF-1.7\n')).toBe(true);
      // One classic cross-reference section from 0: every entry in use points at its object.
      const xrefAt = Number(/startxref\n(\d+)\n%%EOF$/.exec(text)![1]);
      const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt))!;
      const entries = text
        .slice(xrefAt)
        .split('\n')
        .slice(2, 2 + Number(count));
      const free: number[] = [];
      entries.forEach((line, number) => {
        const [, offset, kind] = /^(\d{10}) \d{5} ([nf]) $/.exec(line)!;
        if (kind === 'f') free.push(number);
        else expect(text.startsWith(`${number} 0 obj\n`, Number(offset)), `object ${number}`).toBe(true);
      });
      // The free list starts at 0 and links every free number.
      expect(free[0]).toBe(0);
      const next = free.map((n) => Number(entries[n]!.slice(0, 10)));
      expect(next).toEqual([...free.slice(1), 0]);
      // No object number written twice.
      const numbers = [...text.matchAll(/(?:^|\n)(\d+) 0 obj\n/g)].map((m) => m[1]);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(pdf.layout.pages.length);
    }
    // Page by page, the same text and the same photos (each part embeds its own font subsets).
    for (let page = 1; page <= whole.layout.pages.length; page++)
      expect(await pdfText(inParts.bytes, page)).toBe(await pdfText(whole.bytes, page));
    const bytes = Buffer.from(inParts.bytes);
    expect(bytes.indexOf(landscape)).toBeGreaterThan(0);
    expect(bytes.indexOf(portrait)).toBeGreaterThan(0);
    expect(inParts.photosSkipped).toBe(0);
  });

  it('reads a JPEG’s frame header from its first bytes, wherever the bytes sit in memory', () => {
    const pooled = Buffer.concat([Buffer.alloc(100), landscape]).subarray(100);
    expect(jpegInfo(pooled)).toEqual({ width: 480, height: 360, bitsPerComponent: 8, colorSpace: 'DeviceRGB' });
    expect(jpegInfo(portrait.subarray(0, 2048))).toEqual({
      width: 360,
      height: 480,
      bitsPerComponent: 8,
      colorSpace: 'DeviceRGB',
    });
    expect(jpegInfo(portrait.subarray(0, 10))).toBeNull();
    expect(jpegInfo(Buffer.from('GIF89a........'))).toBeNull();
  });

  it('never splits a family block across pages, and the index points to each member’s page', async () => {
    const families: PdfFamily[] = [];
    const scripts = ['Nguyễn', 'Ødegård', 'Παπαδόπουλος', '김', 'Иванова', 'García', 'Müller'];
    for (let i = 0; i < 90; i++) {
      const names = Array.from(
        { length: i % 7 },
        (_, m) => `${['Ann', 'Bo', 'Chi', 'Dara', 'Eun', 'Fay', 'Gus'][m]}${i}`,
      );
      families.push(
        family(
          `${scripts[i % scripts.length]}${String(i).padStart(2, '0')}`,
          names,
          i % 3 === 0 ? landscape : i % 3 === 1 ? portrait : null,
        ),
      );
    }
    const pdf = await render({ families });
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPageCount()).toBe(pdf.layout.pages.length);
    const familyPages = pdf.layout.pages.filter((p) => p.kind === 'families').map((p) => p.number);
    const indexPages = pdf.layout.pages.filter((p) => p.kind === 'index').map((p) => p.number);
    expect(familyPages.length).toBeGreaterThan(5);
    expect(indexPages.length).toBeGreaterThanOrEqual(2);

    const [, height] = PAPER_SIZES.letter;
    const pageTexts = new Map(
      await Promise.all(familyPages.map(async (n) => [n, await pdfText(pdf.bytes, n)] as const)),
    );
    for (const placement of pdf.layout.placements) {
      const f = pdf.families[placement.family]!;
      expect(placement.pages, f.surname).toHaveLength(1);
      expect(placement.top).toBeLessThanOrEqual(height - 54);
      expect(placement.bottom).toBeGreaterThanOrEqual(58);
      // Read back: the whole family is on that page.
      const text = pageTexts.get(placement.pages[0]!)!;
      expect(text).toContain(`${f.surname} Family`);
      for (const m of f.members) expect(text).toContain(m.name);
    }

    const index = await readIndex(pdf.bytes, indexPages);
    const memberCount = families.reduce((n, f) => n + f.members.length, 0);
    expect(index).toHaveLength(memberCount);
    expect(index.map((e) => e.label)).toEqual(pdf.layout.index.map((e) => e.label));
    for (const entry of index) {
      const name = entry.label.split(', ')[1]!;
      expect(pageTexts.get(entry.page), entry.label).toContain(name);
    }
  });

  it('continues only a family taller than a whole column, and says so', async () => {
    const big = family(
      'Abara',
      Array.from({ length: 48 }, (_, i) => `Child ${i + 1}`),
    );
    const pdf = await render({ families: [family('Aaron', ['Al']), big, family('Baker', ['Bea'])] });
    const [aaron, abara, baker] = pdf.layout.placements;
    expect(aaron!.pages).toHaveLength(1);
    expect(baker!.pages).toHaveLength(1);
    expect(abara!.pages.length + new Set(abara!.memberPages).size).toBeGreaterThan(1);
    expect(await pdfText(pdf.bytes)).toContain('Abara Family (continued)');
    const index = await readIndex(
      pdf.bytes,
      pdf.layout.pages.filter((p) => p.kind === 'index').map((p) => p.number),
    );
    const child48 = index.find((e) => e.label === 'Abara, Child 48')!;
    expect(await pdfText(pdf.bytes, child48.page)).toContain('Child 48');
  });

  it('prints on A4 when asked, and on Letter by default', async () => {
    const pdf = await render({ families: SCRIPTS(), paper: 'a4' });
    const doc = await PDFDocument.load(pdf.bytes);
    for (const page of doc.getPages()) {
      expect(page.getWidth()).toBeCloseTo(595.28, 1);
      expect(page.getHeight()).toBeCloseTo(841.89, 1);
    }
  });

  it('embeds subset fonts whose every glyph drawn keeps its outline (read back with fontkit)', async () => {
    const pdf = await render({ families: SCRIPTS() });
    const doc = await PDFDocument.load(pdf.bytes);
    const stream = (ref: unknown) => {
      const object = ref instanceof PDFRef ? doc.context.lookup(ref) : null;
      return object instanceof PDFRawStream ? decodePDFRawStream(object).decode() : null;
    };
    const fonts: { name: string; glyphs: number; blank: number }[] = [];
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('CIDFontType2')) continue;
      const descriptor = doc.context.lookup(object.get(PDFName.of('FontDescriptor'))) as PDFDict;
      const program = stream(descriptor.get(PDFName.of('FontFile2')));
      // Character id n draws the glyph at bytes 2n and 2n+1 of the CIDToGIDMap.
      const map = stream(object.get(PDFName.of('CIDToGIDMap')));
      expect(program && map).toBeTruthy();
      const face = fontkit.create(Buffer.from(program!));
      const drawn = new Set<number>();
      for (let i = 2; i < map!.length; i += 2) drawn.add((map![i]! << 8) | map![i + 1]!);
      let blank = 0;
      // Only the space may be blank.
      for (const id of drawn) if (face.getGlyph(id).path.toSVG() === '') blank += 1;
      fonts.push({ name: String(descriptor.get(PDFName.of('FontName'))), glyphs: drawn.size, blank });
    }
    // Regular and bold, each with Korean: this directory has Hangul in both.
    expect(fonts).toHaveLength(4);
    for (const font of fonts) {
      expect(font.glyphs, font.name).toBeGreaterThan(1);
      expect(font.blank, font.name).toBeLessThanOrEqual(1);
    }
    // A directory without Hangul or Han carries no Korean font at all.
    const latin = await render({ families: [family('Ødegård', ['Åse'])] });
    expect(Buffer.from(latin.bytes).includes('NotoSansKR')).toBe(false);
  });

  it('prints the same from the Lambda build: no standard fonts, fonts and HarfBuzz read from files shipped next to it, a font only when a name needs it', async () => {
    const root = path.resolve(import.meta.dirname, '..', '..');
    // Outside the project, so no node_modules to fall back on: only the shipped files can serve.
    const out = mkdtempSync(path.join(tmpdir(), 'pdf-bundle-'));
    await esbuild
      .build({
        ...lambdaBuildOptions(root, 'lambdas/book/pdf/render.ts', path.join(out, 'index.mjs')),
        metafile: true,
      })
      .then(({ metafile }) => {
        const inputs = Object.keys(metafile!.inputs);
        expect(inputs.some((i) => i.includes('node_modules/@pdf-lib/standard-fonts/'))).toBe(false);
        expect(inputs.some((i) => i.includes('fontkit'))).toBe(false);
        expect(inputs.some((i) => i.includes('node_modules/pako/'))).toBe(false);
        expect(inputs.filter((i) => /\.(ttf|wasm)$/.test(i))).toEqual([]);
      });
    const shipped = filesToShip(jobs.directoryBook.tasks.RenderFunctionArn);
    const ship = (files: typeof shipped) => {
      for (const { from, to } of files) {
        mkdirSync(path.dirname(path.join(out, to)), { recursive: true });
        copyFileSync(path.join(root, from), path.join(out, to));
      }
    };
    // First HarfBuzz and Noto Sans alone: a book in Latin, Greek and Cyrillic reads no other font.
    ship(shipped.filter(({ to }) => !to.startsWith('fonts/') || to.startsWith('fonts/NotoSans-')));
    const bundled = (await import(
      pathToFileURL(path.join(out, 'index.mjs')).href
    )) as typeof import('../../lambdas/book/pdf/render');
    const western = SCRIPTS().filter((f) => f.surname !== '김');
    const first = await bundled.renderDirectoryPdfBytes({ church, printedAt, families: western });
    expect(first.notdefGlyphs).toBe(0);
    ship(shipped);
    const pdf = await bundled.renderDirectoryPdfBytes({ church, printedAt, families: SCRIPTS() });
    expect(pdf.notdefGlyphs).toBe(0);
    const text = await pdfText(pdf.bytes);
    for (const f of SCRIPTS())
      for (const name of [f.surname, ...f.members.map((m) => m.name)]) expect(text).toContain(name);
    expect(pdf.layout.pages).toHaveLength(3);
  });

  it('writes a part’s objects in chunks, each at the offset it says, a big stream passed on as it is', async () => {
    const make = async () => {
      const doc = await PDFDocument.create();
      for (let i = 0; i < 30; i++)
        doc.addPage([612, 792]).drawRectangle({ x: i, y: i, width: 50, height: 20, color: rgb(0.2, 0.3, 0.4) });
      // Larger than a chunk (1 MB).
      doc.context.register(doc.context.stream(new Uint8Array(1_500_000).fill(7)));
      await doc.flush();
      return doc.context;
    };
    const context = await make();
    const objects = context.enumerateIndirectObjects().length;
    const stream = writeObjects(context, PDFHeader.forVersion(1, 7));
    const sizes: number[] = [];
    const parts: Uint8Array[] = [];
    for await (const chunk of stream.chunks) {
      sizes.push(chunk.length);
      parts.push(chunk);
    }
    const bytes = Buffer.concat(parts);
    expect(bytes.length).toBe(stream.size);
    expect(bytes.toString('latin1').startsWith('%PDF-1.7\n')).toBe(true);
    expect(stream.offsets.size).toBe(objects);
    for (const [number, offset] of stream.offsets)
      expect(bytes.toString('latin1', offset, offset + 20).startsWith(`${number} 0 obj\n`)).toBe(true);
    // The big stream's own bytes, uncopied; everything else in chunks of at most 1 MB.
    expect(sizes).toContain(1_500_000);
    expect(sizes.every((n) => n <= 1 << 20 || n === 1_500_000)).toBe(true);
    // The objects are let go as they are written; a part after the first has no header.
    expect(context.enumerateIndirectObjects()).toHaveLength(0);
    const next = writeObjects(await make(), null);
    const rest = Buffer.from(await collect(next));
    expect(rest.length).toBe(stream.size - (PDFHeader.forVersion(1, 7).sizeInBytes() + 2));
    expect(rest.toString('latin1').startsWith('1 0 obj\n')).toBe(true);
  });

  it('draws each script with its own font of the chain, and Han by the line’s language', async () => {
    const shaper = await TextShaper.create();
    const samples: Record<Family, string> = {
      sans: 'Ærø Ωμέγα Жанна Nguyễn',
      hebrew: 'שלום',
      arabic: 'سلام',
      devanagari: 'नमस्ते',
      bengali: 'বাংলা',
      tamil: 'தமிழ்',
      thai: 'ไทย',
      ethiopic: 'አበበ',
      armenian: 'Աննա',
      georgian: 'ნინო',
      korean: '김민수 李',
      japanese: 'さくら 田中',
      simplifiedChinese: '王小明',
      traditionalChinese: '𡃁',
      emoji: '🙂👨‍👩‍👧',
    };
    for (const family of FAMILY_NAMES) {
      for (const weight of ['regular', 'bold'] as const) {
        expect(existsSync(fontPath(`${family}-${weight}`)), family).toBe(true);
        const line = shaper.line(samples[family], weight);
        expect(line.notdef, family).toBe(0);
        const faces = new Set(line.runs.filter((r) => r.text.trim()).map((r) => r.face.name));
        expect([...faces], samples[family]).toEqual([`${family}-${weight}`]);
      }
    }
    expect(Object.keys(FONT_FILES)).toHaveLength(FAMILY_NAMES.length * 2);
  });

  it('shapes right-to-left and joined scripts: display order, joining forms, reordered marks', async () => {
    const shaper = await TextShaper.create();
    // Hebrew is drawn right to left: its last letter leftmost; the digits after it stay on its left (bidi).
    const hebrew = shaper.line('שרה 2', 'regular');
    expect(hebrew.runs.map((r) => [r.rtl, r.chars.join('')])).toEqual([
      [false, '2'],
      [true, ' '],
      [true, 'הרש'],
    ]);
    // An Arabic letter inside a word is not its isolated form.
    const alone = shaper.line('ح', 'regular').runs[0]!.glyphs[0];
    const joined = shaper.line('حداد', 'regular').runs[0]!;
    expect(joined.rtl).toBe(true);
    expect(joined.glyphs[joined.glyphs.length - 1]).not.toBe(alone);
    // Devanagari's short i is drawn before the consonant it follows: its glyphs cannot copy one by one.
    const priya = shaper.line('प्रिया', 'regular').runs[0]!;
    expect(priya.readsBack).toBe(false);
    expect(shaper.line('Nguyễn', 'regular').runs[0]!.readsBack).toBe(true);
  });

  it('files surnames under their letter, whatever the script', () => {
    expect(
      ['Adams', 'ødegård', 'Ørsted', 'Nguyễn', 'Élise', 'Łukasz', 'Παπαδόπουλος', '김', '이', '12 Tribes'].map(
        initialOf,
      ),
    ).toEqual(['A', 'O', 'O', 'N', 'E', 'L', 'Π', 'ㄱ', 'ㅇ', '#']);
  });

  it('wraps at spaces, and inside a word only when it must', () => {
    const measure = (s: string) => s.length;
    expect(wrap('aa bb cc', 5, measure)).toEqual(['aa bb', 'cc']);
    expect(wrap('abcdefgh', 3, measure)).toEqual(['abc', 'def', 'gh']);
    expect(wrap('', 3, measure)).toEqual(['']);
  });
});
