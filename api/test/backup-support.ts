// Test support for the backup files (backup.test.ts, backup-commands.test.ts, and databases
// for backup-signature.test.ts and data directories for backup-schedule.test.ts): the tables a
// backup carries, a database's rows as text to compare round trips by, the figures a person
// reads, new embedded databases and data directories (and databases made new or empty again, to
// be reused), and the source both files back up (a few entries chosen to be awkward: the
// largest amount, a cent, quotes, line breaks, non-ASCII text, a reversal, closed books).
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { backupSigningKey, carriedTables } from '../src/backup/index.js';
import { quoteIdent } from '../src/backup/tables.js';
import {
  migrationRunner,
  openDatabase,
  type DatabaseHandle,
  type RawTransaction,
} from '../src/db/index.js';
import { migrate } from '../src/db/migrate.js';
import { insertEntries, seedParties } from './fixtures.js';
import type { App } from '../src/app.js';
import {
  ADMIN,
  bearer,
  blankSnapshot,
  dropPostgresDatabases,
  login,
  newPostgresDatabase,
  signInBoth,
  type TestContext,
} from './helpers.js';

/** The two-step key of these suites' "server" (TOTP_KEY of the commands); backups are signed
 * with the key derived from it (signed backups: backup-signature.test.ts). */
export const TOTP_KEY = 'a1'.repeat(32);
export const signingKey = backupSigningKey(Buffer.from(TOTP_KEY, 'hex'));

/** The tables a backup carries today. A migration that adds a table fails this list until its
 * author either adds the table here (carried) or to LEFT_OUT in src/backup/tables.ts. */
export const CARRIED = [
  'account_transfers',
  'accounts',
  'audit_log',
  'bank_rules',
  'bank_settings',
  'books',
  'clients',
  'company',
  'employees',
  'entries',
  'entry_batches',
  'expense_budgets',
  'expense_types',
  'import_mappings',
  'import_parties',
  'imports',
  'ledger_accounts',
  'ledger_lines',
  'payroll_payments',
  'receipt_blobs',
  'receipt_chunks',
  'receipts',
  'recurring_occurrences',
  'recurring_schedules',
  'security_settings',
  'statement_imports',
  'statement_line_imports',
  'statement_lines',
  'statement_matches',
  'two_step',
  'two_step_recovery_codes',
  'users',
  'vouchers',
];

/** PGlite's new database (helpers.ts), read once a test file. */
let blank: Promise<Blob> | undefined;
const blankArchive = () => (blank ??= blankSnapshot());

/** A new, empty embedded database, in memory, closed by `closeAll`: as PGlite's initdb leaves it,
 * loaded from its archive rather than made again. (A PGlite on a data directory leaves timers
 * behind that keep a test process alive, so data directories are used by child processes.) */
const opened: DatabaseHandle[] = [];
export const embedded = async () => {
  const handle = await openDatabase({
    dataDir: 'memory://',
    timeZone: 'UTC',
    migrate: false,
    loadDataDir: await blankArchive(),
  });
  opened.push(handle);
  return handle;
};
export const track = (handle: DatabaseHandle) => {
  opened.push(handle);
  return handle;
};
export const close = async (handle: DatabaseHandle) => {
  opened.splice(opened.indexOf(handle), 1);
  await handle.close();
};
/**
 * Makes a database new and empty again, as `embedded` opens one: the public schema dropped with
 * everything the migrations and restores made in it (pg_trgm among them), and made anew. A test
 * that needs a new database can reuse one this way; a new one costs seconds of processor time.
 */
