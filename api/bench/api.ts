// npm run bench:api: how fast every report answers over HTTP at a million entries.
//
// Seeds a fresh database with BENCH_ENTRIES entries (default 1,000,000) spread evenly over the
// last three years (in date order, as they are recorded) across 200 clients, 100 employees and
// 30 expense types, by bulk load (roll-up trigger off, INSERT ... SELECT FROM generate_series in
// batches, rebuild_entry_rollups(), trigger on, VACUUM ANALYZE). Then starts the app in this process on a loopback port, signs in, and times
// each report endpoint (p50/p95 of BENCH_CALLS sequential calls after a warm-up), and the
// throughput of the finance summary under concurrent load (autocannon in a child process).
//
// Targets:
//   DATABASE_URL set        that PostgreSQL (its database must be empty: it gets the bench data)
//   default                 PGlite in a temporary directory, then, when the PostgreSQL server
//                           binaries exist, a throw-away cluster (scripts/with-postgres.sh)
//   --pglite-only           PGlite only
//   --postgres-only         the throw-away cluster only
//
// The seeded history also holds backdated entries (recorded late, dated earlier) and reversals
// (docs/decisions/008), so the reports are timed on the data a corrected ledger has.
//
// Budget: on PostgreSQL every report's p95 must be at most BENCH_BUDGET_MS (100 ms), every
// journal call and every ledger page at most BENCH_JOURNAL_BUDGET_MS (50 ms), and the CSV of
// every entry must stream in at most BENCH_CSV_BUDGET_S (15 s) with the server's memory flat
// (peak RSS at most BENCH_CSV_MEMORY_MB, 256 MB, over the RSS before the download); beyond
// them, or on any failed call, the exit code is 1. PGlite's figures are printed, not budgeted.
//
// The same seed writes BENCH_AUDIT_ROWS audit rows (default 1,000,000) over the same three years,
// by 20 users, across every kind of record and action, and times the Activity screen's calls:
// the first page, the 500th page (keyset, 50 rows a page) and each filter.
//
// Budget: on PostgreSQL every report's p95 must be at most BENCH_BUDGET_MS (100 ms), and every
// activity call's at most BENCH_ACTIVITY_BUDGET_MS (50 ms); beyond it, or on any failed call, the
// exit code is 1. PGlite's figures are printed, not budgeted.
// Results also go to bench-results/ (ignored by git).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { configFromEnv, type AppConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/index.js';
import { addDays, monthOf, todayIn } from '../src/lib/dates.js';
import { encodeCursor, idCursor } from '../src/lib/page-cursor.js';
import { HttpClient, timeGet } from './http.js';
import { rerunOnThrowAwayPostgres } from './throw-away-postgres.js';
import { ensureFirstAdmin } from '../src/repositories/users.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const ENTRIES = int(process.env.BENCH_ENTRIES, 1_000_000);
const CALLS = int(process.env.BENCH_CALLS, 30);
const WARMUP = 3;
const BUDGET_MS = int(process.env.BENCH_BUDGET_MS, 100);
const JOURNAL_BUDGET_MS = int(process.env.BENCH_JOURNAL_BUDGET_MS, 50);
const CSV_BUDGET_S = int(process.env.BENCH_CSV_BUDGET_S, 15);
const CSV_MEMORY_MB = int(process.env.BENCH_CSV_MEMORY_MB, 256);
/** Entries recorded late (dated on a random earlier day) and reversals, on top of ENTRIES. */
const BACKDATED = Math.ceil(ENTRIES / 50);
const REVERSALS = Math.ceil(ENTRIES / 100);
const JOURNAL_PAGE = 50;
const LEDGER_PAGE = 1000;
const AUDIT_ROWS = int(process.env.BENCH_AUDIT_ROWS, 1_000_000);
const ACTIVITY_BUDGET_MS = int(process.env.BENCH_ACTIVITY_BUDGET_MS, 50);
const BENCH_USERS = 20;
const ACTIVITY_PAGE = 50;
const LOAD_SECONDS = int(process.env.BENCH_LOAD_SECONDS, 10);
const LOAD_CONNECTIONS = int(process.env.BENCH_LOAD_CONNECTIONS, 10);
const CLIENTS = 200;
const EMPLOYEES = 100;
const EXPENSE_TYPES = 30;
const DAYS = 3 * 365;
const BATCH = 100_000;

