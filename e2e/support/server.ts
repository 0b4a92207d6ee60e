// Starts the product the way a newcomer does (`npm start`'s script) on a free port with a
// throw-away PGlite data directory. global-setup starts the one server of the run with it; a test
// that needs its own web root or remote URLs starts another.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, repoRoot } from './env';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Waits for the server's first answer, or for its process to end. The limit is long: on a machine
 * that the API suites keep busy, the first start (it builds what is missing) took over two minutes;
 * a server that fails to start ends its process, and that ends the wait at once.
 */
async function waitUntilUp(url: string, timeoutMs: number, exited: () => string | undefined) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ended = exited();
    if (ended) throw new Error(`the server at ${url} ended before answering (${ended})`);
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

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
}

/**
 * Runs scripts/start.mjs (which builds whatever is still missing, then the server, and passes
 * SIGTERM on). `env` adds to or overrides the defaults: the web apps served from the repository
 * root and no REMOTE_*_URL, so remotes come from their local builds only.
 */
export async function startServer(env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const root = repoRoot();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'office-finance-e2e-'));
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
      // Every test signs in from the same loopback address, dozens of times a minute on a fast
      // run: the per-address sign-in limit (20 a minute) would refuse some of them at random.
      // The limit itself is tested in the api suite.
      LOGIN_RATE_PER_MINUTE: '1000',
      // PDFs drawn and images decoded at normal priority: the run shares the machine with the
      // API suites, which keep every core busy, and the product's lowest priority (19) left a
      // download waiting on them. Holding other requests up is tested in the api suite.
      FILE_WORK_NICE: '0',
      REMOTE_PEOPLE_URL: '',
      REMOTE_ENTRIES_URL: '',
      REMOTE_REPORTS_URL: '',
      REMOTE_SETTINGS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: false,
  });
  const running = { url, pid: server.pid ?? 0, dataDir };
  // A run that dies before its teardown (an uncaught error ends jest) takes its server with it:
  // left running, the server would hold the test command's output open, and the command not end.
  const stopOnExit = () => server.kill('SIGTERM');
  process.once('exit', stopOnExit);
  let ended: string | undefined;
  server.once('exit', (code, signal) => {
    ended = `exit code ${code}, signal ${signal}`;
    process.off('exit', stopOnExit);
  });
  try {
    await waitUntilUp(url, 600_000, () => ended);
  } catch (error) {
    await stopServer(running);
    throw error;
  }
  return running;
}

/** SIGTERM (the server checkpoints and closes the database), then the data directory goes. */
export async function stopServer({ pid, dataDir }: RunningServer): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
