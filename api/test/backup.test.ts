// Backups and restores (docs/decisions/012-backup-format.md): round trips compared row by row
// and table by table, the product working on the restored copy, every refusal leaving the
// target as it was. The source is this suite's database (PGlite, or PostgreSQL under
// `npm run test:postgres`); targets are an in-memory embedded database (one, made new again or
// emptied for each use: a new one costs seconds of processor time), and new PostgreSQL databases
// when one is available. The commands as real processes on data directories:
// backup-commands.test.ts.
import { mkdtemp, readFile, rm, writeFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { backupMessages } from 'contract';
import { buildApp } from '../src/app.js';
import {
  carriedTables,
  LEFT_OUT,
  restoreBackup,
  takeBackup,
  verifyBackupFile,
} from '../src/backup/index.js';
import { migrationRunner, type DatabaseHandle } from '../src/db/index.js';
import { latestSchemaVersion, migrate } from '../src/db/migrate.js';
import {
  CARRIED,
  blankAgain,
  close,
  closeAll,
  dump,
  embedded,
  emptied,
  figures,
  isEmpty,
  seedSource,
  signingKey,
  track,
  type Dump,
} from './backup-support.js';
import {
  bearer,
  login,
  dropPostgresDatabases,
  newPostgresDatabase,
  rows,
  setupDatabase,
  STAFF,
  type TestContext,
} from './helpers.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = await setupDatabase();
let ctx: TestContext;
let work: string;
let full: string;
/** The source's rows when `full` was taken. */
let original: Dump;
const databases: string[] = [];

/** The file's embedded database in memory (closed when the file ends). */
let shared: Promise<DatabaseHandle> | undefined;
/** A new, empty embedded database: the file's one, made new again when it was used before. */
const newEmbedded = async () => (shared ? blankAgain(await shared) : await (shared = embedded()));

/** A new, empty PostgreSQL database beside the suite's, when the suite runs on PostgreSQL. */
async function newPostgres(): Promise<DatabaseHandle> {
  return track(await newPostgresDatabase('backup_target', databases));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  ctx = await source.reset();
  await seedSource(ctx);
  full = path.join(work, 'full.backup');
  await takeBackup(ctx.database, full, { signingKey, takenBy: 'test' });
  original = await dump(ctx.database);
});

afterAll(async () => {
  await closeAll();
  await source.close();
  await dropPostgresDatabases(databases);
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
    'ledger_daily',
    'ledger_monthly',
    'ledger_rollup_queue',
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
  const target = await newEmbedded();
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
});

const postgresOnly = process.env.TEST_DATABASE_URL ? test : test.skip;

postgresOnly('PostgreSQL to embedded and back to PostgreSQL keeps every row', async () => {
  const before = original;
  const middle = await newEmbedded();
  await restoreBackup(middle, full, { signingKey });
  expect(await dump(middle)).toEqual(before);
  const again = path.join(work, 'from-embedded.backup');
  await takeBackup(middle, again, { signingKey, takenBy: 'test' });
  expect((await verifyBackupFile(again)).database).toBe('pglite');
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
  // One target for every refusal, migrated already and without rows: a refused restore need
  // not migrate it first.
  let target: DatabaseHandle;
  let plain: Buffer;
  beforeAll(async () => {
    target = await emptied(await (shared ??= embedded()));
    plain = gunzipSync(await readFile(full));
  });

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

  test('one flipped byte, wherever it lands (a row, a table heading, a count)', async () => {
    const original = await readFile(full);
    // Past gzip's own header, whose flags and times are not the file's content.
    for (const part of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      const bytes = Buffer.from(original);
      bytes[Math.floor(bytes.length * part)]! ^= 0x01;
      await refused(await write(`flipped-${part}.backup`, bytes), backupMessages.altered);
    }
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
      kdf: { N: 2 ** 10, r: 8, p: 1 }, // scrypt at 1/128 of its cost: each attempt derives again
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
  const old = await newEmbedded();
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

  const target = await newEmbedded();
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
});
