/** Debian's Chromium as the browser benches run it (Playwright downloads none here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * No sandbox (CI runs as root), software rendering, and nothing fetched or synced on its own
 * while a bench measures.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
