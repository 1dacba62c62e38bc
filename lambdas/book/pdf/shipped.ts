/** HarfBuzz's WebAssembly, read at run time beside the bundle or from node_modules (platform/shipped.ts). */
import type { ShippedFile } from '../../platform/shipped';

export const HARFBUZZ_FILES = {
  /** The shaper: harfbuzzjs loads it from beside the module that imports harfbuzzjs, the bundle. */
  shaper: { pkg: 'harfbuzzjs', path: 'dist/harfbuzz.wasm', file: 'harfbuzz.wasm' },
  /** The subsetter (subset.ts). */
  subset: { pkg: 'harfbuzzjs', path: 'dist/harfbuzz-subset.wasm', file: 'harfbuzz-subset.wasm' },
} as const satisfies Record<string, ShippedFile>;
