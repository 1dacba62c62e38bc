/**
 * The SPA's build (`npm run build`, `npm start`, the browser tests) and its dev server
 * (`npm run dev`: hot reload, with /api, /cognito, /config.json and /_local answered by the local
 * stack that `npm start` runs, http://127.0.0.1:$LOCAL_PORT, default 4000).
 */
import { createTheme } from '@aws-amplify/ui';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { codeTiers } from './codeTiers';
import { cssModules } from './cssModules';
import { earlyReadsScript } from './earlyReadsScript';
import { EARLY_PAGES } from './src/early/earlyReads';
import { pwa } from './pwa';
import { startupPreloads } from './startupPreloads';
import { theme } from './src/app/theme';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const stackUrl = `http://127.0.0.1:${process.env.LOCAL_PORT ?? 4000}`;

/**
 * The stack's config.json names its own origin as the Cognito endpoint; the dev server hands the
 * SPA its own origin instead, so every call stays same-origin and goes through the proxy below.
 */
function devConfigJson(): Plugin {
  return {
    name: 'dev-config-json',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/config.json', (req, res) => {
        fetch(`${stackUrl}/config.json`)
          .then(async (answer) => {
            if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
            const config = (await answer.json()) as Record<string, unknown>;
            const origin = `http://${req.headers.host ?? 'localhost'}`;
            config.userPoolEndpoint = `${origin}/cognito`;
            if (typeof config.mailboxUrl === 'string') config.mailboxUrl = `${origin}/_local/mailbox`;
            res.setHeader('content-type', 'application/json');
            res.setHeader('cache-control', 'no-cache');
            res.end(JSON.stringify(config));
          })
          .catch((error: unknown) => {
            res.statusCode = 502;
            res.end(`The local stack at ${stackUrl} did not answer (${String(error)}). Start it with npm start.`);
          });
      });
    },
  };
}

/** The custom properties of a theme's CSS, by name. */
const properties = (css: string) =>
  new Map([...css.matchAll(/(--amplify-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]]));

/**
 * `virtual:theme.css`: the UI library's theme as CSS variables, made once at build time. Only the
 * variables this theme changes: the library's base.css already declares every default for
 * [data-amplify-theme] (about 125 KB that a full theme would repeat).
 */
function themeCss(): Plugin {
  const id = 'virtual:theme.css';
  return {
    name: 'theme-css',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const defaults = properties(createTheme({ name: theme.name }).cssText);
      const changed = [...properties(createTheme(theme).cssText)].filter(
        ([name, value]) => defaults.get(name) !== value,
      );
      return `[data-amplify-theme="${theme.name}"] {\n${changed.map(([name, value]) => `  ${name}: ${value};`).join('\n')}\n}\n`;
    },
  };
}

const entry = path.join(webDir, 'src/main.tsx');
/** Modules main.tsx calls at once: their dynamic imports load at start-up too. */
const startedAtOnce = [path.join(webDir, 'src/lib/amplifyAuth.ts')];
/** The directory's first pages (the early reads' pages): their code is a tier of its own. */
const firstPages = [...new Set(Object.values(EARLY_PAGES).flatMap(({ code }) => code))].map((module) =>
  path.join(webDir, 'src', `${module}.tsx`),
);
const tiers = codeTiers(entry, startedAtOnce, firstPages);

export default defineConfig({
  root: webDir,
  // The server's contract, shared with the browser (tsconfig.json's paths say the same to tsc and esbuild).
  resolve: { alias: { '@contract': path.join(webDir, '..', 'lambdas', 'contract') } },
  css: { modules: cssModules },
  plugins: [
    react(),
    themeCss(),
    devConfigJson(),
    tiers.plugin,
    startupPreloads(entry, startedAtOnce),
    earlyReadsScript({
      script: path.join(webDir, 'src/early/start.ts'),
      entry,
      srcDir: path.join(webDir, 'src'),
    }),
    pwa(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: tiers.codeSplitting } },
  },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(['/api', '/cognito', '/_local'].map((path) => [path, stackUrl])),
  },
});
