// The chart of accounts (issue 40): every ledger account with its balance, and the admins'
// changes. Accounts kept with a money account or an expense type follow it (migration 037's
// triggers); the starting chart's accounts are named by the posting rules, so they stay open and
// keep their type. An account with postings is closed, never deleted (no call deletes one).
import { sql } from 'kysely';
import {
  amountNumber,
  DEBIT_NORMAL,
  ledgerMessages as m,
  type LedgerAccount,
  type LedgerAccountBody,
  type LedgerAccountType,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { badRequest, conflict, notFound, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { ledgerTotals } from './totals.js';

interface AccountRow {
  id: number;
  code: string;
  name: string;
  type: LedgerAccountType;
  parent_id: number | null;
  role: string | null;
  money_account_id: number | null;
  expense_type_id: number | null;
  closed: boolean;
  balance: string;
  has_postings: boolean;
}

/** A balance (debits less credits) in the account's normal direction. */
export const normalBalance = (type: LedgerAccountType, debitLessCredit: number): number =>
  DEBIT_NORMAL.includes(type) ? debitLessCredit : -debitLessCredit || 0;

const toAccount = (row: AccountRow): LedgerAccount => ({
  id: row.id,
  code: row.code,
  name: row.name,
  type: row.type,
  parentId: row.parent_id,
  origin:
    row.money_account_id !== null
      ? 'money account'
      : row.expense_type_id !== null
        ? 'expense type'
        : row.role !== null
          ? 'chart'
          : 'added',
  closed: row.closed,
  balance: normalBalance(row.type, amountNumber(row.balance)),
  hasPostings: row.has_postings,
  bookable:
    row.closed === false &&
    row.money_account_id === null &&
    row.expense_type_id === null &&
    !['receivable', 'sales', 'salaries'].includes(row.role ?? ''),
});

const accountsQuery = (today: string, where = sql`true`) => sql<AccountRow>`
  SELECT a.id, a.code, a.name, a.type, a.parent_id, a.role, a.money_account_id,
         a.expense_type_id, a.closed_at IS NOT NULL AS closed,
         coalesce(b.balance, 0)::text AS balance,
         EXISTS (SELECT 1 FROM ledger_lines l WHERE l.account_id = a.id) AS has_postings
  FROM ledger_accounts a
  LEFT JOIN (
    SELECT account_id, sum(debit - credit) AS balance FROM (${ledgerTotals(null, today)}) d
    WHERE basis <> 'C' GROUP BY account_id
  ) b ON b.account_id = a.id
  WHERE ${where}
  ORDER BY a.code, a.id`;

export async function listLedgerAccounts(db: Db, today: string): Promise<LedgerAccount[]> {
  const { rows } = await accountsQuery(today).execute(db);
  return rows.map(toAccount);
}

async function readAccount(db: Db, id: number, today: string): Promise<AccountRow | undefined> {
  const { rows } = await accountsQuery(today, sql`a.id = ${id}`).execute(db);
  return rows[0];
}

/** Refuses a parent that does not exist, has another type, or lies under the account itself. */
async function checkParent(
  tx: Db,
  parentId: number | null,
  type: LedgerAccountType,
  self?: number,
): Promise<void> {
  if (parentId === null) return;
  const { rows } = await sql<{ id: number; type: string; ancestors: number[] }>`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM ledger_accounts WHERE id = ${parentId}
      UNION
      SELECT a.id, a.parent_id FROM ledger_accounts a JOIN up ON a.id = up.parent_id
    )
    SELECT p.id, p.type, array(SELECT id FROM up) AS ancestors
    FROM ledger_accounts p WHERE p.id = ${parentId}`.execute(tx);
  const parent = rows[0];
  if (!parent) throw notFound(m.parentNotFound);
  if (parent.type !== type) throw badRequest(m.parentTypeDiffers);
  if (self !== undefined && parent.ancestors.map(Number).includes(self))
    throw badRequest(m.parentLoop);
}

const saving = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw conflict(m.codeTaken);
    throw error;
  }
};

export async function createLedgerAccount(
  db: Db,
  userId: number,
  body: LedgerAccountBody,
  today: string,
): Promise<LedgerAccount> {
  return saving(() =>
    db.transaction().execute(async (tx) => {
      const parentId = body.parentId ?? null;
      await checkParent(tx, parentId, body.type);
      const { rows } = await sql<{ id: number }>`
        INSERT INTO ledger_accounts (code, name, type, parent_id, closed_at)
        VALUES (${body.code}, ${body.name.trim()}, ${body.type}, ${parentId},
                ${body.closed ? sql`now()` : null})
        RETURNING id`.execute(tx);
      const account = toAccount((await readAccount(tx, Number(rows[0]!.id), today))!);
      await audit(tx, {
        actorId: userId,
        action: 'create',
        entity: 'ledger_account',
        entityId: account.id,
        after: account,
      });
      return account;
    }),
  );
}

export async function updateLedgerAccount(
  db: Db,
  userId: number,
  id: number,
  body: LedgerAccountBody,
  today: string,
): Promise<LedgerAccount> {
  return saving(() =>
    db.transaction().execute(async (tx) => {
      // One change of the chart at a time: two accounts moved under each other at once would
      // each pass the loop check alone. (Admins' edits are rare; readers are not held up.)
      await sql`LOCK TABLE ledger_accounts IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
      await sql`SELECT id FROM ledger_accounts WHERE id = ${id} FOR UPDATE`.execute(tx);
      const before = await readAccount(tx, id, today);
      if (!before) throw notFound(m.accountNotFound);
      const kept = before.money_account_id !== null || before.expense_type_id !== null;
      const name = body.name.trim();
      const closed = body.closed ?? before.closed;
      if (kept && (name !== before.name || closed !== before.closed)) throw conflict(m.keptAccount);
      if (body.type !== before.type && (kept || before.role !== null || before.has_postings))
        throw conflict(m.typeFixed);
      if (before.role !== null && closed) throw conflict(m.keptAccount);
      const parentId = body.parentId === undefined ? before.parent_id : body.parentId;
      await checkParent(tx, parentId, body.type, id);
      await sql`
        UPDATE ledger_accounts
           SET code = ${body.code}, name = ${name}, type = ${body.type}, parent_id = ${parentId},
               closed_at = CASE WHEN ${closed} THEN coalesce(closed_at, now()) END
         WHERE id = ${id}`.execute(tx);
      const account = toAccount((await readAccount(tx, id, today))!);
      await audit(tx, {
        actorId: userId,
        action: 'update',
        entity: 'ledger_account',
        entityId: id,
        before: toAccount(before),
        after: account,
      });
      return account;
    }),
  );
}