type Target = 'pglite' | 'postgres';

interface Endpoint {
  name: string;
  path: string;
  /** The p95 budget on PostgreSQL when it is not BENCH_BUDGET_MS. */
  budgetMs?: number;
}

interface EndpointResult extends Endpoint {
  status: number;
  rows: number;
  p50: number;
  p95: number;
}

interface TargetResult {
  target: Target;
  label: string;
  entries: number;
  seedSeconds: number;
  endpoints: EndpointResult[];
  csv: CsvResult;
  load: {
    path: string;
    connections: number;
    seconds: number;
    requestsPerSecond: number;
    latencyP50: number;
    latencyP99: number;
    errors: number;
  };
}

interface CsvResult {
  status: number;
  rows: number;
  megabytes: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

const log = (message: string) => console.log(`[bench] ${message}`);
const round = (value: number) => Math.round(value * 10) / 10;

// --- seeding ----------------------------------------------------------------------------------

async function seed(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT ((SELECT count(*) FROM entries) + (SELECT count(*) FROM clients) +
            (SELECT count(*) FROM employees) + (SELECT count(*) FROM expense_types))::int AS n
  `.execute(db);
  if ((rows[0]?.n ?? 0) > 0) {
    throw new Error('the bench needs an empty database: it fills it with its own data');
  }
  const started = performance.now();

  await sql`
    INSERT INTO clients (name, email, company_name)
    SELECT 'Client ' || g, 'client' || g || '@bench.example', 'Company ' || g
    FROM generate_series(1, ${CLIENTS}::int) g`.execute(db);
  await sql`
    INSERT INTO employees (name, email, number)
    SELECT 'Employee ' || g, 'employee' || g || '@bench.example', lpad(g::text, 8, '0')
    FROM generate_series(1, ${EMPLOYEES}::int) g`.execute(db);
  await sql`
    INSERT INTO expense_types (expancetype)
    SELECT 'Expense type ' || g FROM generate_series(1, ${EXPENSE_TYPES}::int) g`.execute(db);
  const first = await sql<{ client: number; employee: number; expense_type: number }>`
    SELECT (SELECT min(id) FROM clients) AS client, (SELECT min(id) FROM employees) AS employee,
           (SELECT min(id) FROM expense_types) AS expense_type`.execute(db);
  const base = first.rows[0];
  if (!base) throw new Error('no parties');

  await sql`ALTER TABLE entries DISABLE TRIGGER entries_rollup_trg`.execute(db);
  // With the insert trigger off, payments and receipts take the account Cash (migration 026)
  // from a default kept for the bulk load only.
  await sql`ALTER TABLE entries ALTER COLUMN account_id SET DEFAULT 1`.execute(db);
  await sql`ALTER TABLE entries DISABLE TRIGGER entries_check_insert_trg`.execute(db);
  for (let from = 1; from <= ENTRIES; from += BATCH) {
    const to = Math.min(ENTRIES, from + BATCH - 1);
    // Party n of its kind has the name '<Kind> n' (see above); ids start at the first id. Days
    // run from three years ago to today in insertion order, as entries are recorded (and as
    // the table is laid out) in real use: entries are only ever appended.
    await sql`
      INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                           credit_debit, description, entry_date, created_at)
      SELECT kind,
             CASE WHEN kind = 'income' THEN ${base.client}::int + n - 1 END,
             CASE WHEN kind = 'salary' THEN ${base.employee}::int + n - 1 END,
             CASE WHEN kind = 'expense' THEN ${base.expense_type}::int + n - 1 END,
             CASE kind WHEN 'income' THEN 'Client ' WHEN 'salary' THEN 'Employee '
                       ELSE 'Expense type ' END || n,
             round((1 + random() * 99999)::numeric, 2),
             CASE WHEN kind = 'income' AND random() < 0.5 THEN 'Debit' ELSE 'Credit' END,
             'Bench entry ' || g,
             day,
             day + random() * interval '1 day'
      FROM (
        SELECT g, kind, day,
               1 + floor(random() * CASE kind WHEN 'income' THEN ${CLIENTS}::int
                                               WHEN 'salary' THEN ${EMPLOYEES}::int
                                               ELSE ${EXPENSE_TYPES}::int END)::int AS n
        FROM (
          SELECT g,
                 (ARRAY['income', 'expense', 'salary'])[1 + floor(random() * 3)::int] AS kind,
                 current_date - ${DAYS - 1}::int
                   + floor((g - 1)::numeric * ${DAYS}::int / ${ENTRIES}::int)::int AS day
          FROM generate_series(${from}::int, ${to}::int) g
        ) picked
      ) parties
      ORDER BY g`.execute(db);
    log(`  ${to.toLocaleString('en')} entries`);
  }
  // Recorded late: dated on random earlier days, so ids no longer follow dates. The entries are
  // picked in a subquery: with `ORDER BY random()` in the same SELECT, PostgreSQL reuses the sort
  // key's random() inside the date expression, so the picked rows (the smallest keys) all landed
  // in the last three weeks and doubled the current month.
  await sql`
    INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                         credit_debit, description, entry_date, created_at)
    SELECT kind, client_id, employee_id, expense_type_id, party_name, amount, credit_debit,
           'Backdated ' || description, current_date - floor(random() * ${DAYS}::int)::int, now()
    FROM (
      SELECT * FROM entries WHERE reverses_id IS NULL ORDER BY random() LIMIT ${BACKDATED}::int
    ) AS picked`.execute(db);
  log(`  ${BACKDATED.toLocaleString('en')} backdated entries`);
  // Reversals of random entries: same day, negated amount (docs/decisions/008).
  await sql`
    INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                         credit_debit, description, entry_date, created_at, reverses_id)
    SELECT kind, client_id, employee_id, expense_type_id, party_name, -amount, credit_debit,
           'Reversed: wrong amount', entry_date, now(), id
    FROM entries WHERE reverses_id IS NULL ORDER BY random() LIMIT ${REVERSALS}::int`.execute(db);
  log(`  ${REVERSALS.toLocaleString('en')} reversals`);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_check_insert_trg`.execute(db);
  await sql`ALTER TABLE entries ALTER COLUMN account_id DROP DEFAULT`.execute(db);
  await seedAudit(db);
  log('  rebuilding the roll-ups');
  await sql`SELECT rebuild_entry_rollups()`.execute(db);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_rollup_trg`.execute(db);
  log('  VACUUM ANALYZE');
  await sql`VACUUM ANALYZE`.execute(db);
  return (performance.now() - started) / 1000;
}

/** Users who act in the log, and AUDIT_ROWS rows by them, oldest first as they are written. */
async function seedAudit(db: Db): Promise<void> {
  await sql`
    INSERT INTO users (name, email, password_hash, role)
    SELECT 'User ' || g, 'user' || g || '@bench.example', 'no sign-in', 'staff'
    FROM generate_series(1, ${BENCH_USERS}::int) g`.execute(db);
  for (let from = 1; from <= AUDIT_ROWS; from += BATCH) {
    const to = Math.min(AUDIT_ROWS, from + BATCH - 1);
    await sql`
      INSERT INTO audit_log (at, actor_id, action, entity, entity_id, before, after, address, browser)
      SELECT at,
             CASE WHEN action = 'login_failed' THEN NULL ELSE actor END,
             action, entity,
             CASE WHEN action = 'login_failed' THEN NULL ELSE (1 + g % 1000)::text END,
             CASE WHEN action = 'update' THEN jsonb_build_object('name', 'Before ' || g) END,
             CASE WHEN action = 'login_failed'
                  THEN jsonb_build_object('email', 'guess' || g % 50 || '@bench.example')
                  ELSE jsonb_build_object('name', 'After ' || g) END,
             '10.0.' || g % 250 || '.' || g % 200, 'Mozilla/5.0 (bench)'
      FROM (
        SELECT g,
               now() - interval '${sql.raw(String(DAYS))} days'
                 + (g::numeric / ${AUDIT_ROWS}::int) * interval '${sql.raw(String(DAYS))} days' AS at,
               (SELECT min(id) FROM users) + floor(random() * ${BENCH_USERS + 1}::int)::int AS actor,
               (ARRAY['create', 'create', 'create', 'update', 'update', 'delete', 'status',
                      'login', 'logout', 'login_failed'])[1 + g % 10] AS action,
               (ARRAY['entry:income', 'entry:expense', 'entry:salary', 'client', 'employee',
                      'expense_type', 'user'])[1 + (g / 10) % 7] AS entity
        FROM generate_series(${from}::int, ${to}::int) g
      ) picked
      ORDER BY g`.execute(db);
    log(`  ${to.toLocaleString('en')} audit rows`);
  }
  // Sessions rows are about sign-ins, whatever kind the mix above gave them.
  await sql`UPDATE audit_log SET entity = 'session'
            WHERE action IN ('login', 'logout', 'login_failed')`.execute(db);
}

/** The Activity screen's calls: first page, 500th page, and each filter. */
async function activityEndpoints(db: Db, timeZone: string): Promise<Endpoint[]> {
  const today = todayIn(timeZone);
  const month = monthOf(addDays(today, -400));
  const page500 = await sql<{ id: number }>`
    SELECT id FROM audit_log ORDER BY at DESC, id DESC
    OFFSET ${499 * ACTIVITY_PAGE - 1} LIMIT 1`.execute(db);
  const user = await sql<{ id: number }>`SELECT min(id) + 3 AS id FROM users`.execute(db);
  const before = page500.rows[0]?.id ?? 1;
  const who = user.rows[0]?.id ?? 1;
  const a = `/api/activity?limit=${ACTIVITY_PAGE}`;
  const budgetMs = ACTIVITY_BUDGET_MS;
  return [
    { name: 'activity: first page', path: a },
    { name: 'activity: 500th page', path: `${a}&after=${idCursor('activity', before)}` },
    { name: 'activity: who', path: `${a}&who=${who}` },
    { name: 'activity: kind', path: `${a}&kind=client` },
    { name: 'activity: action', path: `${a}&action=login_failed` },
    { name: 'activity: date range (a month)', path: `${a}&from=${month.from}&to=${month.to}` },
    { name: 'activity: record id', path: `${a}&record=417` },
    { name: 'activity: kind and record id', path: `${a}&kind=client&record=417` },
    {
      name: 'activity: who, action, month',
      path: `${a}&who=${who}&action=update&from=${month.from}&to=${month.to}`,
    },
  ].map((endpoint) => ({ ...endpoint, budgetMs }));
}

// --- measuring --------------------------------------------------------------------------------

/** Positions (`after`) deep into the journal and into a month of the expense ledger. */
interface Positions {
  journalPage500: string;
  expenseLedgerMiddle: string;
  expenseLedgerLast: string;
}

async function positions(db: Db, month: { from: string; to: string }): Promise<Positions> {
  const at = async (query: ReturnType<typeof sql<{ p: string }>>) =>
    (await query.execute(db)).rows[0]?.p ?? '';
  const journalPage500 = await at(sql<{ p: string }>`
    SELECT entry_date || '_' || id AS p FROM entries
    ORDER BY entry_date DESC, id DESC
    OFFSET least(${499 * JOURNAL_PAGE - 1}, (SELECT count(*) - 1 FROM entries)) LIMIT 1`);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM entries
    WHERE kind = 'expense' AND entry_date BETWEEN ${month.from} AND ${month.to}`.execute(db);
  const rowsInMonth = rows[0]?.n ?? 0;
  const pages = Math.max(1, Math.ceil(rowsInMonth / LEDGER_PAGE));
  const ledgerAt = (page: number) =>
    at(sql<{ p: string }>`
      SELECT entry_date || '_' || id AS p FROM entries
      WHERE kind = 'expense' AND entry_date BETWEEN ${month.from} AND ${month.to}
      ORDER BY entry_date, id OFFSET ${Math.max(0, page * LEDGER_PAGE - 1)} LIMIT 1`);
  return {
    journalPage500,
    expenseLedgerMiddle: await ledgerAt(Math.floor(pages / 2)),
    expenseLedgerLast: await ledgerAt(pages - 1),
  };
}

