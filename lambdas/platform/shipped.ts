/**
 * Files a handler reads at run time instead of carrying them in its JavaScript (the PDF's fonts
 * and WebAssembly, the common-password list). Deployed, the CDK bundling hook copies each next to
 * index.mjs (lib/bundling.ts, for the routes that declare them in `files`); from source (tests,
 * the local stack) they are found in node_modules.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ShippedFile {
  pkg: string;
  /** Its path inside the package. */
  path: string;
  /** Its path beside the bundle. */
  file: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The file beside the running module (the Lambda bundle), else in its package in node_modules. */
export function shippedOrInstalled({ pkg, path: inPkg, file }: ShippedFile): string {
  const beside = path.join(here, file);
  if (existsSync(beside)) return beside;
  for (let dir = here; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg, inPkg);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`${file} not found: expected it beside ${here} or as ${pkg}/${inPkg} in node_modules`);
}
