// Backups and restores (docs/decisions/012-backup-format.md): round trips compared row by row
// and table by table, the product working on the restored copy, every refusal leaving the
// target as it was, and the commands run as real processes (a kill -9 during a restore
// included). The source is this suite's database (PGlite, or PostgreSQL under
// `npm run test:postgres`); targets are new data directories, and new PostgreSQL databases
// when one is available.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { jest } from '@jest/globals';
import { backupMessages } from 'contract';
import { buildApp, type App } from '../src/app.js';
import {
  backupSigningKey,
  carriedTables,
  LEFT_OUT,
  restoreBackup,
  takeBackup,
  verifyBackupFile,
} from '../src/backup/index.js';
import { quoteIdent } from '../src/backup/tables.js';
import {
  migrationRunner,
  openDatabase,
  type DatabaseHandle,
  type RawTransaction,
} from '../src/db/index.js';
import { latestSchemaVersion, migrate } from '../src/db/migrate.js';
import { insertEntries, seedParties } from './fixtures.js';
import { startServer, stopServer } from './server-process.js';
import {
  ADMIN,
  bearer,
  login,
  newPostgresDatabase,
  rows,
  setupDatabase,
  signInBoth,
  STAFF,
  type TestContext,
  embeddedOnly,
} from './helpers.js';

// The kill -9 case writes, backs up and restores 100,000 entries: about 35 s alone, over 120 s
// when npm test runs this suite beside the PostgreSQL run and the browser tests on two cores.
jest.setTimeout(300_000);

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The two-step key of this suite's "server" (TOTP_KEY of the commands); backups are signed with
 * the key derived from it (signed backups: backup-signature.test.ts). */
const TOTP_KEY = 'a1'.repeat(32);
const signingKey = backupSigningKey(Buffer.from(TOTP_KEY, 'hex'));
const source = await setupDatabase();
let ctx: TestContext;
let work: string;
let full: string;
/** The source's rows when `full` was taken. */
let original: Dump;
const opened: DatabaseHandle[] = [];
const databases: string[] = [];

/** The tables a backup carries today. A migration that adds a table fails this list until its
 * author either adds the table here (carried) or to LEFT_OUT in src/backup/tables.ts. */
const CARRIED = [
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
];

/** A new, empty embedded database. In memory: a PGlite on a data directory leaves timers
 * behind that keep a test process alive, so data directories are used by child processes. */
const embedded = async () => {
  const handle = await openDatabase({ dataDir: 'memory://', timeZone: 'UTC', migrate: false });
  opened.push(handle);
  return handle;
};

const close = async (handle: DatabaseHandle) => {
  opened.splice(opened.indexOf(handle), 1);
  await handle.close();
};

/** A new, empty PostgreSQL database beside the suite's, when the suite runs on PostgreSQL. */
async function newPostgres(): Promise<DatabaseHandle> {
  const handle = await newPostgresDatabase('backup_target', databases);
  opened.push(handle);
  return handle;
}

type Dump = Record<string, (string | null)[][]>;

/** Every carried table's rows as PostgreSQL's text, in key order; and the roll-ups' sums as the
 * reports read them (folded or still queued). */
