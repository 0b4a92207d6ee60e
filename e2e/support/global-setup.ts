// Starts what the whole run shares, once: the product, the way a newcomer does (`npm run build`,
// so that the tests never pass against a stale dist/; E2E_SKIP_BUILD=1 reuses existing builds
// while iterating on a test), then `npm start`'s script on a free port with a throw-away PGlite
// data directory, serving the web apps from the repository root; one Chromium, which every test
// file connects to with contexts of its own; and the admin's session, signed in once through the
// API, which pages are given before they load (signIn in browser.ts).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { callAt } from './api-call';
import { launchBrowserServer } from './browser-server';
import { ADMIN, newStateFile, repoRoot, type RunState } from './env';
import { startServer } from './server';

// The project's Node check (the root package.json's `engines`), shared by every jest run. The
// server below runs on the same Node binary as this process (process.execPath).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const checkNodeVersion = require('../../jest.node-version.cjs') as () => void;

export default async function globalSetup(): Promise<void> {
  checkNodeVersion();
  const root = repoRoot();
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // The test profile (webpack/create-config.mjs): no source maps, no compressed copies. A
    // bench that measures what users download sets BUILD_PROFILE=production.
    const result = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BUILD_PROFILE: process.env.BUILD_PROFILE ?? 'test' },
    });
    if (result.status !== 0) throw new Error('npm run build failed');
  }
  // No REMOTE_*_URL: remotes come from their local builds only, so the unbuilt ones are
  // "unavailable" in the shell.
  const [server, browser] = await Promise.all([startServer(), launchBrowserServer()]);
  const { token } = await callAt<{ token: string }>(
    server.url,
    'POST',
    '/api/users/login',
    undefined,
    ADMIN,
  );
  const state: RunState = { ...server, browser, adminToken: token };
  const file = newStateFile();
  writeFileSync(file, JSON.stringify(state));
  process.env.E2E_STATE_FILE = file;
}
