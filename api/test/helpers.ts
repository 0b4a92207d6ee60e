// Test support: one embedded database per test file (a PGlite start costs seconds), emptied
// between tests; an app built on it; a signed-in admin, staff user or viewer for requests; and
// the walk over the contract's route table with a request each route's schemas accept.
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import { endpointPath, endpoints, queryString, type Endpoint } from 'contract';
import { buildApp, type App, type BuildOptions } from '../src/app.js';
import { configFromEnv, type AppConfig } from '../src/config.js';
import { migrationTx, openDatabase, type DatabaseHandle } from '../src/db/index.js';
import { migrate } from '../src/db/migrate.js';
import { stopImports } from '../src/bank/import-batches.js';
import { keyUnkeyedExpenseTypes } from '../src/repositories/expense-types.js';
import { ensureFirstAdmin } from '../src/repositories/users.js';
import { checkAnswersAgainstContract } from './contract-answers.js';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };
export const STAFF = { email: 'staff@test.local', password: 'staff-password-1' };
export const VIEWER = { email: 'viewer@test.local', password: 'viewer-password-1' };

/** Real PostgreSQL when TEST_DATABASE_URL is set (npm run test:postgres), else PGlite in memory. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = configFromEnv({ TZ: 'UTC' });
  return {
    ...base,
    // Images decoded and PDFs drawn at normal priority: the suites run beside other test
    // processes that keep every core busy, and threads at the lowest priority then waited
    // minutes for a turn (one 10,000-row PDF at the lowest priority took over 200 s in CI). The
    // files about holding other requests up (event-loop-guard, export-load) measure the loop's
    // hold in its own thread's CPU time, which the workers' priority does not change.
    files: { ...base.files, workNice: 0 },
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    dataDir: 'memory://',
    timeZone: 'UTC',
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    // Cheap hashing keeps the suite fast; production uses OWASP_ARGON2ID.
    argon2: { memoryKib: 1024, iterations: 1, parallelism: 1 },
    login: { perIpPerMinute: 1000, perEmailFailures: 1000, perEmailWindowMinutes: 15 },
    ...overrides,
  };
}

/**
 * For tests whose subject is the embedded database the suite itself runs on (its vacuum, the
 * turns its queries give the event loop): skipped when the suite runs on PostgreSQL
 * (TEST_DATABASE_URL). Their files run on PGlite under CI (embeddedFiles in scripts/test.mjs).
 * Tests that open an embedded database of their own (a data directory, memory://, a child
 * process) are ordinary tests: they run once, wherever their file runs.
 */
export const embeddedTest = process.env.TEST_DATABASE_URL ? test.skip : test;

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  config: AppConfig;
}

const TABLES =
  'audit_log, entries, entry_daily, entry_monthly, entry_rollup_queue, sessions, users, employees, clients, expense_types, rate_counters, two_step, two_step_recovery_codes, two_step_challenges, entry_batches, receipts, receipt_chunks, receipt_blobs, import_mappings, company, receipted_entries, receipted_monthly, account_daily, accounts, account_transfers, statement_imports, statement_lines, statement_line_imports, statement_matches, bank_rules, ledger_accounts, ledger_lines, ledger_rollup_queue, ledger_daily, ledger_monthly, vouchers';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.join(here, '..', 'src', 'db', 'migrations');
const snapshotDir = path.join(here, '..', '..', 'node_modules', '.cache', 'api-tests');

/** PGlite's package.json, for its version. */
function pglitePackageJson(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (path.basename(dir) !== 'pglite') dir = path.dirname(dir);
  return path.join(dir, 'package.json');
}

/**
 * A data directory archive kept on disk under `name` plus the hash of PGlite's version and of
 * `inputs`, made by `make` the first time a test file asks for it. Written beside, then renamed:
 * a file running at the same time reads a whole archive or none.
 */
async function keptArchive(
  name: string,
  inputs: Buffer[],
  make: () => Promise<Blob>,
): Promise<Blob> {
  const hash = createHash('sha256').update(await readFile(pglitePackageJson()));
  for (const input of inputs) hash.update(input);
  const file = path.join(snapshotDir, `${name}-${hash.digest('hex').slice(0, 16)}.tar`);
  const kept = await readFile(file).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const archive = await make();
  await mkdir(snapshotDir, { recursive: true });
  const partial = `${file}.${process.pid}-${threadId}`;
  await writeFile(partial, Buffer.from(await archive.arrayBuffer()));
  await rename(partial, file);
  return archive;
}