export async function blankAgain(handle: DatabaseHandle): Promise<DatabaseHandle> {
  await handle.transaction((tx) => tx.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public'));
  return handle;
}

/**
 * Empties a database to what a migrated new one holds, but for the rows the migrations put in
 * (a restore replaces those with the file's own): migrated, every table but the schema version
 * emptied and its sequences restarted. A test that restores into an empty database can reuse one
 * this way; a new one costs seconds of processor time to start.
 */
export async function emptied(handle: DatabaseHandle): Promise<DatabaseHandle> {
  // A database not yet migrated is migrated first (nothing to do for one that is).
  await migrate(migrationRunner(handle.transaction));
  await handle.transaction(async (tx) => {
    const tables = await tx.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables
        WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY 1`,
    );
    await tx.exec(`TRUNCATE ${tables.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`);
  });
  return handle;
}

/**
 * Makes `dir` a new data directory as PGlite's initdb leaves it (the archive above, unpacked), for
 * a command whose target only has to be new and empty: the command then opens it as it would
 * one it had just made, without spending an initdb of its own.
 */
export async function blankDataDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const archive = Buffer.from(await (await blankArchive()).arrayBuffer());
  const unpacked = spawnSync('tar', ['-x', '-C', dir], { input: archive });
  if (unpacked.status !== 0) throw new Error(`tar: ${unpacked.stderr.toString()}`);
  return dir;
}

/** The PostgreSQL databases `blankDatabase` created, dropped by `closeAll`. */
const created: string[] = [];

/**
 * A new, empty database on the engine the file runs on, closed by `closeAll`: a new PostgreSQL
 * database beside the suite's when it runs on PostgreSQL (dropped by `closeAll`), else an
 * embedded one in memory. For a test whose subject is not the engine (a migration of old rows, a
 * restore's refusals): on PostgreSQL a new database costs its server some 0.1 s, where starting
 * PGlite in the test's process cost a second or two and ran every statement through WebAssembly.
 */
export const blankDatabase = async (): Promise<DatabaseHandle> =>
  process.env.TEST_DATABASE_URL ? track(await newPostgresDatabase('blank', created)) : embedded();

export const closeAll = async () => {
  for (const handle of opened.splice(0)) await handle.close().catch(() => undefined);
  await dropPostgresDatabases(created);
};

export type Dump = Record<string, (string | null)[][]>;

/** Every carried table's rows as PostgreSQL's text, in key order; and the roll-ups' sums as the
 * reports read them (folded or still queued). */
export async function dump(handle: DatabaseHandle): Promise<Dump> {
  return handle.transaction(async (tx) => {
    await tx.exec("SET LOCAL TimeZone = 'UTC'");
    const out: Dump = {};
    for (const table of await carriedTables(tx)) {
      const columns = table.columns.map((c, i) => `${quoteIdent(c.name)}::text AS c${i}`);
      const found = await tx.query<Record<string, string | null>>(
        `SELECT ${columns.join(', ')} FROM ${quoteIdent(table.name)} ORDER BY ${table.key.map(quoteIdent).join(', ')}`,
      );
      out[table.name] = found.map((row) => table.columns.map((_, i) => row[`c${i}`] ?? null));
    }
    out.rollup_daily = await sums(
      tx,
      `SELECT kind, day::text, credit_debit, sum(total)::text, sum(entries)::text
         FROM entry_daily_current GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    out.rollup_monthly = await sums(
      tx,
      `SELECT kind, party_id::text, month::text, credit_debit, sum(total)::text, sum(entries)::text
         FROM entry_monthly_current GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    return out;
  });
}

const sums = async (tx: RawTransaction, text: string) =>
  (await tx.query<Record<string, string>>(text)).map((row) => Object.values(row));

/** Whether the target holds no table at all, or tables without rows (as a new database). */
export async function isEmpty(handle: DatabaseHandle): Promise<boolean> {
  return handle.transaction(async (tx) => {
    const [found] = await tx.query<{ users: string | null }>(
      `SELECT to_regclass('public.users')::text AS users`,
    );
    if (!found?.users) return true;
    const [row] = await tx.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM entries) AS n',
    );
    return Number(row?.n) === 0;
  });
}

/** The figures a person reads: journal totals, reports, a ledger (as the admin). */
export async function figures(app: App): Promise<unknown[]> {
  const token = await login(app, ADMIN);
  const urls = [
    '/api/journal/totals',
    '/api/journal?limit=200',
    '/api/dashboard/totals',
    '/api/dashboard/yearly?year=2025',
    '/api/dashboard/getIncomeReport',
    '/api/dashboard/getClientsVsSales',
    '/api/dashboard/getExpenseVsType',
    '/api/dashboard/getClientLedger?partyId=1',
    '/api/journal/closed',
  ];
  const answers: unknown[] = [];
  for (const url of urls) {
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    answers.push([url, response.statusCode, response.json()]);
  }
  return answers;
}

/** Fills the suite's freshly reset database with the entries the backups carry. */
export async function seedSource(ctx: TestContext): Promise<void> {
  const { admin } = await signInBoth(ctx.app);
  await seedParties(ctx);
  await insertEntries(ctx, [
    { kind: 'income', party: 1, amount: '999999999999.99', cd: 'Debit', day: '2025-01-15' },
    {
      kind: 'income',
      party: 2,
      amount: '0.01',
      day: '2025-02-01',
      description: 'Quote " and \\ slash',
    },
    {
      kind: 'salary',
      party: 1,
      amount: '45000',
      day: '2025-03-31',
      description: 'März, ünïcödé ✓',
    },
    {
      kind: 'expense',
      party: 1,
      amount: '1200.50',
      day: '2025-07-04',
      description: 'line one\nline two',
    },
    { kind: 'expense', party: 2, amount: '80.10', day: '2025-07-05' },
  ]);
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers: bearer(admin) });
  expect(
    (await call('POST', '/api/journal/4/reverse', { reason: 'Wrong amount' })).statusCode,
  ).toBe(201);
  expect(
    (
      await call('POST', '/api/incoms/addIncome', {
        clientId: 1,
        clientName: 'Acme Buyer',
        amount: 1500.5,
        description: 'Invoice 7',
        Creditdebit: 'Debit',
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await call('PUT', '/api/journal/closed', { closedThrough: '2025-06-30' })).statusCode,
  ).toBe(200);
}
