/**
 * The installable app (vite-plugin-pwa, with Workbox inside): the web app manifest, its icons
 * made at build time from public/favicon.svg (192 and 512 px, a maskable 512, the
 * apple-touch-icon and their head links), and a service worker that precaches the app shell, so
 * the app opens without a network. A new version waits until the person reloads
 * (web/src/app/NewVersion.tsx), so a page is never swapped under someone typing.
 */
import { VitePWA } from 'vite-plugin-pwa';

/** The theme's primary colour (index.html's theme-color, the favicon's background). */
const THEME = '#244463';

export const pwa = () =>
  VitePWA({
    registerType: 'prompt',
    // main.tsx registers it through virtual:pwa-register/react.
    injectRegister: false,
    pwaAssets: { image: 'public/favicon.svg', preset: 'minimal-2023', includeHtmlHeadLinks: true },
    manifest: {
      name: 'Church Directory',
      short_name: 'Directory',
      description: "Your church's families, members and groups, in your pocket.",
      id: '/',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: THEME,
      background_color: '#ffffff',
    },
    workbox: {
      // The manifest is added by the plugin itself (listed twice, Workbox's install fails and
      // the precache stays empty).
      globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
      // Source maps are for the person debugging, not the phone's cache. Nor is the member map's
      // code (MapLibre and its worker, 1.7 MB), fetched when the map page draws: the map needs the
      // network anyway, for its families (the offline copy keeps none), its style and its tiles.
      globIgnores: ['**/*.map', '**/assets/mapEngine-*', '**/assets/maplibre-gl-worker-*'],
      // Every client-side route opens the shell; the API, Cognito, config.json and the local
      // stack's own pages are never answered from it.
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/cognito/, /^\/_local/, /^\/config\.json/],
      // The church's settings for this deployment: the network's when there is one, else the last
      // seen, so the shell starts offline.
      runtimeCaching: [{ urlPattern: /\/config\.json$/, handler: 'NetworkFirst', options: { cacheName: 'config' } }],
      // The first-load chunks are larger than Workbox's 2 MB default allows only in development.
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    },
  });
