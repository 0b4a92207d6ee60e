// npm run bench:receipts: the receipt budgets of issue 21 (docs/decisions/015-receipts.md).
//
// Seeds a new database with BENCH_ENTRIES expenses (default 1,000,000) over two years, of which
// BENCH_RECEIPTS (default 100,000) have a receipt, by bulk load (the roll-up trigger off,
// rebuild_entry_rollups() once, VACUUM ANALYZE). Then starts the built server
// (api/dist/server.js; the npm script builds it first) as a child process on a loopback port, so
// that the memory read from /proc is the server's alone, and measures over HTTP:
//
//   1. one BENCH_FILE_MB (10) MB upload (after a small one to warm up): budget 1 s;
//   2. BENCH_UPLOADS (20) simultaneous uploads of that size: the server's RSS rise from before to
//      its peak (read every 20 ms), budget +150 MB, and the calls not answered 201, budget 0;
//   3. the p95 of BENCH_CALLS (50) calls each (after 3 not counted) of the Journal's first page,
//      its With receipt and Without receipt filters and their totals: budget 50 ms.
//
// Then, with the server stopped, the receipt tables' size against the files stored (the growth
// per thousand receipts of the decision).
//
// PostgreSQL is a throw-away cluster on 127.0.0.1 (scripts/with-postgres.sh: this script runs
// itself again under it); with TEST_DATABASE_URL set, only that database (empty, on this
// machine). PGlite is printed beside, at BENCH_PGLITE_ENTRIES (default the smaller of
// BENCH_ENTRIES and 100,000: seeding the embedded database is several times slower) with
// receipts in the same proportion. Budgets are PostgreSQL's: the exit code is 1 when one is
// missed (or PostgreSQL could not run). `--pglite-only` and `--postgres-only` run one side.
//
// A quick check: BENCH_ENTRIES=2000 BENCH_RECEIPTS=200 BENCH_UPLOADS=4 BENCH_FILE_MB=1
// BENCH_CALLS=10 npm run bench:receipts
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/index.js';
import { OWASP_ARGON2ID } from '../src/config.js';
import { hashPassword } from '../src/lib/password.js';
import { figuresFromThrowAwayPostgres } from './throw-away-postgres.js';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const ENTRIES = int(process.env.BENCH_ENTRIES, 1_000_000);
const RECEIPTS = Math.min(ENTRIES, int(process.env.BENCH_RECEIPTS, 100_000));
const PGLITE_ENTRIES = int(process.env.BENCH_PGLITE_ENTRIES, Math.min(ENTRIES, 100_000));
const PARALLEL = int(process.env.BENCH_UPLOADS, 20);
const CALLS = int(process.env.BENCH_CALLS, 50);
const FILE_MB = int(process.env.BENCH_FILE_MB, 10);

const UPLOAD_BUDGET_MS = 1000;
const MEMORY_BUDGET_MB = 150;
const P95_BUDGET_MS = 50;
const HOST = '127.0.0.1';
const ADMIN = { email: 'bench-admin@bench.example', password: 'bench-admin-password' };
const JOURNAL_URLS = [
  '/api/journal',
  '/api/journal?receipt=with',
  '/api/journal?receipt=without',
  '/api/journal/totals?receipt=without',
];

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const log = (text: string) => console.error(`[bench:receipts] ${text}`);
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

interface Figures {
  label: string;
  entries: number;
  receipts: number;
  seedS: number;
  oneUploadMs: number;
  oneUploadStatus: number;
  parallelS: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  errors: number;
  /** The p95 of each of JOURNAL_URLS, in their order. */
  p95Ms: number[];
  storedFiles: number;
  storedMb: number;
  tablesMb: number;
}

// --- seeding ----------------------------------------------------------------------------------

