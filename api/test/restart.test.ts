// The real server as a child process on an embedded database in a data directory: sign in, write
// over HTTP, stop it with SIGTERM (it must exit 0 after closing the database), start it again on
// the same directory and read everything back. This is the path the design promises for
// PGlite: CHECKPOINT and close on SIGTERM, nothing lost. A second server or the demo seed on a
// directory in use is refused, and a server killed with SIGKILL leaves no lock behind. The
// servers always run on a data directory of their own, whichever database the suite runs on.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  call,
  killAll,
  scriptArgs,
  signIn,
  startServer as start,
  stopServer,
  type Server,
} from './server-process.js';

const ADMIN = { email: 'restart-admin@test.local', password: 'restart-password-1' };
const CLERK = { email: 'clerk@test.local', password: 'clerk-password-1' };

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;

const startServer = () =>
  start({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

/**
 * The restarted server of the first test, left running on the directory when that test passes:
 * the second test's holder of the directory (a server's start costs seconds of processor time).
 * A clean stop is still asserted twice: the first server's, and the second test's last server's.
 */
let running: Server | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'office-finance-restart-'));
});

afterAll(() => {
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

test('data written before a SIGTERM is all there after a restart', async () => {
  // First run: an empty directory, so the server migrates and creates the configured admin.
  const first = await startServer();
  // It says which Node runs it, and that is the Node the project declares (engines: >=24).
  const node = /running on Node v(\d+)\./.exec(first.output());
  expect(Number(node?.[1])).toBeGreaterThanOrEqual(24);
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
    running = second;
  } finally {
    if (running !== second) await stopServer(second);
  }
});

test('a second process on a directory in use is refused, and a killed server leaves no lock', async () => {
  // The server the first test left running, or a new one when this test runs alone.
  const first = running ?? (await startServer());
  running = undefined;
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
  const seedEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, TZ: 'UTC' };
  for (const name of ['DATABASE_URL', 'NODE_OPTIONS', 'WORKERS']) delete seedEnv[name];
  const seed = spawnSync(process.execPath, scriptArgs('seed-demo'), {
    cwd: apiDir,
    env: seedEnv,
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
});