/**
 * An embedded database just migrated, as PGlite's data directory archive (migrating costs a file
 * one to two seconds; loading this, a few tenths), kept under the hash of the migration files and
 * of PGlite's version: a changed migration makes a new one.
 */
export async function migratedSnapshot(): Promise<Blob> {
  const inputs: Buffer[] = [];
  for (const file of (await readdir(migrationsDir)).sort())
    inputs.push(Buffer.from(file), await readFile(path.join(migrationsDir, file)));
  return keptArchive('migrated', inputs, async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const pglite = new PGlite('memory://', { extensions: { pg_trgm } });
    await migrate((work) =>
      pglite.transaction((tx) =>
        work(
          migrationTx({
            exec: async (text) => void (await tx.exec(text)),
            query: async <R>(text: string, params?: unknown[]) =>
              (await tx.query<R>(text, params)).rows,
          }),
        ),
      ),
    );
    const archive = await pglite.dumpDataDir('none');
    await pglite.close();
    return archive;
  });
}

/**
 * A new embedded database as PGlite's initdb leaves it, as a data directory archive, for every new
 * in-memory database and data directory (an initdb costs some 5 s of processor time; this, half).
 */
export async function blankSnapshot(): Promise<Blob> {
  return keptArchive('blank', [], async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite('memory://');
    await pglite.waitReady;
    const archive = await pglite.dumpDataDir('none');
    await pglite.close();
    return archive;
  });
}

/**
 * One statement that empties the tables as `TRUNCATE <TABLES> RESTART IDENTITY CASCADE` would (the
 * tables that refer to them too, sequences restarted, no triggers fired), by deleting: a TRUNCATE
 * gives every table and index new files, about 40 ms of PostgreSQL's before each test. Each
 * sequence goes back to its start by `setval(seq, start, false)`, as RESTART leaves it: ALTER
 * SEQUENCE is a catalogue change, and the 20-odd of them cost PostgreSQL 25 ms per emptying
 * against 8 ms this way, PGlite 45 ms against 21 (50 emptyings timed in one file, either engine).
 */
async function emptyingStatement(database: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ tables: string[]; sequences: string[] }>`
    WITH RECURSIVE reached(rel) AS (
      SELECT unnest(${TABLES.split(', ')}::text[])::regclass
      UNION
      SELECT c.conrelid FROM pg_constraint c JOIN reached ON c.confrelid = reached.rel
      WHERE c.contype = 'f'
    )
    SELECT
      array(SELECT rel::text FROM reached) AS tables,
      array(
        SELECT DISTINCT format('%L, %s', d.objid::regclass::text, q.seqstart)
        FROM pg_depend d JOIN reached ON d.refobjid = reached.rel
        JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
        JOIN pg_sequence q ON q.seqrelid = d.objid
        WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
      ) AS sequences`.execute(database.db);
  const { tables = [], sequences = [] } = rows[0] ?? {};
  return `DO $$ BEGIN
    SET LOCAL session_replication_role = replica;
    ${tables.map((table) => `DELETE FROM ${table};`).join(' ')}
    ${sequences.map((sequence) => `PERFORM setval(${sequence}, false);`).join(' ')}
  END $$`;
}

