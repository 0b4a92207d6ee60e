// npm run bench:import: a CSV of BENCH_IMPORT_ROWS (default 100,000) income rows against 200
// clients, previewed and then imported through the API's own code (buildApp and inject, with a
// real multipart body), on PostgreSQL (a throw-away cluster on 127.0.0.1, as bench:backup uses;
// with TEST_DATABASE_URL set, that empty database) with PGlite's figures printed beside.
//
// Budgets (PostgreSQL; exit code 1 beyond them): preview <= BENCH_PREVIEW_BUDGET_S (10 s),
// import <= BENCH_IMPORT_BUDGET_S (30 s), the process's RSS rise over the two <=
// BENCH_IMPORT_MEMORY_MB (200 MB; read from process.memoryUsage every 50 ms, from a heap just
// collected: npm runs this with --expose-gc). `--pglite-only`
// and `--postgres-only` run one side. Run it small to check it works:
// `BENCH_IMPORT_ROWS=2000 npm run bench:import -- --pglite-only`.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { configFromEnv } from '../src/config.js';
import { openDatabase } from '../src/db/index.js';
import { addDays, todayIn } from '../src/lib/dates.js';
import { figuresFromThrowAwayPostgres } from './throw-away-postgres.js';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const ROWS = int(process.env.BENCH_IMPORT_ROWS, 100_000);
const PREVIEW_BUDGET_S = int(process.env.BENCH_PREVIEW_BUDGET_S, 10);
const IMPORT_BUDGET_S = int(process.env.BENCH_IMPORT_BUDGET_S, 30);
const MEMORY_BUDGET_MB = int(process.env.BENCH_IMPORT_MEMORY_MB, 200);
const CLIENTS = 200;
const ADMIN = { email: 'bench-admin@bench.example', password: 'bench-admin-password-1' };
const BOUNDARY = '----bench-import';
const log = (text: string) => console.error(`[bench:import] ${text}`);
const seconds = (ms: number) => Math.round(ms / 100) / 10;
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

interface Figures {
  label: string;
  rows: number;
  fileMb: number;
  previewS: number;
  importS: number;
  rssRiseMb: number;
}

/** The file: semicolons, DD/MM/YYYY dates, 1.234,50 amounts, a quoted description now and then. */
function csv(): Buffer {
  const today = todayIn('UTC');
  const lines = ['Date;Client;Amount;Description'];
  for (let row = 0; row < ROWS; row += 1) {
    const day = addDays(today, -1 - (row % 700));
    const date = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    const amount = `${(Math.floor(row / 7) % 999) + 1}.${String(row % 1000).padStart(3, '0')},${String(row % 100).padStart(2, '0')}`;
    const description = row % 10 === 0 ? `"row ${row};\nsecond line"` : `row ${row}`;
    lines.push(`${date};Client ${row % CLIENTS};${amount};${description}`);
  }
  return Buffer.from(lines.join('\n'));
}

function body(file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="options"\r\n\r\n{"kind":"income"}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function bench(label: string, databaseUrl: string | undefined): Promise<Figures> {
  const config = {
    ...configFromEnv({ TZ: 'UTC' }),
    databaseUrl,
    dataDir: 'memory://',
    timeZone: 'UTC',
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    argon2: { memoryKib: 1024, iterations: 1, parallelism: 1 },
  };
  const database = await openDatabase(config);
  const app = await buildApp(config, { database, logger: false, scheduleBackups: false });
  await sql`INSERT INTO clients (name, email, company_name)
            SELECT 'Client ' || n, 'c' || n || '@bench.example', 'Company ' || n
            FROM generate_series(0, ${CLIENTS - 1}) AS n`.execute(database.db);
  const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN });
  const token = (login.json() as { token: string }).token;
  const file = csv();
  const payload = body(file);
  const send = (url: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload,
    });

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  let started = performance.now();
  const preview = await send('/api/imports/preview');
  const previewMs = performance.now() - started;
  if (preview.statusCode !== 200) throw new Error(`preview: ${preview.statusCode} ${preview.body}`);
  log(
    `${label}: preview ${seconds(previewMs)} s: ${(preview.json() as { summary: string }).summary}`,
  );
  started = performance.now();
  const done = await send('/api/imports');
  const importMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (done.statusCode !== 201) throw new Error(`import: ${done.statusCode} ${done.body}`);
  log(`${label}: import ${seconds(importMs)} s`);
  await app.close();
  await database.close();
  return {
    label,
    rows: ROWS,
    fileMb: mb(file.length),
    previewS: seconds(previewMs),
    importS: seconds(importMs),
    rssRiseMb: mb(peak - before),
  };
}

function overBudget(f: Figures): string[] {
  const problems: string[] = [];
  if (f.previewS > PREVIEW_BUDGET_S)
    problems.push(`preview ${f.previewS} s > ${PREVIEW_BUDGET_S} s`);
  if (f.importS > IMPORT_BUDGET_S) problems.push(`import ${f.importS} s > ${IMPORT_BUDGET_S} s`);
  if (f.rssRiseMb > MEMORY_BUDGET_MB)
    problems.push(`RSS rise ${f.rssRiseMb} MB > ${MEMORY_BUDGET_MB} MB`);
  return problems;
}

const print = (results: Figures[]) => {
  console.log('database    rows      file MB  preview s  import s  RSS rise MB');
  for (const f of results)
    console.log(
      `${f.label.padEnd(11)} ${String(f.rows).padEnd(9)} ${String(f.fileMb).padEnd(8)} ` +
        `${String(f.previewS).padEnd(10)} ${String(f.importS).padEnd(9)} ${f.rssRiseMb}`,
    );
};

/** This script on a throw-away PostgreSQL: its exit code and figures. */
const postgresInChild = () =>
  figuresFromThrowAwayPostgres<Figures>(fileURLToPath(import.meta.url), 'import');

async function main(): Promise<number> {
  const url = process.env.TEST_DATABASE_URL;
  const resultAt = process.argv.indexOf('--result');
  if (url) {
    const figures = await bench('PostgreSQL', url);
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
  if (!process.argv.includes('--postgres-only')) results.push(await bench('PGlite', undefined));
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
