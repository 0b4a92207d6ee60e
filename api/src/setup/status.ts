// What the dashboard's Get started panel ticks (issue 42): one query of six EXISTS, each stopping
// at its first row, so it costs the same on an office of a million entries as on a new one.
import { sql } from 'kysely';
import type { SetupStatus } from 'contract';
import type { Db } from '../db/index.js';

export async function setupStatus(db: Db): Promise<SetupStatus> {
  const { rows } = await sql<SetupStatus>`
    SELECT
      EXISTS (SELECT 1 FROM company WHERE btrim(name) <> '') AS company,
      EXISTS (SELECT 1 FROM expense_types) AS "expenseTypes",
      EXISTS (SELECT 1 FROM clients) AS clients,
      EXISTS (SELECT 1 FROM employees) AS employees,
      -- A fresh database has one account, Cash: set up once another is added or an opening
      -- balance is entered.
      ((SELECT count(*) FROM (SELECT 1 FROM accounts LIMIT 2) AS two) > 1
        OR EXISTS (SELECT 1 FROM accounts WHERE opening_balance <> 0)) AS accounts,
      EXISTS (SELECT 1 FROM entries) AS "firstEntry"`.execute(db);
  return rows[0] as SetupStatus;
}
