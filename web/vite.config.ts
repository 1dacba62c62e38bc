/**
 * The SPA's build (`npm run build`, `npm start`, the browser tests) and its dev server
 * (`npm run dev`: hot reload, with /api, /cognito, /config.json and /_local answered by the local
 * stack that `npm start` runs, http://127.0.0.1:$LOCAL_PORT, default 4000).
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: webDir,
  plugins: [react(), devConfigJson()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(['/api', '/cognito', '/_local'].map((path) => [path, stackUrl])),
  },
});
