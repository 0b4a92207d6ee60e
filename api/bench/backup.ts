// npm run bench:backup: how long a backup and a restore take at a million entries and a million
// activity rows, how much memory the running server needs to take one, and how the dashboard
// answers meanwhile.
//
// Seeds a new database with BENCH_ENTRIES entries (default 1,000,000) over three years across
// 200 clients, 100 employees and 30 expense types, and one activity row per entry (the `create`
// the API writes with it: BENCH_AUDIT_ROWS, default as many as entries), by bulk load
// (INSERT ... SELECT FROM generate_series in batches, with the entries' checks on and the
// roll-up trigger off, rebuild_entry_rollups() once, VACUUM ANALYZE). Then, on PostgreSQL:
//
//   1. backup: takeBackup (the code of `npm run backup`) to a file, timed; then read back and
//      checked (verifyBackupFile), timed on its own.
//   2. restore: restoreBackup (the code of `npm run restore`) into a new, empty database, timed.
//   3. the built server (api/dist/server.js, `npm run build -w api` first) on a loopback port:
//      An admin first presses Back up now with nothing else running, and the server's RSS
//      before and at its peak is the backup's own memory. Then BENCH_DASHBOARD_USERS (4) users repeat the dashboard's two calls (the totals and the
//      month's finance, at once, as the shell asks) for BENCH_BASELINE_SECONDS (10); then an
//      admin presses Back up now (POST /api/backups: the server itself writes, reads back and
//      checks the file) while the same users go on. Prints the p95 of the dashboard's calls
//      without and during the backup, and the server's RSS before and at its peak (read from
//      /proc every 50 ms).
//
// The backup and restore figures for PGlite are printed beside, at BENCH_PGLITE_ENTRIES
// (default the smaller of BENCH_ENTRIES and 100,000: seeding the embedded database is several
// times slower), through the same code with no server holding the data directory, as
// `npm run backup` needs there. The server phase runs on PostgreSQL only.
//
// Budgets (PostgreSQL; exit code 1 beyond them): backup <= BENCH_BACKUP_BUDGET_S (60 s),
// restore <= BENCH_RESTORE_BUDGET_S (180 s), the server's RSS rise during the backup with no
// other load <= BENCH_BACKUP_MEMORY_MB (100 MB; under the dashboard load the load alone moves RSS
// by as much, so that rise is printed but cannot be the backup's), dashboard p95 during the backup <= BENCH_DASHBOARD_FACTOR (2) x its p95 without.
// PGlite's figures are printed, not budgeted.
//
// PostgreSQL is a throw-away cluster on 127.0.0.1 (scripts/with-postgres.sh: this script runs
// itself again under it); with TEST_DATABASE_URL set, only that database (it must be empty and
// on this machine). `--pglite-only` and `--postgres-only` run one side. Everything stays on
// 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { restoreBackup, takeBackup, verifyBackupFile } from '../src/backup/index.js';
import { openDatabase, type DatabaseHandle } from '../src/db/index.js';
import { OWASP_ARGON2ID } from '../src/config.js';
import { hashPassword } from '../src/lib/password.js';
import { freePort, HttpClient, percentile, stopServer } from './http.js';
import { figuresFromThrowAwayPostgres } from './throw-away-postgres.js';

/** The backups are signed as the server signs them (any key will do here). */
const signingKey = randomBytes(32);

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const ENTRIES = int(process.env.BENCH_ENTRIES, 1_000_000);
const AUDIT_ROWS = int(process.env.BENCH_AUDIT_ROWS, ENTRIES);
const PGLITE_ENTRIES = int(process.env.BENCH_PGLITE_ENTRIES, Math.min(ENTRIES, 100_000));
const DASHBOARD_USERS = int(process.env.BENCH_DASHBOARD_USERS, 4);
const BASELINE_SECONDS = int(process.env.BENCH_BASELINE_SECONDS, 10);
const BACKUP_BUDGET_S = int(process.env.BENCH_BACKUP_BUDGET_S, 60);
const RESTORE_BUDGET_S = int(process.env.BENCH_RESTORE_BUDGET_S, 180);
const MEMORY_BUDGET_MB = int(process.env.BENCH_BACKUP_MEMORY_MB, 100);
const DASHBOARD_FACTOR = Number(process.env.BENCH_DASHBOARD_FACTOR) || 2;
const CLIENTS = 200;
const EMPLOYEES = 100;
const EXPENSE_TYPES = 30;
const DAYS = 3 * 365;
const BATCH = 250_000;
const HOST = '127.0.0.1';
const ADMIN = { email: 'bench-admin@bench.example', password: 'bench-admin-password' };

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const log = (text: string) => console.error(`[bench:backup] ${text}`);
const seconds = (ms: number) => Math.round(ms / 100) / 10;
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