/** Seeds the database; answers the ids of entries with no receipt, for the uploads. */
async function seed(database: DatabaseHandle, entries: number, receipts: number) {
  const db = database.db;
  const { rows } = await sql<{ n: number }>`
    SELECT ((SELECT count(*) FROM entries) + (SELECT count(*) FROM users))::int AS n`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) throw new Error('the bench needs an empty database');
  const hash = await hashPassword(ADMIN.password, OWASP_ARGON2ID);
  await sql`INSERT INTO users (name, email, password_hash, role)
            VALUES ('Bench Admin', ${ADMIN.email}, ${hash}, 'admin')`.execute(db);
  await sql`INSERT INTO expense_types (expancetype, name_key) VALUES ('Bench', 'bench')`.execute(
    db,
  );
  await sql`ALTER TABLE entries DISABLE TRIGGER entries_rollup_trg`.execute(db);
  await sql`
    INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit, description,
                         entry_date)
    SELECT 'expense', (SELECT min(id) FROM expense_types), 'Bench', 10 + (i % 500), 'Credit',
           'bench ' || i, current_date - (i % 730)
    FROM generate_series(1, ${entries}::int) AS i`.execute(db);
  await sql`SELECT rebuild_entry_rollups()`.execute(db);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_rollup_trg`.execute(db);
  // One small stored PDF, linked to `receipts` entries picked at random.
  const blob = await sql<{ id: number }>`
    INSERT INTO receipt_blobs (sha256, media_type, bytes)
    VALUES (sha256('bench'::bytea), 'application/pdf', 1) RETURNING id`.execute(db);
  const blobId = (blob.rows[0] as { id: number }).id;
  await sql`INSERT INTO receipt_chunks (blob_id, seq, data)
            VALUES (${blobId}, 0, '\\x00'::bytea)`.execute(db);
  await sql`INSERT INTO receipts (entry_id, blob_id, file_name)
            SELECT id, ${blobId}, 'bench.pdf' FROM entries ORDER BY random()
            LIMIT ${receipts}::int`.execute(db);
  // A server started now would back up at once: the last good backup is "now".
  await sql`INSERT INTO backup_runs (started_at, status, trigger, taken_by)
            VALUES (now(), 'ok', 'schedule', 'bench')`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  const targets = await sql<{ id: number }>`
    SELECT e.id FROM entries e
    WHERE NOT EXISTS (SELECT 1 FROM receipts r WHERE r.entry_id = e.id)
    ORDER BY e.id LIMIT ${PARALLEL + 2}::int`.execute(db);
  return targets.rows.map((row) => Number(row.id));
}

/** The receipt tables' size and the files they hold. */
async function sizes(database: DatabaseHandle) {
  const { rows } = await sql<{ tables: string; files: number; bytes: string }>`
    SELECT (pg_total_relation_size('receipt_chunks') + pg_total_relation_size('receipt_blobs')
            + pg_total_relation_size('receipts'))::text AS tables,
           (SELECT count(*)::int FROM receipt_blobs) AS files,
           (SELECT coalesce(sum(bytes), 0)::text FROM receipt_blobs) AS bytes`.execute(database.db);
  const row = rows[0] as { tables: string; files: number; bytes: string };
  return {
    storedFiles: row.files,
    storedMb: mb(Number(row.bytes)),
    tablesMb: mb(Number(row.tables)),
  };
}

// --- HTTP -------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function call(
  port: number,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; ms: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      { host: HOST, port, method, path: url, headers, agent, timeout: 600_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // the status tells
          }
          resolve({
            status: response.statusCode ?? 0,
            body: parsed,
            ms: performance.now() - started,
          });
        });
      },
    );
    request.on('error', () => resolve({ status: 0, body: null, ms: performance.now() - started }));
    request.end(payload);
  });
}

const BOUNDARY = '----bench-receipts';
// Random bytes: a PDF's streams are compressed already, so the database cannot shrink them.
const shared = randomBytes(FILE_MB * 1024 * 1024 - 200);

/** A distinct PDF (its first line differs), sent as three pieces around the one shared buffer. */
function upload(
  port: number,
  token: string,
  entryId: number,
  n: number,
  body: Buffer = shared,
): Promise<{ status: number; ms: number }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="receipt"; filename="r${n}.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n% ${n} ${Math.random()}\n`,
  );
  const tail = Buffer.from(`\n%%EOF\n\r\n--${BOUNDARY}--\r\n`);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: HOST,
        port,
        method: 'POST',
        path: `/api/journal/${entryId}/receipts`,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': head.length + body.length + tail.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.write(head);
    request.write(body);
    request.end(tail);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
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

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The process's resident memory, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN)
    : NaN;
};

