/** Made by web/vite.config.ts at build time. */
declare module 'virtual:theme.css';
