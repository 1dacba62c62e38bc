/**
 * How the SPA's CSS modules (`X.module.css` beside `X.tsx`) are compiled, the same in the build, the
 * dev server and the web tests (vitest.config.ts): a class `.family-card` in FamiliesPage.module.css
 * becomes `FamiliesPage_family-card`, scoped to its file yet readable in the browser's inspector and
 * stable for the browser tests; the component reads it as `styles.familyCard` (camelCase keys only).
 */
import path from 'node:path';
import type { CSSModulesOptions } from 'vite';

/** Module files by their name: two files of one name would give their classes the same prefix. */
const seen = new Map<string, string>();

export function scopedName(local: string, file: string): string {
  const absolute = file.split('?')[0]!;
  const name = path.basename(absolute).replace(/\.module\.css$/, '');
  const earlier = seen.get(name);
  if (earlier === undefined) seen.set(name, absolute);
  else if (earlier !== absolute) throw new Error(`Two CSS modules named ${name}: ${earlier} and ${absolute}`);
  return `${name}_${local}`;
}

export const cssModules: CSSModulesOptions = {
  localsConvention: 'camelCaseOnly',
  generateScopedName: scopedName,
};