async function dump(handle: DatabaseHandle): Promise<Dump> {
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
async function isEmpty(handle: DatabaseHandle): Promise<boolean> {
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
async function figures(app: App): Promise<unknown[]> {
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

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  ctx = await source.reset();
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
  full = path.join(work, 'full.backup');
  await takeBackup(ctx.database, full, { signingKey, takenBy: 'test' });
  original = await dump(ctx.database);
});

afterAll(async () => {
  for (const handle of [...opened]) await handle.close().catch(() => undefined);
  await source.close();
  if (databases.length) {
    const { Client } = (await import('pg')).default;
    const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    for (const name of databases) await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.end();
  }
  await rm(work, { recursive: true, force: true });
});

test('every table is either carried or left out on purpose', async () => {
  const names = await ctx.database.transaction(async (tx) =>
    (await carriedTables(tx)).map((t) => t.name),
  );
  expect([...names].sort()).toEqual(CARRIED);
  // Parents before children, so rows insert in file order.
  expect(names.indexOf('users')).toBeLessThan(names.indexOf('entries'));
  expect(names.indexOf('clients')).toBeLessThan(names.indexOf('entries'));
  // Generated columns are recomputed, not carried.
  const entries = await ctx.database.transaction(async (tx) =>
    (await carriedTables(tx)).find((t) => t.name === 'entries'),
  );
  expect(entries?.columns.map((c) => c.name)).not.toContain('party_id');
  expect(Object.keys(LEFT_OUT).sort()).toEqual([
    'account_daily',
    'backup_runs',
    'entry_daily',
    'entry_monthly',
    'entry_rollup_queue',
    'rate_counters',
    'receipted_entries',
    'receipted_monthly',
    'remote_loads',
    'schema_migrations',
    'sessions',
    'two_step_challenges',
  ]);
});

test('the manifest names the product, the schema, who and when, and every table', async () => {
  const manifest = await verifyBackupFile(full);
  expect(manifest).toMatchObject({
    format: 'office-finance-backup',
    product: '1.0.0',
    schema: await latestSchemaVersion(),
    takenBy: 'test',
    database: ctx.database.driver,
  });
  expect(manifest.tables.map((t) => t.name).sort()).toEqual(CARRIED);
  const counts = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
  expect(counts).toMatchObject({
    users: 2,
    clients: 3,
    employees: 2,
    expense_types: 3,
    entries: 7,
    books: 1,
  });
  for (const table of manifest.tables) expect(table.sha256).toMatch(/^[0-9a-f]{64}$/);
  // Nothing short-lived went in: no session token hash appears in the file.
  const text = gunzipSync(await readFile(full)).toString();
  const [session] = await rows<{ token_hash: string }>(
    ctx,
    'SELECT token_hash FROM sessions LIMIT 1',
  );
  expect(text).not.toContain(session!.token_hash);
});

test('a round trip into an empty embedded database keeps every row, sign-in and figure', async () => {
  const before = original;
  const target = await embedded();
  const printed: string[] = [];
  const result = await restoreBackup(target, full, {
    signingKey,
    onTable: (t) => printed.push(t.name),
  });
  expect([...printed].sort()).toEqual(CARRIED);
  expect(result.tables.find((t) => t.name === 'entries')?.rows).toBe(7);
  expect(await dump(target)).toEqual(before);

  const app = await buildApp(ctx.config, { database: target, logger: false });
  try {
    expect(await figures(app)).toEqual(await figures(ctx.app));
    // Old passwords sign in; old sessions are gone.
    const staff = await login(app, STAFF);
    const old = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: STAFF });
    const stale = await app.inject({
      method: 'GET',
      url: '/api/dashboard/totals',
      headers: bearer(old.json<{ token: string }>().token),
    });
    expect(stale.statusCode).toBe(401);
    // A new entry continues after the highest restored id.
    const added = await app.inject({
      method: 'POST',
      url: '/api/incoms/addIncome',
      headers: bearer(staff),
      payload: { clientId: 2, clientName: 'Beta Buyer', amount: 10, Creditdebit: 'Debit' },
    });
    expect(added.statusCode).toBe(201);
    const [{ max }] = (await target.transaction((tx) =>
      tx.query<{ max: number }>('SELECT max(id)::int AS max FROM entries'),
    )) as [{ max: number }];
    const [highest] = await rows<{ old: number }>(ctx, 'SELECT max(id)::int AS old FROM entries');
    expect(max).toBe(highest!.old + 1);
  } finally {
    await app.close();
  }

  // A target that holds data is refused and left as it is, unless --replace.
  const holding = await dump(target);
  await expect(restoreBackup(target, full, { signingKey })).rejects.toThrow(
    backupMessages.targetNotEmpty,
  );
  expect(await dump(target)).toEqual(holding);
  await restoreBackup(target, full, { signingKey, replace: true });
  expect(await dump(target)).toEqual(before);
  await close(target);
});

const postgresOnly = process.env.TEST_DATABASE_URL ? test : test.skip;

postgresOnly('PostgreSQL to embedded and back to PostgreSQL keeps every row', async () => {
  const before = original;
  const middle = await embedded();
  await restoreBackup(middle, full, { signingKey });
  expect(await dump(middle)).toEqual(before);
  const again = path.join(work, 'from-embedded.backup');
  await takeBackup(middle, again, { signingKey, takenBy: 'test' });
  expect((await verifyBackupFile(again)).database).toBe('pglite');
  await close(middle);
  const target = await newPostgres();
  await restoreBackup(target, again, { signingKey });
  expect(await dump(target)).toEqual(before);
  const app = await buildApp(ctx.config, { database: target, logger: false });
  try {
    expect(await figures(app)).toEqual(await figures(ctx.app));
  } finally {
    await app.close();
  }
  await close(target);
});

