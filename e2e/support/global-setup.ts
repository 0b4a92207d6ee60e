// Starts the product once for the whole run: builds contract, api, the shell and every remote
// (so that the tests never pass against a stale dist/; E2E_SKIP_BUILD=1 reuses existing builds
// while iterating on a test), then runs the API server from its build on a free port with a throw-away PGlite
// data directory, serving the web apps from the repository root, as `npm start` does.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, newStateFile, repoRoot } from './env';

const builds: Array<[string, string]> = [
  ['contract', 'contract/dist/index.js'],
  ['api', 'api/dist/server.js'],
  ['shell', 'shell/dist/index.html'],
  ['mf-people', 'mf-people/dist/mf-manifest.json'],
  ['mf-entries', 'mf-entries/dist/mf-manifest.json'],
  ['mf-reports', 'mf-reports/dist/mf-manifest.json'],
  ['mf-settings', 'mf-settings/dist/mf-manifest.json'],
];

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
  const skip = process.env.E2E_SKIP_BUILD === '1';
  const wanted = skip ? builds.filter(([, file]) => !existsSync(path.join(root, file))) : builds;
  if (wanted.length > 0) {
    const args = ['run', 'build', ...wanted.flatMap(([workspace]) => ['-w', workspace])];
    const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'office-finance-e2e-'));
  const server = spawn(process.execPath, ['api/dist/server.js'], {
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
