// The run's one Chromium (Debian's, driven by playwright-core: Playwright's own browser download
// is not available here), started by global-setup as a browser server. Test files connect to it
// (launch() in browser.ts) and open contexts of their own, which share nothing with each other.
import { chromium, type BrowserServer } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Kept for global-teardown, which runs in the same process as global-setup. */
const holder = globalThis as { e2eBrowserServer?: BrowserServer };

/** Starts the browser server; answers the WebSocket address test files connect to. */
export async function launchBrowserServer(): Promise<string> {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    // The tabs of one site in one browser context share a renderer process (openPage in
    // browser.ts keeps one open for each file), rather than each starting its own: a renderer's
    // start costs over a second of processor time here.
    args: [...CHROMIUM_FLAGS, '--process-per-site'],
  });
  holder.e2eBrowserServer = server;
  return server.wsEndpoint();
}

export async function closeBrowserServer(): Promise<void> {
  await holder.e2eBrowserServer?.close();
  delete holder.e2eBrowserServer;
}