describe('refused files', () => {
  let target: DatabaseHandle;
  let plain: Buffer;
  beforeAll(async () => {
    target = await embedded();
    plain = gunzipSync(await readFile(full));
  });
  afterAll(() => close(target));

  const write = async (name: string, bytes: Buffer | string) => {
    const file = path.join(work, name);
    await writeFile(file, bytes);
    return file;
  };
  const refused = async (file: string, message: string, passphrase?: string) => {
    await expect(restoreBackup(target, file, { signingKey, passphrase })).rejects.toThrow(message);
    expect(await isEmpty(target)).toBe(true);
  };
  /** The file's text with one line changed, compressed again (gzip's own check passes). */
  const edited = (change: (lines: string[]) => void) => {
    const lines = plain.toString().split('\n');
    change(lines);
    return gzipSync(lines.join('\n'));
  };

  test('one flipped byte', async () => {
    const bytes = Buffer.from(await readFile(full));
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    await refused(await write('flipped.backup', bytes), backupMessages.altered);
  });

  test('a file cut short', async () => {
    const bytes = await readFile(full);
    await refused(
      await write('cut.backup', bytes.subarray(0, bytes.length - 40)),
      backupMessages.truncated,
    );
    // Cut at a line boundary and compressed again: no manifest.
    await refused(
      await write(
        'cut-lines.backup',
        edited((lines) => lines.splice(lines.length - 3)),
      ),
      backupMessages.truncated,
    );
  });

  test('a changed value, a removed row, an edited manifest', async () => {
    const entryRow = (lines: string[]) => lines.findIndex((l) => l.includes('999999999999.99'));
    await refused(
      await write(
        'changed.backup',
        edited((lines) => {
          const at = entryRow(lines);
          lines[at] = lines[at]!.replace('999999999999.99', '999999999999.98');
        }),
      ),
      backupMessages.altered,
    );
    await refused(
      await write(
        'removed.backup',
        edited((lines) => lines.splice(entryRow(lines), 1)),
      ),
      backupMessages.altered,
    );
    await refused(
      await write(
        'manifest.backup',
        edited((lines) => {
          const at = lines.findIndex((l) => l.startsWith('{"manifest"'));
          lines[at] = lines[at]!.replace('"takenBy":"test"', '"takenBy":"someone"');
        }),
      ),
      backupMessages.altered,
    );
  });

  test('a foreign file', async () => {
    await refused(
      await write('foreign.backup', 'name,amount\nrent,10\n'),
      backupMessages.notABackup,
    );
    await refused(await write('foreign.gz', gzipSync('{"hello":1}\n')), backupMessages.notABackup);
  });

  test('a backup from a newer schema', async () => {
    const newer = edited((lines) => {
      lines[0] = lines[0]!.replace(/"schema":\d+/, '"schema":999');
    });
    await refused(await write('newer.backup', newer), backupMessages.newerSchema);
  });

  test('an encrypted backup needs its passphrase', async () => {
    const file = path.join(work, 'encrypted.backup');
    await takeBackup(ctx.database, file, {
      signingKey,
      takenBy: 'test',
      passphrase: 'correct horse',
    });
    const bytes = await readFile(file);
    expect(bytes.includes(Buffer.from('Acme Buyer'))).toBe(false);
    await refused(file, backupMessages.encryptedNeedsPassphrase);
    await refused(file, backupMessages.wrongPassphrase, 'wrong horse');
    await refused(
      await write('encrypted-cut.backup', bytes.subarray(0, bytes.length - 10)),
      backupMessages.truncated,
      'correct horse',
    );
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 30]! ^= 0x01;
    await refused(
      await write('encrypted-flipped.backup', flipped),
      backupMessages.altered,
      'correct horse',
    );
    await restoreBackup(target, file, { signingKey, passphrase: 'correct horse' });
    expect(await dump(target)).toEqual(await dump(ctx.database));
  });
});

