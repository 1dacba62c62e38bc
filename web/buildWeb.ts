/**
 * Builds the SPA with Vite (web/vite.config.ts) and reports its first load: the entry chunk and
 * every chunk it imports statically, which the browser must fetch before the first page renders.
 * Route pages are lazy chunks and are not part of it.
 */
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, createLogger, type Manifest } from 'vite';

const webDir = path.dirname(fileURLToPath(import.meta.url));

export interface FirstLoad {
  /** Files under outDir that the browser must load before the first page renders. */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

/**
 * Vite's logger without one warning: postcss-modules parses the file a `composes: x from './y.module.css'`
 * names without telling PostCSS its path, so Vite cannot rewrite that file's url()s. The modules
 * composed from hold none (test/web/css-modules.test.ts), so the warning says nothing true here.
 */
function buildLogger() {
  const logger = createLogger('warn');
  const warnOnce = logger.warnOnce.bind(logger);
  logger.warnOnce = (message, options) => {
    if (!message.includes('did not pass the `from` option')) warnOnce(message, options);
  };
  return logger;
}

export async function buildWeb(opts: { outDir?: string } = {}): Promise<{ outDir: string; firstLoadJs: FirstLoad }> {
  const outDir = path.resolve(opts.outDir ?? path.join(webDir, 'dist'));
  // What the browser tests and the bench drive is what people get: React's production build. Vite
  // follows NODE_ENV when it is set, and vitest sets it to 'test', which would build React's
  // development code (StrictMode's double effects and all) for the browser tests.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(webDir, 'vite.config.ts'),
      // Loaded by Vite's module runner, which resolves the config's TypeScript imports as the app's own.
      configLoader: 'runner',
      logLevel: 'warn',
      customLogger: buildLogger(),
      // Another process (npm start, the browser tests) may be serving this folder: files of older
      // builds go only once the new index.html is in place (hashed names never clash).
      build: { outDir, emptyOutDir: false },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  await pruneAssets(outDir, manifest);
  return { outDir, firstLoadJs: await firstLoad(outDir, manifest) };
}

/** The chunks `from` reaches by static imports (and lazy ones too, with `lazy`), by manifest key. */
function reached(manifest: Manifest, from: readonly string[], lazy: boolean): Set<string> {
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key)) return;
    chunks.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
    if (lazy) for (const imported of manifest[key]?.dynamicImports ?? []) visit(imported);
  };
  from.forEach(visit);
  return chunks;
}

async function firstLoad(outDir: string, manifest: Manifest): Promise<FirstLoad> {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('Vite wrote no entry chunk');
  return measured(outDir, manifest, reached(manifest, [entry], false));
}

/**
 * What one lazy part of the app (the modules under `folder`, such as `src/features/map/`) loads
 * beyond the first load: its chunks and everything they import, now or later (the map's MapLibre).
 */
export async function lazyLoad(outDir: string, folder: string): Promise<FirstLoad> {
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry)!;
  const first = reached(manifest, [entry], false);
  const own = Object.keys(manifest).filter((key) => key.startsWith(folder) || manifest[key]?.src?.startsWith(folder));
  if (own.length === 0) throw new Error(`no chunk of ${folder} in the build`);
  const chunks = [...reached(manifest, own, true)].filter((key) => !first.has(key));
  return measured(outDir, manifest, new Set(chunks));
}

async function measured(outDir: string, manifest: Manifest, chunks: ReadonlySet<string>): Promise<FirstLoad> {
  const files = [...chunks].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = await readFile(path.join(outDir, file));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files, rawBytes, gzipBytes };
}

async function pruneAssets(outDir: string, manifest: Manifest) {
  const current = new Set<string>();
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
      current.add(path.basename(file));
      current.add(`${path.basename(file)}.map`);
    }
  }
  const assetsDir = path.join(outDir, 'assets');
  for (const name of await readdir(assetsDir)) {
    if (!current.has(name)) await rm(path.join(assetsDir, name), { force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { outDir, firstLoadJs } = await buildWeb();
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(`web built into ${path.relative(process.cwd(), outDir) || '.'}`);
  console.log(
    `first-load JS: ${firstLoadJs.files.length} files, ${kb(firstLoadJs.rawBytes)} KB minified, ${kb(firstLoadJs.gzipBytes)} KB gzipped`,
  );
}
