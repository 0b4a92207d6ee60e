// Vouchers posted before migration 040 get their total debit, the Journal's amount: a voucher
// and its reversal stored at schema 038 are upgraded, and stay unchangeable afterwards.
import { sql } from 'kysely';
import { migrationRunner, type DatabaseHandle } from '../src/db/index.js';
import { migrate } from '../src/db/migrate.js';
import { blankDatabase, closeAll } from './backup-support.js';

let database: DatabaseHandle;

const query = async <R>(text: string) => (await sql.raw<R>(text).execute(database.db)).rows;

beforeAll(async () => {
  database = await blankDatabase();
  await migrate(migrationRunner(database.transaction), { upTo: 39 });
  // Owner's capital paid into Cash, and a bank charge reversed: lines as the writer posts them.
  for (const statement of [
    `INSERT INTO vouchers (voucher_date, description) VALUES
       ('2026-01-02', 'Opening capital'), ('2026-01-03', 'Cheque book')`,
    `INSERT INTO vouchers (voucher_date, description, reverses_id) VALUES ('2026-01-03', 'Twice', 2)`,
    `INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit, credit)
       SELECT 'voucher', 1, '2026-01-02', a.id,
              CASE WHEN a.money_account_id = 1 THEN 250000.50 ELSE 0 END,
              CASE WHEN a.money_account_id = 1 THEN 0 ELSE 250000.50 END
       FROM ledger_accounts a WHERE a.money_account_id = 1 OR a.role = 'owners_capital'`,
    `INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit, credit)
       SELECT 'voucher', v.id, '2026-01-03', a.id,
              CASE WHEN (a.role IS NOT DISTINCT FROM 'bank_charges') = (v.id = 2) THEN 75 ELSE 0 END,
              CASE WHEN (a.role IS NOT DISTINCT FROM 'bank_charges') = (v.id = 2) THEN 0 ELSE 75 END
       FROM ledger_accounts a, vouchers v
       WHERE (a.money_account_id = 1 OR a.role = 'bank_charges') AND v.id IN (2, 3)`,
  ])
    await query(statement);
  await migrate(migrationRunner(database.transaction));
});
afterAll(() => closeAll());

test('each voucher stored before keeps its total debit; a reversal the same as its voucher', async () => {
  expect(await query('SELECT id, total::text AS total FROM vouchers ORDER BY id')).toEqual([
    { id: 1, total: '250000.50' },
    { id: 2, total: '75.00' },
    { id: 3, total: '75.00' },
  ]);
});

test('a voucher is unchangeable again after the upgrade', async () => {
  await expect(query('UPDATE vouchers SET total = 1 WHERE id = 1')).rejects.toThrow(
    'vouchers are immutable',
  );
});