test('a backup from an older schema is restored, then migrated', async () => {
  const old = await embedded();
  await migrate(migrationRunner(old.transaction), { upTo: 3 });
  await old.transaction(async (tx) => {
    await tx.exec(`
      INSERT INTO users (name, email, password_hash, role) VALUES ('Old Admin', 'old@test.local', 'x', 'admin');
      INSERT INTO clients (name, email, company_name) VALUES ('Acme', 'a@test.local', 'Acme');
      INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, entry_date)
        VALUES ('income', 1, 'Acme', 10.25, 'Debit', '2024-05-01'), ('income', 1, 'Acme', 5, 'Credit', '2024-05-02');`);
  });
  const file = path.join(work, 'old.backup');
  await takeBackup(old, file, { signingKey, takenBy: 'test' });
  expect((await verifyBackupFile(file)).schema).toBe(3);
  await close(old);

  const target = await embedded();
  const result = await restoreBackup(target, file, { signingKey });
  expect(result.migrated).toEqual(
    (await readdir(path.join(apiDir, 'src/db/migrations')))
      .filter((f) => Number.parseInt(f, 10) > 3)
      .sort(),
  );
  const found = await target.transaction(async (tx) => ({
    version: await tx.query('SELECT max(version) AS v FROM schema_migrations'),
    entries: await tx.query('SELECT id::int, amount::text, reverses_id FROM entries ORDER BY id'),
    books: await tx.query('SELECT closed_through FROM books'),
    daily: await tx.query('SELECT sum(total)::text AS total FROM entry_daily'),
  }));
  expect(found).toEqual({
    version: [{ v: await latestSchemaVersion() }],
    entries: [
      { id: 1, amount: '10.25', reverses_id: null },
      { id: 2, amount: '5.00', reverses_id: null },
    ],
    books: [{ closed_through: null }],
    daily: [{ total: '15.25' }],
  });
  await close(target);
});

