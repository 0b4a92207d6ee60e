// Books kept before the ledger carried into it (issue 40): a backup taken at schema 036 (the
// release before) restored into this version is upgraded by migrations 037 and 038, which post
// every entry, reversal, transfer and opening balance already stored. The trial balance balances
// to the cent, each money account's ledger balance equals its balance, and receivables equal what
// the clients owe.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp, type App } from '../src/app.js';
import { restoreBackup, takeBackup } from '../src/backup/index.js';
import { migrationRunner, type DatabaseHandle } from '../src/db/index.js';
import { migrate } from '../src/db/migrate.js';
import { blankDatabase, closeAll } from './backup-support.js';
import { insertEntries, seedParties } from './fixtures.js';
import { ADMIN, bearer, login, testConfig, type TestContext } from './helpers.js';

let work: string;
let target: DatabaseHandle;
let app: App;
let token: string;
let applied: string[];

const query = async <R>(database: DatabaseHandle, text: string) =>
  (await sql.raw<R>(text).execute(database.db)).rows;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'ledger-migration-'));
  const old = await blankDatabase();
  await migrate(migrationRunner(old.transaction), { upTo: 36 });
  const ctx = { database: old } as TestContext;
  await seedParties(ctx);
  await query(
    old,
    `INSERT INTO accounts (name, kind, opening_balance, opening_date) VALUES ('HBL', 'Bank', 20000.00, '2026-01-01')`,
  );
  await insertEntries(ctx, [
    { kind: 'income', party: 1, amount: '900.00', cd: 'Debit', day: '2026-01-04' },
    { kind: 'income', party: 1, amount: '1500.50', cd: 'Credit', day: '2026-01-05' },
    { kind: 'income', party: 2, amount: '250.25', cd: 'Credit', day: '2026-01-20' },
    { kind: 'salary', party: 1, amount: '400.00', day: '2026-01-31' },
    { kind: 'expense', party: 1, amount: '120.25', day: '2026-01-06' },
    { kind: 'expense', party: 3, amount: '0.10', day: '2026-01-07' },
  ]);
  // A reversal of the rent, a receipt into the bank, a transfer and its reversal.
  for (const statement of [
    `INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit, entry_date, reverses_id, account_id)
       SELECT kind, expense_type_id, party_name, -amount, credit_debit, entry_date, id, account_id
       FROM entries WHERE kind = 'expense' AND amount = 120.25`,
    `INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, entry_date, account_id)
       VALUES ('income', 2, 'Beta Buyer', 3000.00, 'Credit', '2026-01-21', 2)`,
    `INSERT INTO account_transfers (from_account_id, to_account_id, amount, transfer_date)
       VALUES (2, 1, 5000.00, '2026-01-22')`,
    `INSERT INTO account_transfers (from_account_id, to_account_id, amount, transfer_date, reverses_id)
       VALUES (2, 1, -5000.00, '2026-01-22', 1)`,
    `INSERT INTO account_transfers (from_account_id, to_account_id, amount, transfer_date)
       VALUES (2, 1, 700.00, '2026-01-23')`,
  ])
    await query(old, statement);
  const file = path.join(work, 'release-036.backup');
  await takeBackup(old, file, { takenBy: 'test' });
  target = await blankDatabase();
  await restoreBackup(target, file, { signingKey: undefined, trustUnsigned: true });
  applied = (
    await query<{ name: string }>(
      target,
      'SELECT name FROM schema_migrations WHERE version > 36 ORDER BY version',
    )
  ).map((row) => row.name);
  await query(target, 'SELECT fold_entry_rollups()');
  app = await buildApp(testConfig(), {
    database: target,
    logger: false,
    autoPostRecurring: false,
    foldRollups: false,
  });
  token = await login(app, ADMIN);
});

afterAll(async () => {
  await app?.close();
  await closeAll();
  await rm(work, { recursive: true, force: true });
});

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
};

test('the restore upgrades the books through the ledger migrations', () => {
  expect(applied).toEqual(
    expect.arrayContaining(['037.do.ledger.sql', '038.do.money-vouchers.sql']),
  );
});

test('every stored entry and transfer is posted, and the trial balance balances to the cent', async () => {
  expect(
    await query(
      target,
      `SELECT count(*)::int AS n FROM entries e WHERE NOT EXISTS
      (SELECT 1 FROM ledger_lines l WHERE l.source = 'entry' AND l.source_id = e.id)`,
    ),
  ).toEqual([{ n: 0 }]);
  const trial = await get('/api/ledger/trial-balance?date=2026-01-31');
  expect(
    trial.rows.map((r: { code: string; debit: number; credit: number }) => [
      r.code,
      r.debit,
      r.credit,
    ]),
  ).toEqual([
    ['1001', 2050.65, 0],
    ['1002', 22300, 0],
    ['1100', 0, 3850.75],
    ['3000', 0, 20000],
    ['4000', 0, 900],
    ['5000', 400, 0],
    ['6003', 0.1, 0],
  ]);
  expect(trial.totals).toEqual({ debit: 24750.75, credit: 24750.75 });
});

test("each money account's ledger balance is its balance; the expense types have their accounts", async () => {
  const accounts = (await get('/api/accounts')).accounts;
  const ledger = (await get('/api/ledger/accounts')).accounts;
  for (const account of accounts)
    expect(ledger.find((a: { name: string }) => a.name === account.name).balance).toBe(
      account.balance,
    );
  expect(
    ledger
      .filter((a: { origin: string }) => a.origin === 'expense type')
      .map((a: { name: string; closed: boolean }) => [a.name, a.closed]),
  ).toEqual([
    ['Rent', false],
    ['Fuel', false],
    ['Old', true],
  ]);
});
