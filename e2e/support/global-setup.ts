// Starts the product once for the whole run, the way a newcomer does: `npm run build` (so that
// the tests never pass against a stale dist/; E2E_SKIP_BUILD=1 reuses existing builds while
// iterating on a test), then `npm start`'s script on a free port with a throw-away PGlite data
// directory, serving the web apps from the repository root.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, newStateFile, repoRoot } from './env';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilUp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/remotes.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer at ${url} within ${timeoutMs} ms`);
}

export default async function globalSetup(): Promise<void> {
  const root = repoRoot();
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm run build failed');
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'office-finance-e2e-'));
  // scripts/start.mjs builds whatever is still missing, then runs the server and passes SIGTERM on.
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: root,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // No REMOTE_*_URL: remotes come from their local builds only, so the unbuilt ones are
      // "unavailable" in the shell.
      REMOTE_PEOPLE_URL: '',
      REMOTE_ENTRIES_URL: '',
      REMOTE_REPORTS_URL: '',
      REMOTE_SETTINGS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: false,
  });
  await waitUntilUp(url, 60_000);
  const file = newStateFile();
  writeFileSync(file, JSON.stringify({ url, pid: server.pid, dataDir }));
  process.env.E2E_STATE_FILE = file;
}