/** What the running server is measured for. */
type ServerFigures = Pick<
  Figures,
  'oneUploadMs' | 'oneUploadStatus' | 'parallelS' | 'rssBeforeMb' | 'rssPeakMb' | 'errors' | 'p95Ms'
>;

/** The uploads and the Journal's calls against the built server, in its own process. */
async function measure(env: NodeJS.ProcessEnv, targets: number[]): Promise<ServerFigures> {
  if (targets.length < PARALLEL + 2) throw new Error('too few entries without a receipt');
  const { child, port } = await startServer(env);
  try {
    const login = await call(port, 'POST', '/api/users/login', undefined, ADMIN);
    const token = (login.body as { token?: string } | null)?.token;
    if (!token) throw new Error(`the admin could not sign in: HTTP ${login.status}`);
    const [warm, first, ...rest] = targets as [number, number, ...number[]];
    await upload(port, token, warm, -1, randomBytes(1024));
    const one = await upload(port, token, first, 0);

    const rssBefore = rssOf(child.pid!);
    let peak = rssBefore;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssOf(child.pid!));
      } catch {
        // exited
      }
    }, 20);
    const started = performance.now();
    const results = await Promise.all(
      rest.slice(0, PARALLEL).map((id, i) => upload(port, token, id, i + 1)),
    );
    const parallelMs = performance.now() - started;
    clearInterval(sampler);

    const p95Ms: number[] = [];
    for (const url of JOURNAL_URLS) {
      // A few calls first, not counted: the first ones plan the queries and warm the code.
      for (let i = 0; i < 3; i += 1) await call(port, 'GET', url, token);
      const times: number[] = [];
      for (let i = 0; i < CALLS; i += 1) {
        const answer = await call(port, 'GET', url, token);
        if (answer.status !== 200) throw new Error(`${url}: HTTP ${answer.status}`);
        times.push(answer.ms);
      }
      p95Ms.push(Math.round(percentile(times, 95) * 10) / 10);
    }
    return {
      oneUploadMs: Math.round(one.ms),
      oneUploadStatus: one.status,
      parallelS: Math.round(parallelMs / 100) / 10,
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(peak),
      errors: results.filter((result) => result.status !== 201).length,
      p95Ms,
    };
  } finally {
    await stopServer(child);
  }
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function benchPostgres(url: string): Promise<Figures> {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`the receipts bench runs only against a database on this machine, not ${host}`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'bench-receipts-'));
  const open = () => openDatabase({ databaseUrl: url, dataDir: '', timeZone: 'UTC' });
  try {
    log(
      `PostgreSQL: seeding ${ENTRIES.toLocaleString('en')} entries, ${RECEIPTS.toLocaleString('en')} receipts`,
    );
    const source = await open();
    const [targets, seedMs] = await timed(() => seed(source, ENTRIES, RECEIPTS));
    await source.close();
    log('PostgreSQL: the server takes the uploads and the Journal calls');
    const server = await measure(
      {
        DATABASE_URL: url,
        DATA_DIR: path.join(work, 'unused'),
        BACKUP_DIR: path.join(work, 'backups'),
      },
      targets,
    );
    const after = await open();
    const stored = await sizes(after);
    await after.close();
    return {
      label: 'PostgreSQL',
      entries: ENTRIES,
      receipts: RECEIPTS,
      seedS: Math.round(seedMs / 100) / 10,
      ...server,
      ...stored,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function benchPglite(): Promise<Figures> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-receipts-'));
  const receipts = Math.round((PGLITE_ENTRIES * RECEIPTS) / ENTRIES);
  const dataDir = path.join(work, 'data');
  const open = () => openDatabase({ dataDir, timeZone: 'UTC' });
  try {
    log(
      `PGlite: seeding ${PGLITE_ENTRIES.toLocaleString('en')} entries, ${receipts.toLocaleString('en')} receipts`,
    );
    const source = await open();
    const [targets, seedMs] = await timed(() => seed(source, PGLITE_ENTRIES, receipts));
    // The server opens the data directory itself: nothing else may hold it.
    await source.close();
    log('PGlite: the server takes the uploads and the Journal calls');
    const server = await measure(
      { DATABASE_URL: '', DATA_DIR: dataDir, BACKUP_DIR: path.join(work, 'backups') },
      targets,
    );
    const after = await open();
    const stored = await sizes(after);
    await after.close();
    return {
      label: 'PGlite',
      entries: PGLITE_ENTRIES,
      receipts,
      seedS: Math.round(seedMs / 100) / 10,
      ...server,
      ...stored,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// --- report -----------------------------------------------------------------------------------

function print(results: Figures[]): void {
  const pad = (text: string | number, width: number) => String(text).padStart(width);
  const rowsOf: [string, (f: Figures) => string, string][] = [
    ['entries / receipts', (f) => `${f.entries} / ${f.receipts}`, ''],
    ['seed', (f) => `${f.seedS} s`, ''],
    [
      `one ${FILE_MB} MB upload`,
      (f) => `${f.oneUploadMs} ms (HTTP ${f.oneUploadStatus})`,
      `<= ${UPLOAD_BUDGET_MS} ms`,
    ],
    [`${PARALLEL} simultaneous ${FILE_MB} MB uploads`, (f) => `${f.parallelS} s`, ''],
    [
      'server RSS before -> peak, those uploads',
      (f) =>
        `${f.rssBeforeMb} -> ${f.rssPeakMb} MB (+${Math.round((f.rssPeakMb - f.rssBeforeMb) * 10) / 10})`,
      `<= +${MEMORY_BUDGET_MB} MB`,
    ],
    ['failed uploads', (f) => String(f.errors), '0'],
    ...JOURNAL_URLS.map((url, i): [string, (f: Figures) => string, string] => [
      `p95 ${url.replace('/api', '')}`,
      (f) => `${f.p95Ms[i]} ms`,
      `<= ${P95_BUDGET_MS} ms`,
    ]),
    [
      'receipt tables / files stored',
      (f) => `${f.tablesMb} MB / ${f.storedFiles} files, ${f.storedMb} MB`,
      '',
    ],
  ];
  console.log(
    `\n${'receipts bench'.padEnd(42)}${results.map((f) => pad(f.label, 34)).join('')}  budget (PostgreSQL)`,
  );
  for (const [name, value, budget] of rowsOf) {
    console.log(`${name.padEnd(42)}${results.map((f) => pad(value(f), 34)).join('')}  ${budget}`);
  }
}

function overBudget(f: Figures): string[] {
  const problems: string[] = [];
  if (f.oneUploadStatus !== 201)
    problems.push(`the ${FILE_MB} MB upload answered HTTP ${f.oneUploadStatus}`);
  if (!(f.oneUploadMs <= UPLOAD_BUDGET_MS))
    problems.push(`one ${FILE_MB} MB upload took ${f.oneUploadMs} ms > ${UPLOAD_BUDGET_MS} ms`);
  const rise = f.rssPeakMb - f.rssBeforeMb;
  if (!(rise <= MEMORY_BUDGET_MB))
    problems.push(
      `the server's RSS rose ${Math.round(rise)} MB during ${PARALLEL} uploads > ${MEMORY_BUDGET_MB} MB`,
    );
  if (f.errors) problems.push(`${f.errors} of ${PARALLEL} simultaneous uploads failed`);
  JOURNAL_URLS.forEach((url, i) => {
    const p95 = f.p95Ms[i] ?? NaN;
    if (!(p95 <= P95_BUDGET_MS)) problems.push(`${url}: p95 ${p95} ms > ${P95_BUDGET_MS} ms`);
  });
  return problems;
}

/** This script on a throw-away PostgreSQL: its exit code and figures. */
const postgresInChild = () =>
  figuresFromThrowAwayPostgres<Figures>(fileURLToPath(import.meta.url), 'receipts');

async function main(): Promise<number> {
  const url = process.env.TEST_DATABASE_URL;
  const resultAt = process.argv.indexOf('--result');
  if (url) {
    // Under scripts/with-postgres.sh (or a given empty database): PostgreSQL only.
    const figures = await benchPostgres(url);
    if (resultAt > 0) {
      // The parent prints and judges the figures.
      writeFileSync(process.argv[resultAt + 1]!, JSON.stringify(figures));
      return 0;
    }
    print([figures]);
    const problems = overBudget(figures);
    for (const problem of problems) console.error(`PostgreSQL: ${problem}`);
    return problems.length ? 1 : 0;
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
    agent.destroy();
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
