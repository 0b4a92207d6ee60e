// npm run bench:load:http: the API under many users, a sign-in storm and slow clients, over real
// HTTP on 127.0.0.1.
//
// Starts the built server (api/dist/server.js, `npm run build -w api` first) in a child process
// on a free loopback port, with its default timeouts and connection cap, and signs in as the
// first admin to create the bench users, a few clients and some income. Then three phases:
//
//   1. Sign-in burst: BURST users (200) sign in at the same moment. Prints p50/p95/max; fails
//      when p95 exceeds BURST_BUDGET_MS (5000).
//   2. Load: LOAD_USERS simulated users (200) for LOAD_SECONDS (60), each repeating: sign in,
//      the dashboard's two figures (at once, as the browser asks), a report, an income entry.
//      Prints errors, p50/p95/p99 and requests per second; fails on any failed request.
//   3. Slow clients: SLOW_CLIENTS sockets (200; half send their headers, half a request body, at
//      one byte a second) while one user repeats the dashboard call. Prints how long the slow
//      sockets lived and the normal requests' latency; fails when a normal request fails or a
//      slow socket is still open after SLOW_SECONDS (60), i.e. the server never cut it off.
//
// Databases: PGlite in a temporary directory, then this script again under
// scripts/with-postgres.sh on a throw-away PostgreSQL cluster (the exit code covers both);
// `--pglite-only` skips the second. With TEST_DATABASE_URL set, only that (empty) database.
// Everything stays on 127.0.0.1 and every phase is bounded in count and time.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort, HttpClient, percentile, stopServer, type Answer } from './http.js';
import { rerunOnThrowAwayPostgres } from './throw-away-postgres.js';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const BURST = int(process.env.BURST, 200);
const BURST_BUDGET_MS = int(process.env.BURST_BUDGET_MS, 5000);
const LOAD_USERS = int(process.env.LOAD_USERS, 200);
const LOAD_SECONDS = int(process.env.LOAD_SECONDS, 60);
const SLOW_CLIENTS = int(process.env.SLOW_CLIENTS, 200);
const SLOW_SECONDS = int(process.env.SLOW_SECONDS, 60);
const CLIENTS = 20;
const HOST = '127.0.0.1';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const log = (text: string) => console.error(`[bench:load:http] ${text}`);

// --- HTTP --------------------------------------------------------------------------------------

// One keep-alive pool wide enough for every simulated user, as that many browsers would have.
const client = new HttpClient({ host: HOST, maxSockets: Math.max(BURST, LOAD_USERS) + 10 });
const call = client.call.bind(client);

async function signIn(email: string, password: string): Promise<Answer & { token?: string }> {
  const answer = await call('POST', '/api/users/login', { email, password });
  const token = (answer.body as { token?: string } | null)?.token;
  return { ...answer, token: answer.status === 200 ? token : undefined };
}

// --- figures -----------------------------------------------------------------------------------

const ms = (value: number) => (Number.isNaN(value) ? '-' : `${Math.round(value)} ms`);
const seconds = (value: number) => (Number.isNaN(value) ? '-' : `${(value / 1000).toFixed(1)} s`);

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    min: sorted[0] ?? NaN,
  };
}

// --- the server --------------------------------------------------------------------------------

