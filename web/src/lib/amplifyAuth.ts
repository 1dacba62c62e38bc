/**
 * Amplify's auth functions for the app shell, loaded beside the first page instead of in the first
 * load: main.tsx starts the download at once, in parallel with config.json, and every caller
 * awaits the same module.
 */
export const amplifyAuth = () => import('./authFunctions');
