/**
 * The UI library's theme. Turned into CSS variables when the SPA is built (web/vite.config.ts), so
 * the browser gets plain CSS and the first load carries none of the theme code.
 */
import type { Theme } from '@aws-amplify/ui';

export const THEME_NAME = 'church-directory';

/** Calm, warm and readable: a deep slate-blue brand, a gentle gold accent, generous type. */
export const theme: Theme = {
  name: THEME_NAME,
  tokens: {
    colors: {
      primary: {
        10: { value: '#eef3f8' },
        20: { value: '#d6e2ee' },
        40: { value: '#9ab3cc' },
        60: { value: '#5a7fa3' },
        80: { value: '#2f5579' },
        90: { value: '#244463' },
        100: { value: '#1a334b' },
      },
      secondary: {
        10: { value: '#fbf6ea' },
        20: { value: '#f4e7c4' },
        40: { value: '#e6cb84' },
        60: { value: '#c9a54a' },
        80: { value: '#9c7a2a' },
        90: { value: '#7d6121' },
        100: { value: '#5e4918' },
      },
      background: {
        secondary: { value: '#f7f5f0' },
      },
    },
    fonts: {
      default: {
        variable: {
          value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
        static: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
    components: {
      heading: {
        1: { fontWeight: { value: '{fontWeights.semibold.value}' } },
        2: { fontWeight: { value: '{fontWeights.semibold.value}' } },
        3: { fontWeight: { value: '{fontWeights.semibold.value}' } },
      },
    },
    radii: {
      small: { value: '0.375rem' },
      medium: { value: '0.5rem' },
      large: { value: '0.75rem' },
    },
  },
};
