/**
 * Lists in index.html, as modulepreload links, the chunks that start-up imports dynamically
 * (Amplify's code: main.tsx's own dynamic imports, and those of the modules it names, such as
 * amplifyAuth.ts, that it calls at once). The browser then fetches them beside the first-load
 * script instead of after it has run, one round trip sooner, without making them part of the
 * first load it parses before the first paint.
 */
import path from 'node:path';
import type { OutputBundle } from 'rollup';
import type { Plugin } from 'vite';
import { chunkGraph } from './chunkGraph';

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
        const graph = chunkGraph(bundle);
        const started = [entry, ...startedAtOnce].flatMap(
          (module) => this.getModuleInfo(path.resolve(module))?.dynamicallyImportedIds ?? [],
        );
        files = graph.needed(
          started.map((id) => graph.byModule.get(id)),
          graph.firstLoad(path.resolve(entry)),
        );
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
