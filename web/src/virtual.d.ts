/// <reference types="vite-plugin-pwa/react" />

/** Made by web/vite.config.ts at build time. */
declare module 'virtual:theme.css';

/** A component's CSS module (web/cssModules.ts): its classes by their camelCase names. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** A module bundled as a worker by Vite, as the URL of its file (features/map/mapEngine.ts). */
declare module '*?worker&url' {
  const url: string;
  export default url;
}