function endpoints(timeZone: string, at: Positions): Endpoint[] {
  const today = todayIn(timeZone);
  const month = monthOf(today);
  const yearAgo = addDays(today, -364);
  const month_ = `startDate=${month.from}&endDate=${month.to}`;
  const year_ = `startDate=${yearAgo}&endDate=${today}`;
  const d = '/api/dashboard';
  const j = '/api/journal';
  const fast = JOURNAL_BUDGET_MS;
  const filters: [string, string][] = [
    ['dates (a month)', `from=${month.from}&to=${month.to}`],
    ['kind', 'kind=expense'],
    ['party', 'kind=income&partyId=1'],
    ['Credit/Debit', 'Creditdebit=Debit'],
    ['amount range', 'minAmount=500&maxAmount=510'],
    ['text', 'q=ntry 12345'],
    [
      'all combined',
      `from=${yearAgo}&to=${today}&kind=income&partyId=1&Creditdebit=Credit&minAmount=100` +
        `&maxAmount=90000&q=bench`,
    ],
  ];
  const paged = `limit=${LEDGER_PAGE}`;
  return [
    { name: 'totals', path: `${d}/totals` },
    { name: 'finance (this month)', path: `${d}/finance?from=${month.from}&to=${month.to}` },
    { name: 'finance (last 365 days)', path: `${d}/finance?from=${yearAgo}&to=${today}` },
    { name: 'getClientsVsSales', path: `${d}/getClientsVsSales` },
    { name: 'getEmployeesVsSalary (this month)', path: `${d}/getEmployeesVsSalary?${month_}` },
    { name: 'getEmployeesVsSalary (no dates)', path: `${d}/getEmployeesVsSalary` },
    { name: 'getExpenseVsType (this month)', path: `${d}/getExpenseVsType` },
    { name: 'getIncomeReport', path: `${d}/getIncomeReport` },
    { name: 'getClientLedger (this month)', path: `${d}/getClientLedger?clientId=1&${month_}` },
    { name: 'getClientLedger (last 365 days)', path: `${d}/getClientLedger?clientId=1&${year_}` },
    { name: 'getEmployeeLedger (this month)', path: `${d}/getEmployeeLedger?employeeId=1` },
    { name: 'getExpenseLedger (this month)', path: `${d}/getExpenseLedger?${month_}` },
    { name: 'yearly (this year)', path: `${d}/yearly?year=${today.slice(0, 4)}` },
    // Ledger pages (the paged ledgers the screens read).
    {
      name: 'client ledger page (365 days)',
      path: `/api/ledgers/client?clientId=1&${year_}&${paged}`,
      budgetMs: fast,
    },
    {
      name: 'employee ledger page (365 days)',
      path: `/api/ledgers/employee?employeeId=1&${year_}&${paged}`,
      budgetMs: fast,
    },
    {
      name: 'expense ledger month, first page',
      path: `/api/ledgers/expense?${month_}&${paged}`,
      budgetMs: fast,
    },
    {
      name: 'expense ledger month, middle page',
      path: `/api/ledgers/expense?${month_}&${paged}&after=${encodeCursor('ledger', at.expenseLedgerMiddle)}`,
      budgetMs: fast,
    },
    {
      name: 'expense ledger month, last page',
      path: `/api/ledgers/expense?${month_}&${paged}&after=${encodeCursor('ledger', at.expenseLedgerLast)}`,
      budgetMs: fast,
    },
    // The journal.
    { name: 'journal first page', path: `${j}?limit=${JOURNAL_PAGE}`, budgetMs: fast },
    {
      name: 'journal 500th page',
      path: `${j}?limit=${JOURNAL_PAGE}&after=${encodeCursor('journal', at.journalPage500)}`,
      budgetMs: fast,
    },
    { name: 'journal totals (everything)', path: `${j}/totals`, budgetMs: fast },
    ...filters.flatMap(([name, query]) => [
      { name: `journal: ${name}`, path: `${j}?limit=${JOURNAL_PAGE}&${query}`, budgetMs: fast },
      { name: `journal totals: ${name}`, path: `${j}/totals?${query}`, budgetMs: fast },
    ]),
  ];
}

