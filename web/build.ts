/**
 * Builds the SPA with esbuild: ESM, code splitting (each route is a lazy chunk), minified,
 * hashed file names under <outdir>/assets, and <outdir>/index.html pointing at them.
 *
 *   npx tsx web/build.ts            build into web/dist
 *   npx tsx web/build.ts --watch    rebuild on change
 */
import * as esbuild from 'esbuild';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const ASSETS = 'assets';

export interface BuildWebOptions {
  outdir?: string;
  minify?: boolean;
  watch?: boolean;
}

export interface FirstLoad {
  /** Files under outdir that the browser must load before the first page renders. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

export interface BuildWebResult {
  outdir: string;
  firstLoadJs: FirstLoad;
  /** esbuild's metafile of the last build, for size analysis. */
  metafile?: esbuild.Metafile;
  /** Only in watch mode: stops watching. */
  dispose?: () => Promise<void>;
}

/**
 * esbuild splits code by reachability, file by file: whatever the entry can reach through a
 * barrel (an index that re-exports a whole library) lands in the first load, even when only lazy
 * pages use it. The app shell needs only ThemeProvider and createTheme from @aws-amplify/ui-react,
 * so for the shell's files those two names are taken from their own modules, and the form
 * primitives stay in the lazy chunks. A shell file importing any other name fails the build.
 */
const SHELL_FILES = ['web/src/app/App.tsx', 'web/src/app/theme.ts'];
const uiReactShell: esbuild.Plugin = {
  name: 'ui-react-shell',
  setup(build) {
    const root = path.resolve(webDir, '..');
    const shellFiles = new Set(SHELL_FILES.map((f) => path.join(root, f)));
    build.onResolve({ filter: /^@aws-amplify\/ui-react$/ }, (args) =>
      shellFiles.has(args.importer) ? { path: 'ui-react-shell', namespace: 'ui-react-shell' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'ui-react-shell' }, async () => {
      const themeProvider = (
        await build.resolve('@aws-amplify/ui-react', { kind: 'import-statement', resolveDir: root })
      ).path.replace(/index\.mjs$/, 'components/ThemeProvider/ThemeProvider.mjs');
      if (!existsSync(themeProvider)) throw new Error(`ui-react-shell: ${themeProvider} is gone; update web/build.ts`);
      return {
        contents: `export { ThemeProvider } from ${JSON.stringify(themeProvider)};\nexport { createTheme } from '@aws-amplify/ui';\n`,
        resolveDir: path.dirname(themeProvider),
        loader: 'js',
      };
    });
  },
};

/** Budget: the first load carries at most 150 KB of gzipped JavaScript (the build and the bench fail above it). */
export const FIRST_LOAD_BUDGET_BYTES = 150 * 1024;

export async function buildWeb(opts: BuildWebOptions = {}): Promise<BuildWebResult> {
  const outdir = path.resolve(opts.outdir ?? path.join(webDir, 'dist'));
  const assetsDir = path.join(outdir, ASSETS);
  // No wipe up front: another process (the local stack, e2e setup) may be serving this folder.
  // Hashed names never clash; files of older builds are pruned once the new index.html is in place.
  await mkdir(assetsDir, { recursive: true });

  let firstLoadJs: FirstLoad = { files: [], rawBytes: 0, gzipBytes: 0 };

  const writeHtml: esbuild.Plugin = {
    name: 'write-index-html',
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length || !result.metafile) return;
        firstLoadJs = await writeIndexHtml(result.metafile, outdir);
        await pruneAssets(result.metafile, assetsDir);
      });
    },
  };

  const options: esbuild.BuildOptions = {
    absWorkingDir: path.resolve(webDir, '..'),
    entryPoints: { main: path.join(webDir, 'src/main.tsx') },
    outdir: assetsDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: opts.minify ?? true,
    sourcemap: 'linked',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.woff2': 'file' },
    metafile: true,
    legalComments: 'linked',
    logLevel: opts.watch ? 'info' : 'warning',
    plugins: [uiReactShell, writeHtml],
  };

  await copyPublic(outdir);
  if (opts.watch) {
    const ctx = await esbuild.context(options);
    await ctx.rebuild();
    await ctx.watch();
    return { outdir, firstLoadJs, dispose: () => ctx.dispose() };
  }
  const result = await esbuild.build(options);
  return { outdir, firstLoadJs, metafile: result.metafile };
}