// The commands on data directories: the same in both runs of the suite, so run once.
embeddedOnly('the commands', () => {
  /** Runs a command as a child process; asynchronous, so that this process can answer as the
   * holder of a data directory's lock. */
  const cli = (script: string, args: string[], env: NodeJS.ProcessEnv) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, TZ: 'UTC', TOTP_KEY };
    for (const name of ['DATABASE_URL', 'NODE_OPTIONS', 'TEST_DATABASE_URL']) delete childEnv[name];
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: apiDir,
      env: { ...childEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
      child.once('close', (status) => resolve({ status, stdout, stderr })),
    );
  };

  test('back up and restore an embedded database as real processes', async () => {
    const dir = path.join(work, 'cli-source');
    const seeded = await cli('restore', [full], { DATA_DIR: dir });
    expect(seeded.stderr).toBe('');
    expect(seeded.status).toBe(0);
    for (const name of CARRIED)
      expect(seeded.stdout).toMatch(new RegExp(`^  ${name}: \\d+ rows$`, 'm'));

    // While the server runs on the data directory, the backup says how to proceed instead.
    const file = path.join(work, 'cli.backup');
    const server = await startServer({ DATA_DIR: dir });
    try {
      const held = await cli('backup', ['--out', file], { DATA_DIR: dir });
      expect(held.status).toBe(1);
      expect(held.stderr).toContain(backupMessages.embeddedInUse);
      expect(held.stderr).toContain(`process ${server.child.pid}`);
      const busy = await cli('restore', [full], { DATA_DIR: dir, BACKUP_PASSPHRASE: '' });
      expect(busy.status).toBe(1);
      expect(busy.stderr).toContain(backupMessages.embeddedInUseRestore);
    } finally {
      await stopServer(server);
    }

    const taken = await cli('backup', ['--out', file], {
      DATA_DIR: dir,
      BACKUP_PASSPHRASE: 'pass phrase',
    });
    expect(taken.stderr).toBe('');
    expect(taken.status).toBe(0);
    expect(taken.stdout).toContain('entries: 7 rows');
    // Only the finished file is left in the folder: no temporary name.
    expect((await readdir(work)).filter((f) => f.includes('cli.backup'))).toEqual(['cli.backup']);

    const again = await cli('backup', ['--out', file], { DATA_DIR: dir });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(backupMessages.outExists);

    const wrong = await cli('restore', [file], {
      DATA_DIR: path.join(work, 'cli-target'),
      BACKUP_PASSPHRASE: 'nope',
    });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain(backupMessages.wrongPassphrase);

    // Through both commands and back: the same rows as the suite's database had.
    const target = await embedded();
    await restoreBackup(target, file, { signingKey, passphrase: 'pass phrase' });
    expect(await dump(target)).toEqual(original);
    await close(target);

    const usage = await cli('restore', [], {});
    expect(usage.status).toBe(2);
  });

  /** A backup of 100,000 entries, made once: large enough to be killed while it is written. */
  let bigFile: Promise<string> | undefined;
  const bigBackup = () => (bigFile ??= makeBigBackup());
  const makeBigBackup = async () => {
    const big = await embedded();
    await migrate(migrationRunner(big.transaction));
    await big.transaction(async (tx) => {
      await tx.exec(`
        INSERT INTO clients (name, email, company_name) VALUES ('Acme', 'a@test.local', 'Acme');
        INSERT INTO users (name, email, password_hash) VALUES ('A', 'a@test.local', 'x');
        INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description, entry_date)
          SELECT 'income', 1, 'Acme', (i % 1000) + 0.5, 'Debit', 'entry number ' || i,
                 DATE '2020-01-01' + (i % 1500)
            FROM generate_series(1, 100000) AS i;`);
    });
    const file = path.join(work, 'big.backup');
    await takeBackup(big, file, { signingKey, takenBy: 'test' });
    await close(big);
    return file;
  };

  test('a restore killed with -9 leaves the target empty', async () => {
    // A source large enough that the restore is still writing entries when it is killed.
    const file = await bigBackup();
    const targetDir = path.join(work, 'killed-target');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      TZ: 'UTC',
      TOTP_KEY,
      DATA_DIR: targetDir,
    };
    for (const name of ['DATABASE_URL', 'NODE_OPTIONS', 'TEST_DATABASE_URL']) delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', file], {
      cwd: apiDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // Entries come last: every other table is in, the entries are being written.
        if (/expense_types: \d+ rows/.test(output)) resolve();
      });
      child.once('exit', () => reject(new Error(`restore ended before the kill:\n${output}`)));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(output).not.toContain('Restored the backup');

    // Nothing was left: not even the schema (a backup finds no database there).
    const empty = await cli('backup', ['--out', path.join(work, 'killed.backup')], {
      DATA_DIR: targetDir,
    });
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain(backupMessages.noDatabase);
    // And nothing that blocks the next restore.
    const next = await cli('restore', [file], { DATA_DIR: targetDir });
    expect(next.status).toBe(0);
    expect(next.stdout).toContain('entries: 100000 rows');
  });
  test('a backup that runs out of disk, or is killed with -9, leaves no file that looks like one', async () => {
    // The 100,000 entries the killed restore's target holds once restored again (the test
    // before); restored here when this test runs alone.
    const dir = path.join(work, 'killed-target');
    if (!existsSync(dir)) {
      const seeded = await cli('restore', [await bigBackup()], { DATA_DIR: dir });
      expect(seeded.status).toBe(0);
    }
    const folder = path.join(work, 'small-disk');
    await mkdir(folder);
    const out = path.join(folder, 'office.backup');
    const env: NodeJS.ProcessEnv = { ...process.env, TZ: 'UTC', TOTP_KEY, DATA_DIR: dir };
    for (const name of ['DATABASE_URL', 'NODE_OPTIONS', 'TEST_DATABASE_URL']) delete env[name];
    const command = `${JSON.stringify(process.execPath)} --import tsx scripts/backup.ts --out ${JSON.stringify(out)}`;

    // A full disk, as the writer meets it: writes past 64 KiB fail (EFBIG, like ENOSPC).
    const full = spawnSync('bash', ['-c', `trap '' XFSZ; ulimit -f 64; exec ${command}`], {
      cwd: apiDir,
      env,
      encoding: 'utf8',
    });
    expect(full.status).toBe(1);
    expect(full.stderr).toContain(backupMessages.writeFailed);
    expect(full.stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(folder)).toEqual([]);

    // Killed with -9 half-way: only a temporary name may be left, never the name asked for.
    const child = spawn('bash', ['-c', `exec ${command}`], { cwd: apiDir, env, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    for (let waited = 0; waited < 600 && (await readdir(folder)).length === 0; waited += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(await readdir(folder)).not.toContain('office.backup');
    // What is left is not taken for a backup: a restore refuses it, and the next backup succeeds.
    for (const left of await readdir(folder)) {
      const refused = await cli('restore', [path.join(folder, left)], {
        DATA_DIR: path.join(work, `from-${left}`),
      });
      expect(refused.status).toBe(1);
    }
    const again = await cli('backup', ['--out', out], { DATA_DIR: dir });
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
  });
});