/** Opens the database once; call in beforeAll, then `reset` in beforeEach and `close` in afterAll. */
export async function setupDatabase(overrides: Partial<AppConfig> = {}) {
  const config = testConfig(overrides);
  const database = await openDatabase(
    !config.databaseUrl && config.dataDir === 'memory://'
      ? { ...config, loadDataDir: await migratedSnapshot() }
      : config,
  );
  const ctx = { config, database } as TestContext;
  let emptying: Promise<string> | undefined;
  let built: { app: App; build: object } | undefined;
  const empty = async () => {
    emptying ??= emptyingStatement(database);
    await sql.raw(await emptying).execute(database.db);
    // The one-row settings tables as a fresh database has them: written, not only updated, for a
    // file before this one on the same database may have left them empty (a restore's target is
    // emptied of every table, backup-support's `emptied`).
    await sql`INSERT INTO books (id) VALUES (true)
              ON CONFLICT (id) DO UPDATE SET closed_through = NULL`.execute(database.db);
    // The chart a fresh database starts with (migration 037); Cash's account comes with Cash.
    await sql`SELECT ledger_seed_chart()`.execute(database.db);
    // The one account a fresh database has (migration 026).
    await sql`INSERT INTO accounts (id, name, kind, opening_balance, opening_date, is_default)
              VALUES (1, 'Cash', 'Cash', 0, DATE '1900-01-01', true)`.execute(database.db);
    await sql`SELECT setval(pg_get_serial_sequence('accounts', 'id'), 1)`.execute(database.db);
    await sql`INSERT INTO bank_settings (id) VALUES (true)
              ON CONFLICT (id) DO UPDATE SET suggestion_days = 7`.execute(database.db);
    const twoStep = sql`INSERT INTO security_settings (id) VALUES (true)
              ON CONFLICT (id) DO UPDATE SET require_two_step_for_admins = false`;
    await twoStep.execute(database.db);
  };
  return {
    ctx,
    /** Empties every table and builds a fresh app (which creates the first admin again). */
    async reset(build: Omit<BuildOptions, 'database'> = {}): Promise<TestContext> {
      if (ctx.app) await ctx.app.close();
      await empty();
      // The server's own posting of repeating entries and folding of the roll-up queue stay off:
      // a test does them by hand (postDueAutomatically, foldRollups), nothing behind its back.
      ctx.app = await buildApp(config, {
        database,
        logger: false,
        autoPostRecurring: false,
        foldRollups: false,
        statisticsSchedule: false,
        ...build,
      });
      checkAnswersAgainstContract(ctx.app);
      built = { app: ctx.app, build };
      return ctx;
    },
    /**
     * As `reset`, but the app the last reset built with the same `build` stays (else a reset):
     * building one costs some 0.1 s of processor time. For tests of requests and rows, not of a
     * new app. As on close, imports under way stop first; the first admin is made as buildApp does.
     */
    async resetKeepingApp(build: Omit<BuildOptions, 'database'> = {}): Promise<TestContext> {
      const same = (a: object, b: object) =>
        Object.keys({ ...a, ...b }).every((key) => a[key as never] === b[key as never]);
      if (!built || built.app !== ctx.app || !same(built.build, build)) return this.reset(build);
      await stopImports(database.db);
      await empty();
      await ensureFirstAdmin(database.db, config, ctx.app.log);
      await keyUnkeyedExpenseTypes(database.db);
      return ctx;
    },
    async close(): Promise<void> {
      if (ctx.app) await ctx.app.close();
      await database.close();
    },
  };
}

export async function login(app: App, who: { email: string; password: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: who });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One request as the holder of `token`, with a JSON answer: its status and body. */
export async function requestAs(
  app: App,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: bearer(token),
  });
  return { status: response.statusCode, body: response.json() };
}

/** Signs in as the first admin and creates and signs in a staff user. */
export async function signInBoth(app: App): Promise<{ admin: string; staff: string }> {
  const admin = await login(app, ADMIN);
  const created = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: bearer(admin),
    payload: { name: 'Staff Member', ...STAFF, role: 'staff' },
  });
  if (created.statusCode !== 201) throw new Error(`register failed: ${created.body}`);
  return { admin, staff: await login(app, STAFF) };
}

/** Creates the viewer Auditor (viewer@test.local) through the admin's call and signs them in. */
export async function signInViewer(app: App, admin: string): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: bearer(admin),
    payload: { name: 'Auditor', ...VIEWER, role: 'viewer' },
  });
  if (created.statusCode !== 201) throw new Error(`register failed: ${created.body}`);
  return login(app, VIEWER);
}

/** Rows of a table, for asserting what was (not) stored. */
export const rows = async <T = Record<string, unknown>>(ctx: TestContext, query: string) =>
  (await sql.raw<T>(query).execute(ctx.database.db)).rows;

