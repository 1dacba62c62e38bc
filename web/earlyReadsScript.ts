/**
 * Puts the early reads' script (src/early/start.ts) in index.html as a module of its own, loaded
 * async: it runs as soon as it arrives, while the app's first-load script is still downloading.
 * Built, it is one file bundled on its own (esbuild), and index.html lists each
 * early page's chunks for it to preload (a JSON data block, which the Content-Security-Policy
 * lets be); served by `npm run dev`, the source itself and no list.
 */
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import type { OutputBundle } from 'rollup';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { EARLY_PAGES, PAGE_CHUNKS_ID } from './src/early/earlyReads';
import { chunkGraph } from './chunkGraph';

interface Sources {
  /** The early reads' script. */
  script: string;
  /** The app's own entry (main.tsx): what its first load brings needs no preloading. */
  entry: string;
  /** The folder EARLY_PAGES names its modules in. */
  srcDir: string;
}

/**
 * Each early page's chunks, with all they import, less the first load's, and their stylesheets (the
 * page's CSS modules, which are in no first load): the URLs to preload.
 */
function earlyPageChunks(bundle: OutputBundle, { entry, srcDir }: Sources, base: string) {
  const graph = chunkGraph(bundle);
  const firstLoad = graph.firstLoad(entry);
  const moduleChunk = (module: string) => {
    const chunk = graph.byModule.get(path.join(srcDir, `${module}.tsx`));
    if (!chunk) throw new Error(`early-reads-script: no chunk of its own for ${module}`);
    return chunk;
  };
  return Object.fromEntries(
    Object.entries(EARLY_PAGES).map(([page, { code }]) => [
      page,
      graph
        .needed(code.map(moduleChunk), firstLoad)
        .flatMap((file) => [file, ...(graph.byFile.get(file)?.viteMetadata?.importedCss ?? [])])
        .map((file) => `${base}${file}`),
    ]),
  );
}

export function earlyReadsScript(sources: Sources): Plugin {
  let reference = '';
  let file = '';
  let chunks: Record<string, string[]> | null = null;
  let base = '/';
  let serving = false;
  return {
    name: 'early-reads-script',
    configResolved(config) {
      base = config.base;
      serving = config.command === 'serve';
    },
    async buildStart() {
      if (serving) return;
      // Bundled apart from the app: what it imports (constants it shares with pages) is inlined,
      // where the app's bundler would split a shared module into a chunk it must then wait for.
      const bundled = await esbuild({
        entryPoints: [sources.script],
        bundle: true,
        format: 'esm',
        minify: true,
        write: false,
        target: 'es2020',
      });
      reference = this.emitFile({ type: 'asset', name: 'early.js', source: bundled.outputFiles[0]!.text });
    },
    generateBundle: {
      // Before Vite writes index.html (in its own generateBundle), which calls transformIndexHtml.
      order: 'pre',
      handler(_options, bundle) {
        file = this.getFileName(reference);
        chunks = earlyPageChunks(bundle, sources, base);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        const src = context.server ? `/${path.relative(context.server.config.root, sources.script)}` : `${base}${file}`;
        const tags: HtmlTagDescriptor[] = [
          { tag: 'script', attrs: { type: 'module', async: true, src }, injectTo: 'head' },
        ];
        // Before the script (whose request starts only once the parser has passed the list), after
        // the head's first 1,024 bytes, where the browser looks for the charset.
        if (chunks && !context.server)
          tags.unshift({
            tag: 'script',
            attrs: { type: 'application/json', id: PAGE_CHUNKS_ID },
            children: JSON.stringify(chunks),
            injectTo: 'head',
          });
        return tags;
      },
    },
  };
}