async function copyPublic(outdir: string) {
  const publicDir = path.join(webDir, 'public');
  if (existsSync(publicDir)) await cp(publicDir, outdir, { recursive: true });
}

/** Rewrites the source tags of web/index.html to the built entry, its CSS and its static imports. */
async function writeIndexHtml(metafile: esbuild.Metafile, outdir: string): Promise<FirstLoad> {
  const root = path.resolve(webDir, '..');
  const abs = (p: string) => path.resolve(root, p);
  const url = (p: string) => '/' + path.relative(outdir, abs(p)).split(path.sep).join('/');

  const entry = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint?.endsWith('web/src/main.tsx'));
  if (!entry) throw new Error('esbuild produced no output for web/src/main.tsx');
  const [entryFile, entryOutput] = entry;

  // The first load is the entry plus everything it imports statically, transitively.
  const firstLoad = new Set<string>();
  const visit = (file: string) => {
    if (firstLoad.has(file)) return;
    firstLoad.add(file);
    for (const imp of metafile.outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    }
  };
  visit(entryFile);

  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of firstLoad) {
    const content = await readFile(abs(file));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }

  const preloads = [...firstLoad]
    .filter((f) => f !== entryFile)
    .map((f) => `    <link rel="modulepreload" href="${url(f)}" />`)
    .join('\n');
  const css = entryOutput.cssBundle ? `    <link rel="stylesheet" href="${url(entryOutput.cssBundle)}" />` : '';

  let html = await readFile(path.join(webDir, 'index.html'), 'utf8');
  html = html.replace(/\n[ \t]*<link rel="stylesheet" href="\.\/src\/[^"]+"\s*\/?>/g, '');
  html = html.replace(
    /<script type="module" src="\.\/src\/main\.tsx"><\/script>/,
    `<script type="module" src="${url(entryFile)}"></script>`,
  );
  html = html.replace(
    /\n([ \t]*)<\/head>/,
    (_, indent: string) => `\n${[css, preloads].filter(Boolean).join('\n')}\n${indent}</head>`,
  );
  if (!html.includes(url(entryFile)))
    throw new Error('web/index.html lacks <script type="module" src="./src/main.tsx">');
  // Written to a temporary name and renamed, so nobody ever reads half a file.
  const target = path.join(outdir, 'index.html');
  await writeFile(`${target}.${process.pid}.tmp`, html);
  await rename(`${target}.${process.pid}.tmp`, target);

  return { files: [...firstLoad].map((f) => path.relative(outdir, abs(f))), rawBytes, gzipBytes };
}

/** Removes files under assets/ that the build just made did not write. */
async function pruneAssets(metafile: esbuild.Metafile, assetsDir: string) {
  const root = path.resolve(webDir, '..');
  const current = new Set(Object.keys(metafile.outputs).map((f) => path.resolve(root, f)));
  for (const name of await readdir(assetsDir)) {
    const file = path.join(assetsDir, name);
    if (!current.has(file)) await rm(file, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const watch = process.argv.includes('--watch');
  buildWeb({ watch })
    .then(({ outdir, firstLoadJs }) => {
      const kb = (n: number) => (n / 1024).toFixed(1);
      console.log(`web built into ${path.relative(process.cwd(), outdir) || '.'}`);
      console.log(
        `first-load JS: ${firstLoadJs.files.length} files, ${kb(firstLoadJs.rawBytes)} KB minified, ${kb(firstLoadJs.gzipBytes)} KB gzipped (budget ${kb(FIRST_LOAD_BUDGET_BYTES)} KB)`,
      );
      if (firstLoadJs.gzipBytes > FIRST_LOAD_BUDGET_BYTES) {
        console.error('first-load JS is over budget');
        process.exitCode = 1;
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
