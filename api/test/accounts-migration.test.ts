// The books of a database from before money accounts (schema 025) carried over by migrations 026
// on (issue 33): every payment and receipt already recorded reads as the Cash account's, an
// invoice as no account's, the balances and the register add up to the cent, nothing is
// rewritten, and the CHECK that every payment or receipt has an account holds from then on.
import { sql } from 'kysely';
import { buildApp, type App } from '../src/app.js';
import { migrationRunner, type DatabaseHandle } from '../src/db/index.js';
import { latestSchemaVersion, migrate } from '../src/db/migrate.js';
import { blankDatabase, closeAll } from './backup-support.js';
import { insertEntries, seedParties } from './fixtures.js';
import { ADMIN, bearer, login, testConfig, type TestContext } from './helpers.js';

let database: DatabaseHandle;
let app: App | undefined;
let applied: string[];
let before: Array<{ id: number; amount: string; entry_date: string }>;

const query = async <R>(text: string) => (await sql.raw<R>(text).execute(database.db)).rows;

describe('migrating a database built at schema 025', () => {
  beforeAll(async () => {
    database = await blankDatabase();
    await migrate(migrationRunner(database.transaction), { upTo: 25 });
    const ctx = { database } as TestContext;
    await seedParties(ctx);
    // A month of books as they stood: receipts, an invoice, expenses and a salary paid.
    await insertEntries(ctx, [
      { kind: 'income', party: 1, amount: '1500.50', cd: 'Credit', day: '2026-01-05' },
      { kind: 'income', party: 2, amount: '900.00', cd: 'Debit', day: '2026-01-04' },
      { kind: 'income', party: 2, amount: '250.25', cd: 'Credit', day: '2026-01-20' },
      { kind: 'salary', party: 1, amount: '400.00', day: '2026-01-31' },
      { kind: 'expense', party: 1, amount: '120.25', day: '2026-01-06' },
      { kind: 'expense', party: 2, amount: '0.10', day: '2026-01-07' },
    ]);
    before = await query(
      `SELECT id, amount::text AS amount, entry_date::text AS entry_date FROM entries ORDER BY id`,
    );
    applied = await migrate(migrationRunner(database.transaction));
    app = await buildApp(testConfig(), {
      database,
      logger: false,
      autoPostRecurring: false,
      foldRollups: false,
    });
  });

  afterAll(async () => {
    await app?.close();
    await closeAll();
  });

  const get = async (token: string, url: string) => {
    const response = await app!.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  test('runs every migration after 025, up to the latest', async () => {
    const latest = await latestSchemaVersion();
    expect(applied[0]).toMatch(/^026\./);
    expect(Number.parseInt(applied.at(-1)!, 10)).toBe(latest);
    const [row] = await query<{ max: number }>('SELECT max(version) AS max FROM schema_migrations');
    expect(row!.max).toBe(latest);
  });

  test('keeps every entry as it was, each payment and receipt on the Cash account', async () => {
    const after = await query<{
      id: number;
      amount: string;
      entry_date: string;
      credit_debit: string;
      account_id: number | null;
    }>(
      `SELECT id, amount::text AS amount, entry_date::text AS entry_date, credit_debit, account_id
       FROM entries ORDER BY id`,
    );
    expect(after.map(({ id, amount, entry_date }) => ({ id, amount, entry_date }))).toEqual(before);
    expect(
      after.filter((entry) => entry.credit_debit === 'Credit').map((entry) => entry.account_id),
    ).toEqual([1, 1, 1, 1, 1]);
    expect(await query('SELECT id, name, kind, is_default FROM accounts')).toEqual([
      { id: 1, name: 'Cash', kind: 'Cash', is_default: true },
    ]);
  });

  test('reads the old books as Cash: its balance, its journal and its register, to the cent', async () => {
    const token = await login(app!, ADMIN);
    const { accounts } = await get(token, '/api/accounts');
    // 1,500.50 + 250.25 received; 400.00 + 120.25 + 0.10 paid; the invoice moved no money.
    expect(accounts).toEqual([
      expect.objectContaining({ id: 1, name: 'Cash', isDefault: true, balance: 1230.4 }),
    ]);

    const journal = await get(token, '/api/journal');
    const byAmount = Object.fromEntries(
      journal.entries.map((entry: { amount: number; accountName: string | null }) => [
        entry.amount,
        entry.accountName,
      ]),
    );
    expect(byAmount).toEqual({
      1500.5: 'Cash',
      900: null,
      250.25: 'Cash',
      400: 'Cash',
      120.25: 'Cash',
      0.1: 'Cash',
    });
    const cash = await get(token, '/api/journal?accountId=1');
    expect(cash.entries).toHaveLength(5);

    const register = await get(token, '/api/accounts/1/register');
    expect(register.balance).toBe(1230.4);
    expect(register.rows.map((row: { amount: number }) => row.amount)).toEqual([
      -400, 250.25, -0.1, -120.25, 1500.5,
    ]);
    expect(register.rows[0].balance).toBe(1230.4);
  });

  test('holds the CHECK from then on: a payment without an account is refused by the database', async () => {
    const [check] = await query<{ convalidated: boolean }>(
      `SELECT convalidated FROM pg_constraint WHERE conname = 'entries_account_check'`,
    );
    expect(check).toEqual({ convalidated: true });
    // Written with the triggers off (as a bulk load could), only the CHECK stands in the way.
    const refused = database.transaction(async (tx) => {
      await tx.exec(`SET LOCAL session_replication_role = replica;
        INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, entry_date, account_id)
        VALUES ('income', 1, 'Acme Buyer', 5, 'Credit', DATE '2026-02-01', NULL)`);
    });
    await expect(refused).rejects.toThrow(/entries_account_check/);
    // With the triggers on, a payment written without an account goes to the default one.
    await query(`INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, entry_date)
                 VALUES ('income', 1, 'Acme Buyer', 5, 'Credit', DATE '2026-02-01')`);
    expect(
      await query(`SELECT account_id FROM entries WHERE entry_date = DATE '2026-02-01'`),
    ).toEqual([{ account_id: 1 }]);
  });
});
