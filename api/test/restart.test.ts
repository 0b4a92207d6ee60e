// The real server as a child process on an embedded database in a data directory: sign in, write
// over HTTP, stop it with SIGTERM (it must exit 0 after closing the database), start it again on
// the same directory and read everything back. This is the path the design promises for
// PGlite: CHECKPOINT and close on SIGTERM, nothing lost. It always runs on PGlite (the
// PostgreSQL server keeps its own data across restarts of ours).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, killAll, signIn, startServer as start, stopServer } from './server-process.js';

const ADMIN = { email: 'restart-admin@test.local', password: 'restart-password-1' };
const CLERK = { email: 'clerk@test.local', password: 'clerk-password-1' };

let dataDir: string;

const startServer = () =>
  start({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

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
