/** What a build's chunks need: used by the plugins that list chunks for the browser to preload. */
import type { OutputBundle, OutputChunk } from 'rollup';

export interface ChunkGraph {
  /** The chunk whose own module (its facade) is this absolute path. */
  byModule: Map<string, OutputChunk>;
  /** The chunk written to this file (under outDir). */
  byFile: Map<string, OutputChunk>;
  /** The first-load chunk of `entry` (an absolute path) and every chunk it imports statically. */
  firstLoad(entry: string): Set<string>;
  /** The chunks, with all they import statically, that `loaded` does not hold yet: file names. */
  needed(chunks: (OutputChunk | undefined)[], loaded: Set<string>): string[];
}

export function chunkGraph(bundle: OutputBundle): ChunkGraph {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  // Every module's chunk, not only the chunks a module is the face of: a module the tiers put into
  // a shared chunk (web/codeTiers.ts) is found there.
  const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const)));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  return {
    byModule,
    byFile,
    firstLoad(entry) {
      const first = chunks.find((c) => c.isEntry && c.moduleIds.includes(entry));
      if (!first) throw new Error(`no entry chunk for ${entry}`);
      return new Set([first.fileName, ...first.imports]);
    },
    needed(roots, loaded) {
      const wanted = new Set<string>();
      const add = (chunk: OutputChunk | undefined) => {
        if (!chunk || loaded.has(chunk.fileName) || wanted.has(chunk.fileName)) return;
        wanted.add(chunk.fileName);
        for (const file of chunk.imports) add(byFile.get(file));
      };
      roots.forEach(add);
      return [...wanted];
    },
  };
}