/** Streams the CSV of every entry, sampling this process's RSS (the server runs here). */
async function timeCsv(base: string, token: string): Promise<CsvResult> {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let status = 0;
  try {
    const response = await fetch(`${base}/api/journal/csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    status = response.status;
    if (!response.body) throw new Error('no body');
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const mb = (value: number) => round(value / 1024 / 1024);
  return {
    status,
    rows: Math.max(0, lines - 2), // header and totals row
    megabytes: mb(bytes),
    seconds: round((performance.now() - started) / 1000),
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(Math.max(peak, process.memoryUsage().rss)),
  };
}

async function timeEndpoint(
  client: HttpClient,
  token: string,
  endpoint: Endpoint,
): Promise<EndpointResult> {
  const timed = await timeGet(client, token, endpoint.path, { warmup: WARMUP, calls: CALLS });
  const body = timed.body as { entries?: unknown[]; users?: unknown[] } | unknown[];
  if (timed.status !== 200) {
    log(`  ${endpoint.name}: HTTP ${timed.status} ${JSON.stringify(body).slice(0, 200)}`);
    return { ...endpoint, status: timed.status, rows: 0, p50: NaN, p95: NaN };
  }
  const rows = Array.isArray(body)
    ? body.length
    : (body.entries ?? body.users ?? [undefined]).length;
  return { ...endpoint, status: 200, rows, p50: round(timed.p50), p95: round(timed.p95) };
}

/** autocannon in its own process, so that the load does not share the server's event loop. */
function loadTest(url: string, token: string): Promise<TargetResult['load']> {
  const cli = createRequire(import.meta.url).resolve('autocannon');
  const args = [
    cli,
    '--json',
    '--connections',
    String(LOAD_CONNECTIONS),
    '--duration',
    String(LOAD_SECONDS),
    '--headers',
    `authorization=Bearer ${token}`,
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      const result = JSON.parse(out) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        errors: number;
        timeouts: number;
        non2xx: number;
      };
      resolve({
        path: new URL(url).pathname + new URL(url).search,
        connections: LOAD_CONNECTIONS,
        seconds: LOAD_SECONDS,
        requestsPerSecond: Math.round(result.requests.average),
        latencyP50: result.latency.p50,
        latencyP99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    });
  });
}

async function benchTarget(target: Target, databaseUrl?: string): Promise<TargetResult> {
  const dataDir = target === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'bench-pglite-')) : '';
  const adminPassword = randomBytes(12).toString('base64url');
  const config: AppConfig = {
    ...configFromEnv(),
    databaseUrl: target === 'postgres' ? databaseUrl : undefined,
    dataDir: target === 'pglite' ? dataDir : 'memory://',
    timeZone: process.env.TZ || 'UTC',
    adminEmail: 'bench@bench.example',
    adminPassword,
    webRoot: undefined,
    logLevel: 'warn',
    login: { perIpPerMinute: 1000, perEmailFailures: 1000, perEmailWindowMinutes: 15 },
  };
  const label = target === 'pglite' ? 'PGlite' : 'PostgreSQL';
  log(`${label}: seeding ${ENTRIES.toLocaleString('en')} entries`);
  const database = await openDatabase(config);
  try {
    // The bench's own users would otherwise stop the app from creating its first admin.
    await ensureFirstAdmin(database.db, config, { info() {}, warn() {} } as never);
    const seedSeconds = await seed(database.db);
    log(`${label}: seeded in ${round(seedSeconds)} s`);
    const app = await buildApp(config, { database, logger: false });
    let client: HttpClient | undefined;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      client = new HttpClient({ port });
      const login = await client.call('POST', '/api/users/login', {
        email: config.adminEmail,
        password: adminPassword,
      });
      const token = (login.body as { token?: string } | null)?.token;
      if (!token) throw new Error(`sign-in failed: HTTP ${login.status}`);

      const at = await positions(database.db, monthOf(todayIn(config.timeZone)));
      const list = endpoints(config.timeZone, at);
      const results: EndpointResult[] = [];
      const all = [...list, ...(await activityEndpoints(database.db, config.timeZone))];
      for (const endpoint of all) {
        const result = await timeEndpoint(client, token, endpoint);
        log(`  ${result.name}: p50 ${result.p50} ms, p95 ${result.p95} ms, ${result.rows} rows`);
        results.push(result);
      }
      log(`${label}: the CSV of every entry`);
      const csv = await timeCsv(base, token);
      log(
        `  ${csv.rows.toLocaleString('en')} rows, ${csv.megabytes} MB in ${csv.seconds} s; ` +
          `RSS ${csv.rssBeforeMb} MB before, ${csv.rssPeakMb} MB at most`,
      );
      const financePath = list[1]?.path ?? '/api/dashboard/finance';
      log(`${label}: ${LOAD_CONNECTIONS} connections on the finance summary for ${LOAD_SECONDS} s`);
      const load = await loadTest(base + financePath, token);
      return { target, label, entries: ENTRIES, seedSeconds, endpoints: results, csv, load };
    } finally {
      client?.close();
      await app.close();
    }
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// --- the throw-away PostgreSQL cluster ----------------------------------------------------------

function postgresBinariesExist(): boolean {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'initdb'));
  const root = '/usr/lib/postgresql';
  if (existsSync(root) && readdirSync(root).some((v) => existsSync(`${root}/${v}/bin/initdb`))) {
    return true;
  }
  return spawnSync('sh', ['-c', 'command -v initdb'], { stdio: 'ignore' }).status === 0;
}

/** Runs this script with --postgres-only under scripts/with-postgres.sh; returns its results. */
function benchThrowAwayPostgres(): Promise<TargetResult> {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'bench-result-')), 'postgres.json');
  return new Promise((resolve, reject) => {
    const child = rerunOnThrowAwayPostgres(
      fileURLToPath(import.meta.url),
      ['--postgres-only', `--result=${out}`],
      'office_finance_bench',
    );
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        const result = JSON.parse(readFileSync(out, 'utf8')) as TargetResult;
        rmSync(path.dirname(out), { recursive: true, force: true });
        resolve(result);
      } catch {
        reject(new Error(`the PostgreSQL bench failed (exit code ${code})`));
      }
    });
  });
}

// --- report -----------------------------------------------------------------------------------

const pad = (text: string, width: number, right = false) =>
  right ? text.padStart(width) : text.padEnd(width);

const figure = (value: number) => (Number.isNaN(value) ? 'failed' : value.toFixed(1));

function printReport(results: TargetResult[]): void {
  const names = results[0]?.endpoints.map((endpoint) => endpoint.name) ?? [];
  const nameWidth = Math.max(8, ...names.map((name) => name.length));
  const head = ['endpoint'.padEnd(nameWidth)];
  for (const result of results) {
    head.push(pad(`${result.label} p50`, 16, true), pad('p95 ms', 8, true), pad('rows', 6, true));
  }
  console.log('');
  console.log(
    `Report endpoints over HTTP, ${ENTRIES.toLocaleString('en')} entries, ` +
      `${CALLS} calls each after ${WARMUP} warm-up calls (ms)`,
  );
  console.log(head.join('  '));
  console.log('-'.repeat(head.join('  ').length));
  names.forEach((name, index) => {
    const cells = [name.padEnd(nameWidth)];
    for (const result of results) {
      const endpoint = result.endpoints[index];
      const over =
        result.target === 'postgres' &&
        endpoint &&
        !(endpoint.p95 <= (endpoint.budgetMs ?? BUDGET_MS));
      cells.push(
        pad(endpoint ? figure(endpoint.p50) : '-', 16, true),
        pad(endpoint ? figure(endpoint.p95) + (over ? '!' : '') : '-', 8, true),
        pad(endpoint ? String(endpoint.rows) : '-', 6, true),
      );
    }
    console.log(cells.join('  '));
  });
  console.log('');
  for (const result of results) {
    const csv = result.csv;
    console.log(
      `${result.label}: CSV of every entry: ${csv.rows.toLocaleString('en')} rows, ` +
        `${csv.megabytes} MB in ${csv.seconds} s; server RSS ${csv.rssBeforeMb} MB before, ` +
        `${csv.rssPeakMb} MB peak (+${round(csv.rssPeakMb - csv.rssBeforeMb)} MB)`,
    );
  }
  for (const result of results) {
    const load = result.load;
    console.log(
      `${result.label}: GET ${load.path} with ${load.connections} connections for ${load.seconds} s: ` +
        `${load.requestsPerSecond} req/s, latency p50 ${load.latencyP50} ms, p99 ${load.latencyP99} ms, ` +
        `${load.errors} errors; seeded in ${round(result.seedSeconds)} s`,
    );
  }
}

/** Failures: failed calls anywhere, and PostgreSQL p95s over the budget. */
function failures(results: TargetResult[]): string[] {
  const problems: string[] = [];
  for (const result of results) {
    for (const endpoint of result.endpoints) {
      if (endpoint.status !== 200) {
        problems.push(`${result.label} ${endpoint.name}: HTTP ${endpoint.status}`);
      } else if (result.target === 'postgres' && endpoint.p95 > (endpoint.budgetMs ?? BUDGET_MS)) {
        problems.push(
          `${result.label} ${endpoint.name}: p95 ${endpoint.p95} ms > ${endpoint.budgetMs ?? BUDGET_MS} ms budget`,
        );
      }
    }
    const csv = result.csv;
    const expectedRows = result.entries + BACKDATED + REVERSALS;
    if (csv.status !== 200 || csv.rows !== expectedRows) {
      problems.push(`${result.label} CSV: HTTP ${csv.status}, ${csv.rows} of ${expectedRows} rows`);
    } else if (result.target === 'postgres') {
      if (csv.seconds > CSV_BUDGET_S)
        problems.push(`${result.label} CSV: ${csv.seconds} s > ${CSV_BUDGET_S} s budget`);
      if (csv.rssPeakMb - csv.rssBeforeMb > CSV_MEMORY_MB)
        problems.push(
          `${result.label} CSV: server memory grew ${round(csv.rssPeakMb - csv.rssBeforeMb)} MB ` +
            `> ${CSV_MEMORY_MB} MB`,
        );
    }
    if (result.load.errors > 0) {
      problems.push(`${result.label} load test: ${result.load.errors} failed requests`);
    }
  }
  return problems;
}

function saveResults(results: TargetResult[]): void {
  const dir = path.join(repoRoot, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `bench-api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), results }, null, 2) + '\n');
  console.log(`Results saved to ${path.relative(process.cwd(), file) || file}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const resultFile = args.find((arg) => arg.startsWith('--result='))?.slice('--result='.length);
  const results: TargetResult[] = [];

  if (args.includes('--postgres-only') && (process.env.DATABASE_URL || resultFile)) {
    // Inside with-postgres.sh (or against a given server).
    const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('no PostgreSQL URL (DATABASE_URL or TEST_DATABASE_URL)');
    results.push(await benchTarget('postgres', url));
    if (resultFile) {
      writeFileSync(resultFile, JSON.stringify(results[0]));
      return;
    }
  } else if (process.env.DATABASE_URL) {
    results.push(await benchTarget('postgres', process.env.DATABASE_URL));
  } else {
    if (!args.includes('--postgres-only')) results.push(await benchTarget('pglite'));
    if (!args.includes('--pglite-only')) {
      if (postgresBinariesExist()) {
        results.push(await benchThrowAwayPostgres());
      } else {
        log(
          'PostgreSQL server binaries not found: PostgreSQL skipped (apt-get install postgresql)',
        );
        if (args.includes('--postgres-only')) process.exitCode = 1;
      }
    }
  }

  if (results.length === 0) return;
  printReport(results);
  saveResults(results);
  const problems = failures(results);
  if (problems.length > 0) {
    console.log('');
    console.log('FAILED:');
    for (const problem of problems) console.log(`  ${problem}`);
    process.exitCode = 1;
  } else if (results.some((result) => result.target === 'postgres')) {
    console.log(
      `Every PostgreSQL report p95 is within ${BUDGET_MS} ms, every journal call and ledger ` +
        `page within ${JOURNAL_BUDGET_MS} ms, every activity p95 within ${ACTIVITY_BUDGET_MS} ms, ` +
        `the CSV within ${CSV_BUDGET_S} s.`,
    );
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
