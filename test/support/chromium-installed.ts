/**
 * Whether Debian's Chromium (test/support/chromium.ts) is there, and, when it is not, the one line
 * that says how to install it: the browser bench modules (web, photos) and the browser tests
 * (vitest.e2e.config.ts) stop with it instead of playwright's stack trace.
 */
import { accessSync, constants } from 'node:fs';
import { CHROMIUM } from './chromium';

export const INSTALL_CHROMIUM = 'apt-get install -y chromium';

/** A tool the run needs is not installed; its message is the whole story (runners print it alone, as one line). */
export class MissingPrerequisite extends Error {
  override readonly name = 'MissingPrerequisite';
}

/** Null when Chromium is there; otherwise the line to show. */
export function chromiumMissing(): string | null {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return null;
  } catch {
    const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${CHROMIUM}` : CHROMIUM;
    return `Chromium is not installed (${where}): install it with \`${INSTALL_CHROMIUM}\` (as root; \`apt-get update\` first on a fresh machine)`;
  }
}

/** Throws a MissingPrerequisite with that line when Chromium is not there. */
export function requireChromium(): void {
  const missing = chromiumMissing();
  if (missing) throw new MissingPrerequisite(missing);
}
