// Migration 035 on the statements of a database at schema 030 (issue 39): every stored line's
// fingerprint is rewritten as bank/fingerprint.ts now writes it (no reference in it; lines
// told apart by their reference before are counted 1, 2 of their day), each line is held by the
// import that stored it, and every account is in the office's currency.
import { sql } from 'kysely';
import { migrationRunner, type DatabaseHandle } from '../src/db/index.js';
import { migrate } from '../src/db/migrate.js';
import { fingerprints } from '../src/bank/fingerprint.js';
import { blankDatabase, closeAll } from './backup-support.js';

let database: DatabaseHandle;
const query = async <R>(text: string) => (await sql.raw<R>(text).execute(database.db)).rows;

// A new database of its own, on the engine the file runs on (blankDatabase).
describe('migrating the statements of a database at schema 030', () => {
  beforeAll(async () => {
    database = await blankDatabase();
    await migrate(migrationRunner(database.transaction), { upTo: 30 });
    await query(`INSERT INTO accounts (id, name, kind) VALUES (2, 'HBL', 'Bank')`);
    await query(`
      INSERT INTO statement_imports (id, account_id, file_name, sha256, format, lines_added, lines_known)
      VALUES (1, 2, 'a.csv', repeat('a', 64), 'csv', 4, 0)`);
    await query(`
      INSERT INTO statement_lines (account_id, import_id, line_date, amount, description, reference,
                                   fingerprint, position)
      VALUES (2, 1, '2026-01-05', 100.00, 'Acme payment', 'R1', '2026-01-05|10000|r1|1', 1),
             (2, 1, '2026-01-06', -1.00, 'Fee', 'F1', '2026-01-06|-100|f1|1', 2),
             (2, 1, '2026-01-06', -1.00, 'FEE', 'F2', '2026-01-06|-100|f2|1', 3),
             (2, 1, '2026-01-07', -0.05, 'Café Müller', '', '2026-01-07|-5|café müller|1', 4)`);
    await migrate(migrationRunner(database.transaction));
  });
  afterAll(() => closeAll());

  test("rewrites each line's fingerprint as an import now computes it", async () => {
    const stored = await query<{
      line_date: string;
      amount: string;
      description: string;
      reference: string;
      fingerprint: string;
    }>(
      `SELECT to_char(line_date, 'YYYY-MM-DD') AS line_date, amount::text AS amount, description,
              reference, fingerprint FROM statement_lines ORDER BY position`,
    );
    const computed = fingerprints(
      stored.map((line, i) => ({
        line: i + 2,
        date: line.line_date,
        cents: BigInt(Math.round(Number(line.amount) * 100)),
        description: line.description,
        reference: line.reference,
        balance: null,
      })),
    );
    expect(stored.map((line) => line.fingerprint)).toEqual(computed);
    // Fee and FEE on one day, told apart by their references before: now the 1st and the 2nd.
    expect(computed[1]!.endsWith('|1')).toBe(true);
    expect(computed[2]!.endsWith('|2')).toBe(true);
  });

  test('each line is held by the import that stored it; every account is in PKR', async () => {
    expect(
      await query(
        `SELECT count(*)::int AS n, min(import_id)::int AS import FROM statement_line_imports`,
      ),
    ).toEqual([{ n: 4, import: 1 }]);
    expect(await query(`SELECT name, currency FROM accounts ORDER BY id`)).toEqual([
      { name: 'Cash', currency: 'PKR' },
      { name: 'HBL', currency: 'PKR' },
    ]);
  });
});
