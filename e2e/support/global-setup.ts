// Starts the product once for the whole run, the way a newcomer does: `npm run build` (so that
// the tests never pass against a stale dist/; E2E_SKIP_BUILD=1 reuses existing builds while
// iterating on a test), then `npm start`'s script on a free port with a throw-away PGlite data
// directory, serving the web apps from the repository root.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { newStateFile, repoRoot } from './env';
import { startServer } from './server';

// The project's Node check (the root package.json's `engines`), shared by every jest run. The
// server below runs on the same Node binary as this process (process.execPath).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const checkNodeVersion = require('../../jest.node-version.cjs') as () => void;

export default async function globalSetup(): Promise<void> {
  checkNodeVersion();
  const root = repoRoot();
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm run build failed');
  }
  // No REMOTE_*_URL: remotes come from their local builds only, so the unbuilt ones are
  // "unavailable" in the shell.
  const server = await startServer();
  const file = newStateFile();
  writeFileSync(file, JSON.stringify(server));
  process.env.E2E_STATE_FILE = file;
}
