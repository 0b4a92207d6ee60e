// The real server as a child process on an embedded database in a data directory: sign in, write
// over HTTP, stop it with SIGTERM (it must exit 0 after closing the database), start it again on
// the same directory and read everything back. This is the path the design promises for
// PGlite: CHECKPOINT and close on SIGTERM, nothing lost. A second server or the demo seed on a
// directory in use is refused, and a server killed with SIGKILL leaves no lock behind. It
// always runs on PGlite (the PostgreSQL server keeps its own data across restarts of ours).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'restart-admin@test.local', password: 'restart-password-1' };
const CLERK = { email: 'clerk@test.local', password: 'clerk-password-1' };

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let dataDir: string;
const running = new Set<ChildProcess>();

/** A loopback port that was free a moment ago (the server reads a fixed PORT). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment of a product process on `dataDir`. */
function productEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TZ: 'UTC',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  delete env.WEB_ROOT;
  delete env.NODE_OPTIONS;
  return env;
}

/** Starts `src/server.ts` through tsx and resolves once it listens. */
async function startServer(): Promise<Server> {
  const env = productEnv(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let log = '';
  const output = () => log;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return new Promise<Server>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 45 s:\n${log}`));
    }, 45_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1];
      if (base) {
        clearTimeout(timer);
        resolve({ child, base, output, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (code ${code}, signal ${signal}) before listening:\n${log}`));
    });
  });
}

async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  const { code, signal } = await server.exited;
  if (code !== 0 || signal !== null) {
    throw new Error(`unclean exit (code ${code}, signal ${signal}):\n${server.output()}`);
  }
}

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T = Record<string, unknown>>(
  server: Server,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.base + url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function signIn(server: Server, who: { email: string; password: string }) {
  const answer = await call<{ token?: string; message?: string }>(
    server,
    'POST',
    '/api/users/login',
    { body: who },
  );
  expect(answer.status).toBe(200);
  expect(typeof answer.body.token).toBe('string');
  return answer.body.token as string;
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'office-finance-restart-'));
});

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('data written before a SIGTERM is all there after a restart', async () => {
  // First run: an empty directory, so the server migrates and creates the configured admin.
  const first = await startServer();
  const adminToken = await signIn(first, ADMIN);

  const registered = await call<{ user: { id: number } }>(first, 'POST', '/api/users/register', {
    token: adminToken,
    body: { name: 'Clerk Kent', ...CLERK, role: 'staff' },
  });
  expect(registered.status).toBe(201);

  const client = await call<{ user: { id: number } }>(first, 'POST', '/api/clients/addClient', {
    token: adminToken,
    body: { name: 'Ada Lovelace', email: 'ada@analytical.test', companyName: 'Analytical Ltd' },
  });
  expect(client.status).toBe(201);
  const clientId = client.body.user.id;

  const income = { clientId, amount: 1234.56, description: 'Invoice 42', Creditdebit: 'Debit' };
  const idempotency = { 'idempotency-key': 'restart-test-income-1' };
  const recorded = await call<{ entry: { id: number } }>(first, 'POST', '/api/incoms/addIncome', {
    token: adminToken,
    body: income,
    headers: idempotency,
  });
  expect(recorded.status).toBe(201);

  await stopServer(first);
  expect(first.output()).toContain('shutting down');

  // Second run on the same directory: nothing to migrate, no second admin, every row back.
  const second = await startServer();
  try {
    // The session from before the restart is stored, so it still works.
    const users = await call<{ users: { email: string; role: string }[] }>(
      second,
      'GET',
      '/api/users/getUser',
      { token: adminToken },
    );
    expect(users.status).toBe(200);
    expect(users.body.users.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: ADMIN.email, role: 'admin' },
      { email: CLERK.email, role: 'staff' },
    ]);

    // The new user's password hash survived too.
    const clerkToken = await signIn(second, CLERK);
    const clients = await call<{ users: unknown[] }>(second, 'GET', '/api/clients/getClients', {
      token: clerkToken,
    });
    expect(clients.status).toBe(200);
    expect(clients.body.users).toEqual([
      {
        id: clientId,
        name: 'Ada Lovelace',
        email: 'ada@analytical.test',
        companyName: 'Analytical Ltd',
      },
    ]);

    // The roll-up the reports read was written in the same transaction as the entry.
    const sales = await call<unknown[]>(second, 'GET', '/api/dashboard/getClientsVsSales', {
      token: clerkToken,
    });
    expect(sales.status).toBe(200);
    expect(sales.body).toEqual([
      {
        clientId,
        clientname: 'Ada Lovelace',
        totalDebit: 1234.56,
        totalCredit: 0,
        netTotal: 1234.56,
      },
    ]);

    // Repeating the submission with its key answers with the stored entry instead of a new one.
    const repeated = await call<{ entry: { id: number; amount: number; Creditdebit: string } }>(
      second,
      'POST',
      '/api/incoms/addIncome',
      { token: adminToken, body: income, headers: idempotency },
    );
    expect(repeated.status).toBe(200);
    expect(repeated.body.entry).toMatchObject({
      id: recorded.body.entry.id,
      amount: 1234.56,
      Creditdebit: 'Debit',
    });
  } finally {
    await stopServer(second);
  }
}, 120_000);

test('a second process on a directory in use is refused, and a killed server leaves no lock', async () => {
  const first = await startServer();
  const token = await signIn(first, ADMIN);
  const pid = first.child.pid;

  // A second server on the same directory: a clear refusal, exit code 1, nothing served.
  await expect(startServer()).rejects.toThrow(
    new RegExp(
      `exited \\(code 1, signal null\\) before listening:[\\s\\S]*` +
        `is already open in another process \\(pid ${pid}\\)`,
    ),
  );
  // The demo seed is refused the same way and writes nothing.
  const listClients = async () =>
    (await call<{ users: unknown[] }>(first, 'GET', '/api/clients/getClients', { token })).body
      .users;
  const clientsBefore = await listClients();
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/seed-demo.ts'], {
    cwd: apiDir,
    env: productEnv(0),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(seed.status).toBe(1);
  expect(seed.stderr).toContain(`is already open in another process (pid ${pid})`);
  expect(seed.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  expect(await listClients()).toEqual(clientsBefore);

  // The first server still answers; killed outright, it leaves nothing that blocks a start.
  first.child.kill('SIGKILL');
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  const next = await startServer();
  try {
    await signIn(next, ADMIN);
  } finally {
    await stopServer(next);
  }
}, 180_000);
