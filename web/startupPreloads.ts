/**
 * Lists in index.html, as modulepreload links, the chunks that start-up imports dynamically
 * (Amplify's code: main.tsx's own dynamic imports, and those of the modules it names, such as
 * amplifyAuth.ts, that it calls at once). The browser then fetches them beside the first-load
 * script instead of after it has run, one round trip sooner, without making them part of the
 * first load it parses before the first paint.
 */
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

export function startupPreloads(entry: string, startedAtOnce: string[] = []): Plugin {
  let files: string[] = [];
  let base = '/';
  return {
    name: 'startup-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // Before Vite writes index.html (in its own generateBundle), which calls transformIndexHtml.
      order: 'pre',
      handler(_options, bundle: OutputBundle) {
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byModule = new Map(chunks.flatMap((c) => (c.facadeModuleId ? [[c.facadeModuleId, c] as const] : [])));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const first = chunks.find((c) => c.isEntry && c.moduleIds.includes(path.resolve(entry)));
        if (!first) throw new Error(`startup-preloads: no entry chunk for ${entry}`);
        const loaded = new Set([first.fileName, ...first.imports]);
        const wanted = new Set<string>();
        const add = (chunk: OutputChunk | undefined) => {
          if (!chunk || loaded.has(chunk.fileName) || wanted.has(chunk.fileName)) return;
          wanted.add(chunk.fileName);
          for (const file of chunk.imports) add(byFile.get(file));
        };
        for (const module of [entry, ...startedAtOnce])
          for (const id of this.getModuleInfo(path.resolve(module))?.dynamicallyImportedIds ?? [])
            add(byModule.get(id));
        files = [...wanted];
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        files.map((file) => ({
          tag: 'link',
          // Low: needed only once the first-load script runs, they must not slow it (or the first paint) down.
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `${base}${file}` },
          injectTo: 'head' as const,
        })),
    },
  };
}
