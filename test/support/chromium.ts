/**
 * Debian's Chromium (`apt-get install -y chromium`; playwright-core never downloads a browser here)
 * and the flags this machine needs: no sandbox as root, nothing fetched in the background on a
 * closed network. Shared by the browser tests and the web bench.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
