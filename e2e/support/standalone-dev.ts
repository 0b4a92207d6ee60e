// A remote's standalone development loop as its team runs it: the API from source on a throw-away
// PGlite, and `npm run dev -w <remote>` on a port of its own (PORT) proxying to that API
// (API_URL). `npm run test:dev` (e2e/dev/standalone-dev.ts) and `npm run bench:teams`
// (e2e/bench/teams/hot-edit.ts) run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, repoRoot } from './env';
import { freePort } from './server';

export interface StandaloneDev {
  /** The standalone page. */
  url: string;
  /** Ends both servers (and their children) and removes the data directory. */
  stop: () => Promise<void>;
}

/** Waits until `url` answers (with any status when `anyStatus`). */
async function waitFor(url: string, timeoutMs: number, anyStatus = false): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok || anyStatus) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Ends a process started here and its children (its own process group). */
function end(child: ChildProcess | undefined): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Starts the API and `npm run dev -w <remote>`; resolves once the page is served. */
export async function startStandaloneDev(remote: string): Promise<StandaloneDev> {
  const root = repoRoot();
  const [apiPort, devPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'office-finance-dev-'));
  const api = spawn('npx', ['tsx', 'api/src/server.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  });
  const dev = spawn('npm', ['run', 'dev', '-w', remote], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DEV_WHOLE_SYSTEM: '',
      PORT: String(devPort),
      API_URL: `http://127.0.0.1:${apiPort}`,
    },
  });
  // Synchronous, so they go on any exit of this process too (a failure, Ctrl-C).
  const endBoth = () => {
    end(dev);
    end(api);
  };
  process.once('exit', endBoth);
  const stop = async () => {
    endBoth();
    process.off('exit', endBoth);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://localhost:${devPort}/`;
  try {
    await Promise.all([
      waitFor(`http://127.0.0.1:${apiPort}/api/`, 120_000, true),
      waitFor(url, 180_000),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