interface Figures {
  label: string;
  entries: number;
  auditRows: number;
  seedS: number;
  fileMb: number;
  backupS: number;
  verifyS: number;
  restoreS: number;
  /** The running server's own backup: PostgreSQL only. */
  server?: {
    backupS: number;
    /** A backup with no other load: what the backup itself costs in memory (the budget). */
    quietBackupS: number;
    quietRssBeforeMb: number;
    quietRssPeakMb: number;
    rssBeforeMb: number;
    rssPeakMb: number;
    /** The RSS rise over the baseline's load, without a backup. */
    loadAloneRiseMb: number;
    p95WithoutMs: number;
    p95DuringMs: number;
    callsWithout: number;
    callsDuring: number;
    failed: number;
  };
}

// --- seeding ----------------------------------------------------------------------------------

async function seed(database: DatabaseHandle, entries: number, auditRows: number): Promise<void> {
  const db = database.db;
  const { rows } = await sql<{ n: number }>`
    SELECT ((SELECT count(*) FROM entries) + (SELECT count(*) FROM users))::int AS n`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) throw new Error('the bench needs an empty database');
  const hash = await hashPassword(ADMIN.password, OWASP_ARGON2ID);
  const [admin] = (
    await sql<{ id: number }>`
      INSERT INTO users (name, email, password_hash, role)
      VALUES ('Bench Admin', ${ADMIN.email}, ${hash}, 'admin') RETURNING id`.execute(db)
  ).rows;
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

  // The roll-ups are built once at the end; the entries' own checks (closed period,
  // reversals) stay on.
  await sql`ALTER TABLE entries DISABLE TRIGGER entries_rollup_trg`.execute(db);
  for (let from = 1; from <= entries; from += BATCH) {
    const to = Math.min(entries, from + BATCH - 1);
    await sql`
      INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                           credit_debit, description, entry_date, created_at, created_by)
      SELECT kind,
             CASE WHEN kind = 'income' THEN n END,
             CASE WHEN kind = 'salary' THEN n END,
             CASE WHEN kind = 'expense' THEN n END,
             CASE kind WHEN 'income' THEN 'Client ' WHEN 'salary' THEN 'Employee '
                       ELSE 'Expense type ' END || n,
             round((1 + random() * 99999)::numeric, 2),
             CASE WHEN kind = 'income' AND g % 2 = 0 THEN 'Debit' ELSE 'Credit' END,
             'Bench entry ' || g,
             day,
             day + interval '9 hours' + (g % 3600) * interval '1 second',
             ${admin!.id}::int
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
      ) parties
      ORDER BY g`.execute(db);
    log(`  ${to.toLocaleString('en')} entries`);
  }
  // The activity row the API writes with each entry (lib/audit.ts), as many as asked.
  for (let from = 1; from <= auditRows; from += BATCH) {
    const to = Math.min(auditRows, from + BATCH - 1);
    await sql`
      INSERT INTO audit_log (at, actor_id, action, entity, entity_id, after, address, browser)
      SELECT created_at, created_by, 'create', 'entry:' || kind, id::text,
             jsonb_build_object('id', id, 'kind', kind, 'partyId', party_id,
                                'partyName', party_name, 'amount', amount,
                                'description', description, 'Creditdebit', credit_debit,
                                'date', entry_date, 'createdAt', created_at,
                                'reversesId', reverses_id),
             '10.0.' || id % 250 || '.' || id % 200, 'Mozilla/5.0 (bench)'
      FROM entries WHERE id BETWEEN ${from}::bigint AND ${to}::bigint ORDER BY id`.execute(db);
    log(`  ${to.toLocaleString('en')} activity rows`);
  }
  log('  rebuilding the roll-ups');
  await sql`SELECT rebuild_entry_rollups()`.execute(db);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_rollup_trg`.execute(db);
  // The schedule of a server started now would back up at once: the last good one is "now".
  await sql`
    INSERT INTO backup_runs (started_at, status, trigger, taken_by)
    VALUES (now(), 'ok', 'schedule', 'bench')`.execute(db);
  log('  VACUUM ANALYZE');
  await sql`VACUUM ANALYZE`.execute(db);
}

// --- HTTP -------------------------------------------------------------------------------------

const client = new HttpClient({ host: HOST, timeoutMs: 600_000 });
const call = (port: number, method: string, url: string, token?: string, body?: unknown) => {
  client.port = port;
  return client.call(method, url, body, token);
};

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort(HOST);
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST,
      WORKERS: '1',
      WEB_ROOT: '',
      LOG_LEVEL: 'warn',
      BACKUP_EVERY_HOURS: '24',
      BACKUP_PASSPHRASE: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if ((await call(port, 'GET', '/api/dashboard/totals')).status === 401) return { child, port };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 120 s');
}

/** The process's resident memory, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

/** Dashboard users until `running()` is false: each asks the two calls at once, then again. */
async function dashboardLoad(port: number, token: string, running: () => boolean) {
  const today = new Date();
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const from = iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)));
  const to = iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)));
  const latencies: number[] = [];
  let failed = 0;
  const user = async () => {
    while (running()) {
      const answers = await Promise.all([
        call(port, 'GET', '/api/dashboard/totals', token),
        call(port, 'GET', `/api/dashboard/finance?from=${from}&to=${to}`, token),
      ]);
      for (const answer of answers) {
        if (answer.status === 200) latencies.push(answer.ms);
        else failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: DASHBOARD_USERS }, user));
  return { latencies, failed };
}

/** The server's own backup (Back up now) under dashboard load, and the same load without. */
async function serverBackup(env: NodeJS.ProcessEnv): Promise<Figures['server']> {
  const { child, port } = await startServer(env);
  try {
    const login = await call(port, 'POST', '/api/users/login', undefined, ADMIN);
    const token = (login.body as { token?: string } | null)?.token;
    if (!token) throw new Error(`the admin could not sign in: HTTP ${login.status}`);
    // First a backup with nothing else to do: its RSS rise is the backup's own. Under the
    // dashboard load below, the load alone moves RSS by as much (V8 grows its heap with the
    // answers it serves), so the rise measured there cannot tell the backup's share.
    const quietBefore = rssOf(child.pid!);
    let quietPeak = quietBefore;
    const quietSampler = setInterval(() => {
      try {
        quietPeak = Math.max(quietPeak, rssOf(child.pid!));
      } catch {
        // exited
      }
    }, 50);
    const quietStarted = performance.now();
    const quiet = await call(port, 'POST', '/api/backups', token);
    const quietMs = performance.now() - quietStarted;
    clearInterval(quietSampler);
    if (quiet.status !== 201) {
      throw new Error(`Back up now answered HTTP ${quiet.status}: ${JSON.stringify(quiet.body)}`);
    }
    // Warm-up, then the load without a backup.
    let until = performance.now() + 2000;
    await dashboardLoad(port, token, () => performance.now() < until);
    // The RSS the same load reaches without a backup, to tell the backup's share from the load's.
    const rssLoadStart = rssOf(child.pid!);
    let peak = rssLoadStart;
    const sample = () => {
      try {
        peak = Math.max(peak, rssOf(child.pid!));
      } catch {
        // exited
      }
    };
    let sampler = setInterval(sample, 50);
    until = performance.now() + BASELINE_SECONDS * 1000;
    const without = await dashboardLoad(port, token, () => performance.now() < until);
    clearInterval(sampler);
    const rssLoadPeak = peak;

    const rssBefore = rssOf(child.pid!);
    peak = rssBefore;
    sampler = setInterval(sample, 50);
    let backingUp = true;
    const started = performance.now();
    const during = dashboardLoad(port, token, () => backingUp);
    const taken = await call(port, 'POST', '/api/backups', token);
    const backupMs = performance.now() - started;
    backingUp = false;
    const load = await during;
    clearInterval(sampler);
    if (taken.status !== 201) {
      throw new Error(`Back up now answered HTTP ${taken.status}: ${JSON.stringify(taken.body)}`);
    }
    return {
      backupS: seconds(backupMs),
      quietBackupS: seconds(quietMs),
      quietRssBeforeMb: mb(quietBefore),
      quietRssPeakMb: mb(quietPeak),
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(peak),
      loadAloneRiseMb: mb(rssLoadPeak - rssLoadStart),
      p95WithoutMs: Math.round(percentile(ascending(without.latencies), 95)),
      p95DuringMs: Math.round(percentile(ascending(load.latencies), 95)),
      callsWithout: without.latencies.length,
      callsDuring: load.latencies.length,
      failed: without.failed + load.failed,
    };
  } finally {
    await stopServer(child, 30_000);
  }
}

// --- one database -----------------------------------------------------------------------------

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function benchPostgres(url: string): Promise<Figures> {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`the backup bench runs only against a database on this machine, not ${host}`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'bench-backup-'));
  const open = (databaseUrl: string, migrate = true) =>
    openDatabase({ databaseUrl, dataDir: '', timeZone: 'UTC', migrate });
  try {
    log(`PostgreSQL: seeding ${ENTRIES.toLocaleString('en')} entries`);
    const source = await open(url);
    const [, seedMs] = await timed(() => seed(source, ENTRIES, AUDIT_ROWS));
    const file = path.join(work, 'bench.backup');
    log('PostgreSQL: backup');
    const [, backupMs] = await timed(() =>
      takeBackup(source, file, { takenBy: 'bench', signingKey }),
    );
    const [, verifyMs] = await timed(() => verifyBackupFile(file, { signingKey }));
    await source.close();

    log('PostgreSQL: restore into a new database');
    const target = new URL(url);
    target.pathname = '/bench_backup_restored';
    const admin = await open(url, false);
    await sql`DROP DATABASE IF EXISTS bench_backup_restored`.execute(admin.db);
    await sql`CREATE DATABASE bench_backup_restored`.execute(admin.db);
    const restored = await open(target.href, false);
    const [, restoreMs] = await timed(() => restoreBackup(restored, file, { signingKey }));
    await restored.close();
    // FORCE: the closed pool's backends may take a moment to go.
    await sql`DROP DATABASE bench_backup_restored WITH (FORCE)`.execute(admin.db);
    await admin.close();
    const fileMb = mb(statSync(file).size);
    rmSync(file);

    log('PostgreSQL: the server backs up under dashboard load');
    const server = await serverBackup({
      DATABASE_URL: url,
      DATA_DIR: path.join(work, 'unused'),
      BACKUP_DIR: path.join(work, 'server-backups'),
    });
    return {
      label: 'PostgreSQL',
      entries: ENTRIES,
      auditRows: AUDIT_ROWS,
      seedS: seconds(seedMs),
      fileMb,
      backupS: seconds(backupMs),
      verifyS: seconds(verifyMs),
      restoreS: seconds(restoreMs),
      server,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function benchPglite(): Promise<Figures> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-backup-'));
  const open = (dataDir: string, migrate = true) =>
    openDatabase({ dataDir, timeZone: 'UTC', migrate });
  const auditRows = Math.round((PGLITE_ENTRIES * AUDIT_ROWS) / ENTRIES);
  try {
    const dataDir = path.join(work, 'data');
    log(`PGlite: seeding ${PGLITE_ENTRIES.toLocaleString('en')} entries`);
    const source = await open(dataDir);
    const [, seedMs] = await timed(() => seed(source, PGLITE_ENTRIES, auditRows));
    const file = path.join(work, 'bench.backup');
    log('PGlite: backup (no server holds the data directory)');
    const [, backupMs] = await timed(() =>
      takeBackup(source, file, { takenBy: 'bench', signingKey }),
    );
    const [, verifyMs] = await timed(() => verifyBackupFile(file, { signingKey }));
    await source.close();

    log('PGlite: restore into a new data directory');
    const restored = await open(path.join(work, 'restored'), false);
    const [, restoreMs] = await timed(() => restoreBackup(restored, file, { signingKey }));
    await restored.close();
    rmSync(path.join(work, 'restored'), { recursive: true, force: true });
    const fileMb = mb(statSync(file).size);
    rmSync(file);

    return {
      label: 'PGlite',
      entries: PGLITE_ENTRIES,
      auditRows,
      seedS: seconds(seedMs),
      fileMb,
      backupS: seconds(backupMs),
      verifyS: seconds(verifyMs),
      restoreS: seconds(restoreMs),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// --- report -----------------------------------------------------------------------------------

function print(results: Figures[]): void {
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  const rowsOf: [string, (f: Figures) => string, string][] = [
    ['entries / activity rows', (f) => `${f.entries} / ${f.auditRows}`, ''],
    ['seed', (f) => `${f.seedS} s`, ''],
    ['backup file', (f) => `${f.fileMb} MB`, ''],
    ['backup (npm run backup)', (f) => `${f.backupS} s`, `<= ${BACKUP_BUDGET_S} s`],
    ['read back and checked', (f) => `${f.verifyS} s`, ''],
    ['restore into an empty database', (f) => `${f.restoreS} s`, `<= ${RESTORE_BUDGET_S} s`],
    [
      'server backup (Back up now, with check)',
      (f) => (!f.server ? '-' : `${f.server.backupS} s`),
      '',
    ],
    [
      'server backup with no other load',
      (f) => (!f.server ? '-' : `${f.server.quietBackupS} s`),
      '',
    ],
    [
      'server RSS before -> peak, that backup',
      (f) =>
        !f.server
          ? '-'
          : `${f.server.quietRssBeforeMb} -> ${f.server.quietRssPeakMb} MB (+${Math.round((f.server.quietRssPeakMb - f.server.quietRssBeforeMb) * 10) / 10})`,
      `<= +${MEMORY_BUDGET_MB} MB`,
    ],
    [
      'server RSS before -> peak, under load',
      (f) =>
        !f.server
          ? '-'
          : `${f.server.rssBeforeMb} -> ${f.server.rssPeakMb} MB (+${Math.round((f.server.rssPeakMb - f.server.rssBeforeMb) * 10) / 10})`,
      '',
    ],
    [
      'server RSS rise under the load alone',
      (f) => (!f.server ? '-' : `+${f.server.loadAloneRiseMb} MB in ${BASELINE_SECONDS} s`),
      '',
    ],
    [
      'dashboard p95 without a backup',
      (f) => (!f.server ? '-' : `${f.server.p95WithoutMs} ms (${f.server.callsWithout} calls)`),
      '',
    ],
    [
      'dashboard p95 during the backup',
      (f) => (!f.server ? '-' : `${f.server.p95DuringMs} ms (${f.server.callsDuring} calls)`),
      `<= ${DASHBOARD_FACTOR} x without`,
    ],
    ['failed dashboard calls', (f) => (f.server ? String(f.server.failed) : '-'), '0'],
  ];
  console.log(
    `\n${'backup bench'.padEnd(42)}${results.map((f) => pad(f.label, 28)).join('')}  budget (PostgreSQL)`,
  );
  for (const [name, value, budget] of rowsOf) {
    console.log(`${name.padEnd(42)}${results.map((f) => pad(value(f), 28)).join('')}  ${budget}`);
  }
}

function overBudget(f: Figures): string[] {
  const problems: string[] = [];
  if (f.backupS > BACKUP_BUDGET_S) problems.push(`backup ${f.backupS} s > ${BACKUP_BUDGET_S} s`);
  if (f.restoreS > RESTORE_BUDGET_S)
    problems.push(`restore ${f.restoreS} s > ${RESTORE_BUDGET_S} s`);
  if (!f.server) return [...problems, 'the server phase did not run'];
  const rise = f.server.quietRssPeakMb - f.server.quietRssBeforeMb;
  if (!(rise <= MEMORY_BUDGET_MB))
    problems.push(
      `the server's RSS rose ${Math.round(rise)} MB during a backup > ${MEMORY_BUDGET_MB} MB`,
    );
  if (!(f.server.p95DuringMs <= DASHBOARD_FACTOR * f.server.p95WithoutMs))
    problems.push(
      `dashboard p95 ${f.server.p95DuringMs} ms during the backup > ${DASHBOARD_FACTOR} x ${f.server.p95WithoutMs} ms`,
    );
  if (f.server.failed) problems.push(`${f.server.failed} dashboard calls failed`);
  return problems;
}

/** This script on a throw-away PostgreSQL: its exit code and figures. */
const postgresInChild = () =>
  figuresFromThrowAwayPostgres<Figures>(fileURLToPath(import.meta.url), 'backup');

async function main(): Promise<number> {
  const url = process.env.TEST_DATABASE_URL;
  const resultAt = process.argv.indexOf('--result');
  if (url) {
    // Under scripts/with-postgres.sh (or a given empty database): PostgreSQL only.
    const figures = await benchPostgres(url);
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
  if (!process.argv.includes('--postgres-only')) results.push(await benchPglite());
  print(results);
  const postgres = results.find((f) => f.label === 'PostgreSQL');
  const problems = postgres ? overBudget(postgres) : [];
  for (const problem of problems) console.error(`PostgreSQL: ${problem}`);
  return problems.length ? 1 : code;
}

main().then(
  (code) => {
    client.close();
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
