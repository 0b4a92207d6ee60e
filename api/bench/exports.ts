// npm run bench:exports: how long the Excel and PDF exports take, and how much memory the
// Journal's Excel of a million entries needs (issue 22).
//
// Seeds a new database with BENCH_ENTRIES entries (default 1,000,000) over three years across
// 200 clients, 100 employees and 30 expense types, plus BENCH_STATEMENT_ROWS (5,000) entries of
// one client in one month (bulk INSERT ... SELECT FROM generate_series, roll-ups rebuilt once).
// Then the server answers, over HTTP: on PostgreSQL the built server (api/dist/server.js; the
// npm script builds it) as a process of its own on a loopback port, so the RSS read from /proc is
// the server's alone; on PGlite the app in this process (its memory:// database lives here):
//
//   1. GET /api/journal/excel with no filter: every entry as one .xlsx. Time to the last byte,
//      the file's size, and the server's RSS before and at its peak (read every 50 ms).
//   2. GET /api/dashboard/getClientLedger/pdf for that client and month: a statement of
//      BENCH_STATEMENT_ROWS rows, timed.
//   3. Every report's and ledger's Excel (the current month, or this year), each timed.
//
// Budgets on PostgreSQL (exit code 1 beyond them): the Journal <= BENCH_EXCEL_BUDGET_S (60 s) and
// RSS +BENCH_EXCEL_MEMORY_MB (150 MB); the statement <= BENCH_PDF_BUDGET_S (3 s); each report
// <= BENCH_REPORT_BUDGET_MS (1,000 ms). PGlite is printed beside at BENCH_PGLITE_ENTRIES (the
// smaller of BENCH_ENTRIES and 100,000), not budgeted. PostgreSQL is a throw-away cluster on
// 127.0.0.1 (scripts/with-postgres.sh: this script runs itself again under it); with
// TEST_DATABASE_URL set, only that (empty) database. `--pglite-only` / `--postgres-only` run one
// side. Small run to check it works: BENCH_ENTRIES=20000 BENCH_STATEMENT_ROWS=500.
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { spawn } from 'node:child_process';
import { buildApp } from '../src/app.js';
import { configFromEnv, type AppConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/index.js';
import { freePort, HttpClient, stopServer } from './http.js';
import { figuresFromThrowAwayPostgres } from './throw-away-postgres.js';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const ENTRIES = int(process.env.BENCH_ENTRIES, 1_000_000);
const PGLITE_ENTRIES = int(process.env.BENCH_PGLITE_ENTRIES, Math.min(ENTRIES, 100_000));
const STATEMENT_ROWS = int(process.env.BENCH_STATEMENT_ROWS, 5_000);
const EXCEL_BUDGET_S = int(process.env.BENCH_EXCEL_BUDGET_S, 60);
const EXCEL_MEMORY_MB = int(process.env.BENCH_EXCEL_MEMORY_MB, 150);
const PDF_BUDGET_S = int(process.env.BENCH_PDF_BUDGET_S, 3);
const REPORT_BUDGET_MS = int(process.env.BENCH_REPORT_BUDGET_MS, 1_000);

const CLIENTS = 200;
const EMPLOYEES = 100;
const EXPENSE_TYPES = 30;
const DAYS = 3 * 365;
const BATCH = 250_000;
const ADMIN = { email: 'bench-admin@bench.example', password: 'bench-admin-password-1' };

const HOST = '127.0.0.1';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (text: string) => console.error(`[bench:exports] ${text}`);
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const seconds = (ms: number) => Math.round(ms / 10) / 100;

interface Figures {
  label: string;
  entries: number;
  journal: { seconds: number; fileMb: number; rssBeforeMb: number; rssPeakMb: number };
  statement: { rows: number; seconds: number; fileKb: number };
  reports: Array<{ name: string; ms: number }>;
}

async function seed(database: DatabaseHandle, entries: number): Promise<void> {
  const db = database.db;
  await sql`
    INSERT INTO clients (name, email, company_name)
    SELECT 'Client ' || g, 'client' || g || '@bench.example', 'Company ' || g
    FROM generate_series(1, ${CLIENTS}::int) g`.execute(db);
  await sql`
    INSERT INTO employees (name, email, number)
    SELECT 'Employee ' || g, 'employee' || g || '@bench.example', lpad(g::text, 8, '0')
    FROM generate_series(1, ${EMPLOYEES}::int) g`.execute(db);
  await sql`
    INSERT INTO expense_types (expancetype, name_key)
    SELECT 'Expense type ' || g, 'expense type ' || g
    FROM generate_series(1, ${EXPENSE_TYPES}::int) g`.execute(db);
  await sql`ALTER TABLE entries DISABLE TRIGGER entries_rollup_trg`.execute(db);
  for (let from = 1; from <= entries; from += BATCH) {
    const to = Math.min(entries, from + BATCH - 1);
    await sql`
      INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                           credit_debit, description, entry_date, created_at)
      SELECT kind,
             CASE WHEN kind = 'income' THEN n END,
             CASE WHEN kind = 'salary' THEN n END,
             CASE WHEN kind = 'expense' THEN n END,
             CASE kind WHEN 'income' THEN 'Client ' WHEN 'salary' THEN 'Employee '
                       ELSE 'Expense type ' END || n,
             round((1 + random() * 99999)::numeric, 2),
             CASE WHEN kind = 'income' AND g % 2 = 0 THEN 'Debit' ELSE 'Credit' END,
             'Bench entry ' || g, day, day + interval '9 hours'
      FROM (
        SELECT g, kind, day,
               1 + g % CASE kind WHEN 'income' THEN ${CLIENTS}::int
                                 WHEN 'salary' THEN ${EMPLOYEES}::int
                                 ELSE ${EXPENSE_TYPES}::int END AS n
        FROM (
          SELECT g, (ARRAY['income', 'expense', 'salary'])[1 + g % 3] AS kind,
                 current_date - ${DAYS - 1}::int
                   + floor((g - 1)::numeric * ${DAYS}::int / ${entries}::int)::int AS day
          FROM generate_series(${from}::int, ${to}::int) g
        ) picked
      ) parties`.execute(db);
    log(`  ${to.toLocaleString('en')} entries`);
  }
  // One client's busy month, the statement of part 2 (a month long ago, so only it is there).
  await sql`
    INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description,
                         entry_date, created_at)
    SELECT 'income', 1, 'Client 1', round((1 + random() * 999)::numeric, 2),
           CASE WHEN g % 3 = 0 THEN 'Credit' ELSE 'Debit' END,
           'Statement line ' || g || ' with a description long enough to wrap onto a second line of the statement',
           DATE '2020-01-01' + (g % 31), TIMESTAMPTZ '2020-01-01 09:00:00+00'
    FROM generate_series(1, ${STATEMENT_ROWS}::int) g`.execute(db);
  await sql`SELECT rebuild_entry_rollups()`.execute(db);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_rollup_trg`.execute(db);
  await sql`ANALYZE`.execute(db);
}

/** GETs a URL, counting its bytes; resolves with the status, bytes and milliseconds. */
function download(port: number, url: string, token: string) {
  const started = performance.now();
  return new Promise<{ status: number; bytes: number; ms: number }>((resolve, reject) => {
    http
      .get(
        { host: HOST, port, path: url, headers: { authorization: `Bearer ${token}` } },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }),
          );
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
}

/** A server answering on `port`, and its resident memory now. */
interface Server {
  port: number;
  rss: () => number;
  stop: () => Promise<void>;
}

/** The process's resident memory, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

/**
 * The built server (api/dist/server.js) as a process of its own on PostgreSQL, so the RSS read
 * is the server's alone, not this script's too.
 */
async function serverProcess(databaseUrl: string): Promise<Server> {
  const port = await freePort(HOST);
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST,
      TZ: 'UTC',
      WORKERS: '1',
      WEB_ROOT: '',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = new HttpClient({ host: HOST, port });
  try {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      if ((await client.call('GET', '/api/dashboard/totals')).status === 401)
        return { port, rss: () => rssOf(child.pid!), stop: () => stopServer(child) };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    client.close();
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 120 s');
}

/** The app in this process (PGlite's memory:// database lives here). */
async function serverInProcess(config: AppConfig, database: DatabaseHandle): Promise<Server> {
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ host: HOST, port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { port, rss: () => process.memoryUsage.rss(), stop: () => app.close() };
}

async function login(port: number): Promise<string> {
  const client = new HttpClient({ host: HOST, port });
  const answer = await client.call('POST', '/api/users/login', ADMIN);
  client.close();
  const token = (answer.body as { token?: string } | null)?.token;
  if (!token) throw new Error(`the admin could not sign in: HTTP ${answer.status}`);
  return token;
}

async function bench(
  label: string,
  databaseUrl: string | undefined,
  entries: number,
): Promise<Figures> {
  const config = {
    ...configFromEnv({ TZ: 'UTC' }),
    databaseUrl,
    dataDir: 'memory://',
    timeZone: 'UTC',
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
  };
  const database = await openDatabase(config);
  let open = true;
  try {
    log(`${label}: seeding ${entries.toLocaleString('en')} entries`);
    await seed(database, entries);
    let server: Server;
    if (databaseUrl) {
      await database.close();
      open = false;
      server = await serverProcess(databaseUrl);
    } else server = await serverInProcess(config, database);
    const { port } = server;
    const token = await login(port);
    try {
      global.gc?.();
      const rssBefore = server.rss();
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        try {
          rssPeak = Math.max(rssPeak, server.rss());
        } catch {
          // exited
        }
      }, 50);
      log(`${label}: the Journal's Excel`);
      const journal = await download(port, '/api/journal/excel', token);
      clearInterval(sampler);
      if (journal.status !== 200) throw new Error(`journal excel answered ${journal.status}`);

      log(`${label}: a ${STATEMENT_ROWS.toLocaleString('en')}-row statement`);
      const statement = await download(
        port,
        '/api/dashboard/getClientLedger/pdf?clientId=1&startDate=2020-01-01&endDate=2020-01-31',
        token,
      );
      if (statement.status !== 200) throw new Error(`statement answered ${statement.status}`);

      const year = new Date().getUTCFullYear();
      const reportUrls: Array<[string, string]> = [
        ['Finance Report', '/api/dashboard/finance/excel'],
        ['System Totals', '/api/dashboard/totals/excel'],
        ['Clients Vs Sales', '/api/dashboard/getClientsVsSales/excel'],
        ['Employees Vs Salary', '/api/dashboard/getEmployeesVsSalary/excel'],
        ['Expense Vs Type', '/api/dashboard/getExpenseVsType/excel'],
        ['Income Report', '/api/dashboard/getIncomeReport/excel'],
        ['Yearly Report', `/api/dashboard/yearly/excel?year=${year}`],
        ['Client Ledger (month)', '/api/dashboard/getClientLedger/excel?clientId=2'],
        ['Employee Ledger (month)', '/api/dashboard/getEmployeeLedger/excel?employeeId=2'],
        ['Expense Ledger (month)', '/api/dashboard/getExpenseLedger/excel'],
      ];
      const reports: Figures['reports'] = [];
      for (const [name, url] of reportUrls) {
        const answer = await download(port, url, token);
        if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}`);
        reports.push({ name, ms: Math.round(answer.ms) });
      }
      return {
        label,
        entries,
        journal: {
          seconds: seconds(journal.ms),
          fileMb: mb(journal.bytes),
          rssBeforeMb: mb(rssBefore),
          rssPeakMb: mb(rssPeak),
        },
        statement: {
          rows: STATEMENT_ROWS,
          seconds: seconds(statement.ms),
          fileKb: Math.round(statement.bytes / 1024),
        },
        reports,
      };
    } finally {
      await server.stop();
    }
  } finally {
    if (open) await database.close();
  }
}

function print(all: Figures[]): void {
  for (const f of all) {
    console.log(`\n${f.label}: ${f.entries.toLocaleString('en')} entries`);
    console.log(
      `  Journal Excel: ${f.journal.seconds} s, ${f.journal.fileMb} MB file, RSS ${f.journal.rssBeforeMb} -> ${f.journal.rssPeakMb} MB (+${Math.round((f.journal.rssPeakMb - f.journal.rssBeforeMb) * 10) / 10} MB)`,
    );
    console.log(
      `  client statement PDF, ${f.statement.rows.toLocaleString('en')} rows: ${f.statement.seconds} s (${f.statement.fileKb} KB)`,
    );
    for (const report of f.reports) console.log(`  ${report.name} Excel: ${report.ms} ms`);
  }
}

function overBudget(f: Figures): string[] {
  const problems: string[] = [];
  if (f.journal.seconds > EXCEL_BUDGET_S)
    problems.push(`Journal Excel ${f.journal.seconds} s > ${EXCEL_BUDGET_S} s`);
  const rise = Math.round((f.journal.rssPeakMb - f.journal.rssBeforeMb) * 10) / 10;
  if (rise > EXCEL_MEMORY_MB)
    problems.push(`Journal Excel RSS +${rise} MB > ${EXCEL_MEMORY_MB} MB`);
  if (f.statement.seconds > PDF_BUDGET_S)
    problems.push(`statement PDF ${f.statement.seconds} s > ${PDF_BUDGET_S} s`);
  for (const report of f.reports)
    if (report.ms > REPORT_BUDGET_MS)
      problems.push(`${report.name} Excel ${report.ms} ms > ${REPORT_BUDGET_MS} ms`);
  return problems;
}

/** This script on a throw-away PostgreSQL: its exit code and figures. */
const postgresInChild = () =>
  figuresFromThrowAwayPostgres<Figures>(fileURLToPath(import.meta.url), 'exports');

async function main(): Promise<number> {
  const url = process.env.TEST_DATABASE_URL;
  const resultAt = process.argv.indexOf('--result');
  if (url) {
    const figures = await bench('PostgreSQL', url, ENTRIES);
    if (resultAt > 0) writeFileSync(process.argv[resultAt + 1]!, JSON.stringify(figures));
    else print([figures]);
    return overBudget(figures).length ? 1 : 0;
  }
  const results: Figures[] = [];
  let code = 0;
  if (!process.argv.includes('--pglite-only')) {
    const postgres = await postgresInChild();
    if (postgres.figures) results.push(postgres.figures);
    else code = postgres.code || 1;
  }
  if (!process.argv.includes('--postgres-only'))
    results.push(await bench('PGlite', undefined, PGLITE_ENTRIES));
  print(results);
  const postgres = results.find((f) => f.label === 'PostgreSQL');
  const problems = postgres ? overBudget(postgres) : [];
  for (const problem of problems) console.error(`PostgreSQL: ${problem}`);
  return problems.length ? 1 : code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
