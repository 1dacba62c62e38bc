/**
 * Every class a component takes from a CSS module (`styles.familyCard`) is declared in that module:
 * a misspelt name would otherwise be undefined, and the element silently unstyled.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '../../web/src');

const sources = (readdirSync(SRC, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file));

/** A module's class names as the components read them (web/cssModules.ts: camelCase only). */
function classesOf(cssFile: string): Set<string> {
  const css = readFileSync(cssFile, 'utf8').replace(/:global\([^)]*\)/g, '');
  const names = [...css.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]!);
  return new Set(names.map((name) => name.replace(/[-_]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase())));
}

describe('CSS modules', () => {
  const uses = sources.flatMap((file) => {
    const code = readFileSync(path.join(SRC, file), 'utf8');
    return [...code.matchAll(/^import (\w+) from '(\.[^']+\.module\.css)';$/gm)].map(([, name, css]) => ({
      file,
      css: path.join(SRC, path.dirname(file), css!),
      read: [...code.matchAll(new RegExp(`(?<![.\\w])${name}\\.(\\w+)`, 'g'))].map((m) => m[1]!),
      indexed: new RegExp(`\\b${name}\\[`).test(code),
    }));
  });

  it('are used by components', () => {
    expect(uses.length).toBeGreaterThan(20);
  });

  it.each(uses.map((use) => [use.file, use] as const))('%s reads only classes its modules declare', (_, use) => {
    const declared = classesOf(use.css);
    expect(use.read.filter((name) => !declared.has(name))).toEqual([]);
    expect(use.indexed).toBe(false);
  });

  // postcss-modules reads a composed-from file without its path, so Vite could not rewrite its
  // url()s (web/buildWeb.ts quiets Vite's warning about it on that ground).
  const composedFrom = [
    ...new Set(
      (readdirSync(SRC, { recursive: true }) as string[])
        .filter((file) => file.endsWith('.module.css'))
        .flatMap((file) =>
          [...readFileSync(path.join(SRC, file), 'utf8').matchAll(/composes:[^;]* from '([^']+)'/g)].map((m) =>
            path.join(SRC, path.dirname(file), m[1]!),
          ),
        ),
    ),
  ];
  it('are composed from some modules', () => expect(composedFrom.length).toBeGreaterThan(0));
  it.each(composedFrom)('%s, composed from, holds no url()', (file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/url\(/);
  });
});