async function waitUntilUp(child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const answer = await call('GET', '/api/dashboard/totals');
    if (answer.status === 401) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer within ${timeoutMs} ms`);
}

const ADMIN = { email: 'bench-admin@bench.example', password: 'bench-admin-password' };

async function startServer(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<ChildProcess> {
  client.port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(client.port),
      HOST,
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_ROOT: '',
      LOG_LEVEL: 'warn',
      // Every simulated user comes from 127.0.0.1: the per-address login limit would turn the
      // bench into a test of that limit.
      LOGIN_RATE_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilUp(child, 60_000);
  return child;
}

// --- data --------------------------------------------------------------------------------------

const userOf = (index: number) => ({
  email: `bench-user-${index}@bench.example`,
  password: `bench-password-${index}`,
});

async function seed(users: number): Promise<number[]> {
  const admin = await signIn(ADMIN.email, ADMIN.password);
  if (!admin.token) throw new Error(`the admin could not sign in: HTTP ${admin.status}`);
  const token = admin.token;
  const clientIds: number[] = [];
  for (let index = 0; index < CLIENTS; index += 1) {
    const created = await call(
      'POST',
      '/api/clients/addClient',
      {
        name: `Bench Client ${index}`,
        email: `client-${index}@bench.example`,
        companyName: 'Bench',
      },
      token,
    );
    const id = (created.body as { user?: { id?: number } } | null)?.user?.id;
    if (created.status !== 201 || !id) throw new Error(`addClient failed: HTTP ${created.status}`);
    clientIds.push(id);
  }
  // Users are created ten at a time: each costs one password hash.
  for (let first = 0; first < users; first += 10) {
    const batch = Array.from({ length: Math.min(10, users - first) }, (_, i) => first + i);
    const answers = await Promise.all(
      batch.map((index) =>
        call(
          'POST',
          '/api/users/register',
          { name: `Bench User ${index}`, ...userOf(index), role: 'staff' },
          token,
        ),
      ),
    );
    const failed = answers.find((answer) => answer.status !== 201);
    if (failed) throw new Error(`register failed: HTTP ${failed.status}`);
  }
  for (const clientId of clientIds) {
    for (const Creditdebit of ['Debit', 'Credit']) {
      const entry = await call(
        'POST',
        '/api/incoms/addIncome',
        { clientId, amount: 1250.75, Creditdebit },
        token,
      );
      if (entry.status !== 201 && entry.status !== 200)
        throw new Error(`addIncome failed: HTTP ${entry.status}`);
    }
  }
  return clientIds;
}

// --- phases ------------------------------------------------------------------------------------

async function burst(count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      signIn(userOf(index).email, userOf(index).password),
    ),
  );
  const failed = answers.filter((answer) => !answer.token).length;
  return { ...summary(answers.map((answer) => answer.ms)), failed };
}

const today = new Date();
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const monthStart = isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)));
const monthEnd = isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)));

function reports(clientIds: number[]): string[] {
  const range = `startDate=${monthStart}&endDate=${monthEnd}`;
  return [
    `/api/dashboard/getIncomeReport?${range}`,
    `/api/dashboard/getClientsVsSales`,
    `/api/dashboard/getExpenseVsType?${range}`,
    `/api/dashboard/yearly?year=${today.getUTCFullYear()}`,
    ...clientIds.slice(0, 5).map((id) => `/api/dashboard/getClientLedger?clientId=${id}&${range}`),
  ];
}

async function load(users: number, durationMs: number, clientIds: number[]) {
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const paths = reports(clientIds);
  const record = (name: string, answer: Answer, ok: boolean) => {
    latencies.push(answer.ms);
    const ofKind = byKind.get(name) ?? [];
    ofKind.push(answer.ms);
    byKind.set(name, ofKind);
    if (!ok) {
      const what = `${name} ${answer.error ?? `HTTP ${answer.status}`}`;
      errors.set(what, (errors.get(what) ?? 0) + 1);
    }
    return ok;
  };
  const started = performance.now();
  const until = started + durationMs;
  let iterations = 0;
  const user = async (index: number) => {
    const who = userOf(index);
    let round = index;
    while (performance.now() < until) {
      round += 1;
      const login = await signIn(who.email, who.password);
      if (!record('sign-in', login, Boolean(login.token)) || !login.token) continue;
      const token = login.token;
      const [totals, finance] = await Promise.all([
        call('GET', '/api/dashboard/totals', undefined, token),
        call('GET', `/api/dashboard/finance?from=${monthStart}&to=${monthEnd}`, undefined, token),
      ]);
      record('totals', totals, totals.status === 200);
      record('finance', finance, finance.status === 200);
      const report = await call('GET', paths[round % paths.length] ?? paths[0]!, undefined, token);
      record('report', report, report.status === 200);
      const entry = await call(
        'POST',
        '/api/incoms/addIncome',
        {
          clientId: clientIds[round % clientIds.length],
          amount: 10 + (round % 90) + 0.25,
          Creditdebit: 'Credit',
        },
        token,
      );
      record('entry', entry, entry.status === 201 || entry.status === 200);
      iterations += 1;
    }
  };
  await Promise.all(Array.from({ length: users }, (_, index) => user(index)));
  const elapsed = performance.now() - started;
  const failed = [...errors.values()].reduce((sum, n) => sum + n, 0);
  return {
    ...summary(latencies),
    perSecond: latencies.length / (elapsed / 1000),
    iterations,
    failed,
    errors: [...errors.entries()].map(([what, n]) => `${n} x ${what}`),
    kinds: [...byKind.entries()].map(([name, values]) => {
      const figures = summary(values);
      return `${name} p50 ${ms(figures.p50)} p95 ${ms(figures.p95)} p99 ${ms(figures.p99)}`;
    }),
  };
}

type SlowKind = 'headers' | 'body';

/** A socket that sends its request one byte a second; resolves with how long it lived. */
function slowSocket(
  kind: SlowKind,
  capMs: number,
): Promise<{ kind: SlowKind; ms: number; cut: boolean }> {
  const body = JSON.stringify({ email: 'slow@bench.example', password: 'x'.repeat(200) });
  const head =
    `POST /api/users/login HTTP/1.1\r\nHost: ${HOST}:${client.port}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
  // Headers: the request line at once, then the rest a byte a second. Body: the headers at
  // once, then the body a byte a second.
  const fast = kind === 'headers' ? head.slice(0, head.indexOf('\r\n') + 2) : head;
  const slow = kind === 'headers' ? head.slice(fast.length) + body : body;
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect({ host: HOST, port: client.port });
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (cut: boolean) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(cap);
      socket.destroy();
      resolve({ kind, ms: performance.now() - started, cut });
    };
    const cap = setTimeout(() => finish(false), capMs);
    socket.on('connect', () => {
      socket.write(fast);
      timer = setInterval(() => {
        if (sent < slow.length) socket.write(slow[sent++] ?? '');
      }, 1000);
    });
    socket.on('data', () => undefined);
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

