/**
 * Font subsets made by HarfBuzz's own subsetter (hb-subset, the harfbuzz-subset.wasm that
 * harfbuzzjs ships): a document's font keeps the glyphs it draws and nothing else. Glyphs are
 * asked for by id and keep their ids (RETAIN_GIDS), because the content streams draw glyphs as
 * HarfBuzz shaped them from the whole font: Arabic joining forms, Indic conjuncts, ligatures
 * and emoji sequences have no character of their own. That is why this calls hb-subset itself:
 * subset-font, which wraps the same WebAssembly, subsets by characters only, renumbers the
 * glyphs, and brings a WOFF2 codec a PDF never needs. The ids left unused cost a few bytes each
 * once the file compresses them.
 */
import { readFile } from 'node:fs/promises';
import { shippedOrInstalled } from '../../platform/shipped';
import { HARFBUZZ_FILES } from './shipped';

/** hb-subset's C functions as the WebAssembly exports them (pointers are numbers). */
interface HbSubset {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

/** The copy is ours: HarfBuzz may fix it in place rather than copy it again. */
const MEMORY_MODE_WRITABLE = 2;
const SETS_DROP_TABLE_TAG = 3;
const FLAGS = {
  /** PDF viewers rasterise glyphs themselves: TrueType hinting programs are dead weight. */
  NO_HINTING: 0x1,
  RETAIN_GIDS: 0x2,
  /** Only the glyphs asked for: shaping is done, so no substitution can reach another glyph. */
  NO_LAYOUT_CLOSURE: 0x200,
};
/** Tables a PDF viewer never reads: shaping (done), vertical metrics (the book is set horizontally), layout extras. */
const DROPPED = [
  'GSUB',
  'GPOS',
  'GDEF',
  'morx',
  'kerx',
  'kern',
  'vhea',
  'vmtx',
  'VORG',
  'BASE',
  'JSTF',
  'MATH',
  'STAT',
  'meta',
];

const tag = (s: string) =>
  ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;

let compiled: Promise<WebAssembly.Module> | null = null;

/**
 * A fresh hb-subset: compiled once per container (harfbuzz-subset.wasm beside the bundle, else in
 * node_modules), instantiated for each document. An instance starts with 64 MB of memory and
 * grows with the largest font it holds; dropped once the document's fonts are cut, that memory
 * goes back before the photos are written, instead of staying with the container.
 */
async function hbSubset(): Promise<HbSubset> {
  compiled ??= readFile(shippedOrInstalled(HARFBUZZ_FILES.subset)).then((bytes) => WebAssembly.compile(bytes));
  const instance = await WebAssembly.instantiate(await compiled);
  const hb = instance.exports as unknown as HbSubset;
  hb._initialize();
  return hb;
}

export type Subset = (font: Uint8Array, glyphs: Iterable<number>) => Uint8Array;

/** A subsetter for one document's fonts. */
export const subsetter = async (): Promise<Subset> => {
  const hb = await hbSubset();
  return (font, glyphs) => subsetFont(hb, font, glyphs);
};

/** The font with only `glyphs` (and .notdef, and the parts of composite glyphs), each at its own id. */
function subsetFont(hb: HbSubset, font: Uint8Array, glyphs: Iterable<number>): Uint8Array {
  const data = hb.malloc(font.byteLength);
  new Uint8Array(hb.memory.buffer).set(font, data);
  const blob = hb.hb_blob_create(data, font.byteLength, MEMORY_MODE_WRITABLE, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  try {
    if (!input) throw new Error('hb_subset_input_create_or_fail failed');
    const set = hb.hb_subset_input_glyph_set(input);
    for (const glyph of glyphs) hb.hb_set_add(set, glyph);
    const dropped = hb.hb_subset_input_set(input, SETS_DROP_TABLE_TAG);
    for (const table of DROPPED) hb.hb_set_add(dropped, tag(table));
    hb.hb_subset_input_set_flags(
      input,
      hb.hb_subset_input_get_flags(input) | FLAGS.NO_HINTING | FLAGS.RETAIN_GIDS | FLAGS.NO_LAYOUT_CLOSURE,
    );
    const subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error('hb_subset_or_fail failed');
    const result = hb.hb_face_reference_blob(subset);
    // The memory may have grown while subsetting: a view taken now, copied out before anything is freed.
    const bytes = new Uint8Array(
      hb.memory.buffer,
      hb.hb_blob_get_data(result, 0),
      hb.hb_blob_get_length(result),
    ).slice();
    hb.hb_blob_destroy(result);
    hb.hb_face_destroy(subset);
    if (bytes.length === 0) throw new Error('hb-subset made an empty font');
    return bytes;
  } finally {
    if (input) hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.free(data);
  }
}