/** The statement of `tableContents`, made from the catalog once a file (every test has the same tables). */
let contentsStatement: Promise<string> | undefined;
async function makeContentsStatement(ctx: TestContext): Promise<string> {
  const tables = await rows<{ name: string }>(
    ctx,
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('schema_migrations', 'rate_counters')
     ORDER BY 1`,
  );
  const columns = tables.map(
    ({ name }) =>
      `(SELECT count(*) || ' rows, ' || md5(coalesce(string_agg(x, '|' ORDER BY x), ''))
        FROM (SELECT (to_jsonb(t) - 'last_seen_at')::text AS x FROM ${name} t) s) AS "${name}"`,
  );
  return `SELECT ${columns.join(', ')}`;
}

/**
 * What every table holds, as its row count and a digest of its rows, in one statement: to see
 * that a refused call changed nothing. Sessions are read without their idle clock, and the rate
 * counters are left out (they count requests on purpose, whatever becomes of them).
 */
export async function tableContents(ctx: TestContext): Promise<Record<string, string>> {
  const [row] = await rows<Record<string, string>>(
    ctx,
    await (contentsStatement ??= makeContentsStatement(ctx)),
  );
  return { ...row };
}

/**
 * A new, empty PostgreSQL database beside the suite's (TEST_DATABASE_URL), not migrated, named
 * `<prefix>_<pid>_<thread>_<n>` (the files of one jest-light-runner process run on its threads);
 * its name is added to `databases`, which the caller drops when done. Answers its URL, for a
 * process of a test to open (newPostgresDatabase opens it here).
 */
export async function newPostgresDatabaseUrl(prefix: string, databases: string[]): Promise<string> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `${prefix}_${process.pid}_${threadId}_${databases.length}`;
  const { Client } = (await import('pg')).default;
  const client = new Client({ connectionString: url.href });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  databases.push(name);
  url.pathname = `/${name}`;
  return url.href;
}

/** As newPostgresDatabaseUrl, opened. */
export async function newPostgresDatabase(
  prefix: string,
  databases: string[],
): Promise<DatabaseHandle> {
  const databaseUrl = await newPostgresDatabaseUrl(prefix, databases);
  return openDatabase({ databaseUrl, dataDir: '', timeZone: 'UTC', migrate: false });
}

/** Drops the databases `newPostgresDatabase` made beside the suite's (closed first). */
export async function dropPostgresDatabases(names: string[]): Promise<void> {
  if (!names.length) return;
  const { Client } = (await import('pg')).default;
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const name of names.splice(0)) await client.query(`DROP DATABASE IF EXISTS ${name}`);
  } finally {
    await client.end();
  }
}

/** Signs in as the first admin, a staff user and a read-only user (viewer). */
export async function signInAll(
  app: App,
): Promise<{ admin: string; staff: string; viewer: string }> {
  const { admin, staff } = await signInBoth(app);
  return { admin, staff, viewer: await signInViewer(app, admin) };
}

/** A multipart/form-data body as the import screens send it: `options` (JSON), then `file`. */
export function uploadBody(
  boundary: string,
  fileName: string,
  bytes: Buffer,
  options: object,
): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${JSON.stringify(options)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** The contract's route table, each route with its name: the walks over every route. */
export const routeTable = Object.entries(endpoints) as Array<[string, Endpoint]>;

/** A route as a walk's test names it, then the route (for `it.each`). */
export const routeLabel = ([name, endpoint]: [string, Endpoint]) =>
  [`${endpoint.method} ${endpoint.path} (${name})`, endpoint] as const;

/**
 * A request the endpoint's own schemas accept, as the holder of `token`: every required field
 * with a plausible value. The value maker is loaded here, when a walk first asks: it names formats
 * in TypeBox's registry, which the files that walk no routes are not to see.
 */
export async function requestFor(endpoint: Endpoint, token: string): Promise<InjectOptions> {
  const { validValue } = await import('./hostile-requests.js');
  type Schema = Parameters<typeof validValue>[0];
  const schema = (part: Endpoint['params']) => part as unknown as Schema;
  const params = endpoint.params
    ? (validValue(schema(endpoint.params), 'params') as Record<string, string | number>)
    : undefined;
  const query = endpoint.query
    ? (validValue(schema(endpoint.query), 'query') as Record<string, string | number>)
    : undefined;
  const body = endpoint.body ? (validValue(schema(endpoint.body), 'body') as object) : undefined;
  return {
    method: endpoint.method,
    url: `/api${endpointPath(endpoint, params)}${queryString(query)}`,
    headers: bearer(token),
    ...(body ? { payload: body } : {}),
  };
}