async function slowClients(count: number, capMs: number) {
  const kinds: SlowKind[] = Array.from({ length: count }, (_, i) => (i % 2 ? 'body' : 'headers'));
  const sockets = Promise.all(kinds.map((kind) => slowSocket(kind, capMs)));
  let open = true;
  void sockets.then(() => (open = false));
  const normal: number[] = [];
  let failed = 0;
  const login = await signIn(userOf(0).email, userOf(0).password);
  if (!login.token) failed += 1;
  while (open && login.token) {
    const answer = await call('GET', '/api/dashboard/totals', undefined, login.token);
    if (answer.status === 200) normal.push(answer.ms);
    else failed += 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const lived = await sockets;
  const of = (kind: SlowKind) => summary(lived.filter((s) => s.kind === kind).map((s) => s.ms));
  return {
    headers: of('headers'),
    body: of('body'),
    stillOpen: lived.filter((s) => !s.cut).length,
    normal: summary(normal),
    failed,
  };
}

// --- main --------------------------------------------------------------------------------------

/** Runs this script again on a throw-away PostgreSQL cluster; resolves with its exit code. */
function runOnThrowAwayPostgres(): Promise<number> {
  return new Promise((resolve) => {
    const child = rerunOnThrowAwayPostgres(
      fileURLToPath(import.meta.url),
      [],
      'office_finance_load',
    );
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  const onPglite = await benchOne(undefined);
  if (process.argv.includes('--pglite-only')) return onPglite;
  const onPostgres = await runOnThrowAwayPostgres();
  return onPglite || onPostgres;
}

async function benchOne(databaseUrl: string | undefined): Promise<number> {
  const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  const problems: string[] = [];
  log(`${label}: starting the server`);
  const server = await startServer(databaseUrl, dataDir);
  try {
    const users = Math.max(BURST, LOAD_USERS);
    log(`${label}: creating ${users} users and ${CLIENTS} clients`);
    const clientIds = await seed(users);

    log(`${label}: sign-in burst of ${BURST}`);
    const storm = await burst(BURST);
    console.log(
      `${label} sign-in burst of ${BURST}: p50 ${ms(storm.p50)}, p95 ${ms(storm.p95)}, ` +
        `max ${ms(storm.max)}, ${storm.failed} failed (budget p95 <= ${BURST_BUDGET_MS} ms)`,
    );
    if (storm.failed) problems.push(`${storm.failed} sign-ins of the burst failed`);
    if (!(storm.p95 <= BURST_BUDGET_MS))
      problems.push(`sign-in burst p95 ${ms(storm.p95)} > ${BURST_BUDGET_MS} ms`);

    log(`${label}: ${LOAD_USERS} users for ${LOAD_SECONDS} s`);
    const busy = await load(LOAD_USERS, LOAD_SECONDS * 1000, clientIds);
    console.log(
      `${label} load, ${LOAD_USERS} users for ${LOAD_SECONDS} s (sign in, dashboard, report, entry): ` +
        `${busy.count} requests, ${busy.perSecond.toFixed(0)} req/s, ${busy.iterations} rounds, ` +
        `p50 ${ms(busy.p50)}, p95 ${ms(busy.p95)}, p99 ${ms(busy.p99)}, ${busy.failed} errors, ` +
        `${client.resent} sent again after the server closed an idle kept-alive socket` +
        (busy.errors.length ? ` (${busy.errors.join(', ')})` : ''),
    );
    console.log(`${label} load by request: ${busy.kinds.join('; ')}`);
    if (busy.failed) problems.push(`${busy.failed} requests failed under load`);

    log(`${label}: ${SLOW_CLIENTS} slow clients (at most ${SLOW_SECONDS} s)`);
    const slow = await slowClients(SLOW_CLIENTS, SLOW_SECONDS * 1000);
    console.log(
      `${label} slow clients, ${SLOW_CLIENTS} sockets at 1 byte/s: ` +
        `slow headers lived ${seconds(slow.headers.min)}..${seconds(slow.headers.max)} ` +
        `(median ${seconds(slow.headers.p50)}), slow bodies ${seconds(slow.body.min)}..${seconds(slow.body.max)} ` +
        `(median ${seconds(slow.body.p50)}), ${slow.stillOpen} still open after ${SLOW_SECONDS} s; ` +
        `normal requests meanwhile: ${slow.normal.count}, p50 ${ms(slow.normal.p50)}, ` +
        `p95 ${ms(slow.normal.p95)}, max ${ms(slow.normal.max)}, ${slow.failed} failed`,
    );
    if (slow.stillOpen) problems.push(`${slow.stillOpen} slow sockets were never cut off`);
    if (slow.failed) problems.push(`${slow.failed} normal requests failed among slow clients`);
  } finally {
    client.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const problem of problems) console.error(`${label}: ${problem}`);
  return problems.length ? 1 : 0;
}

const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
(databaseUrl ? benchOne(databaseUrl) : main()).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
