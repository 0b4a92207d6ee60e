// Money accounts (issue 33, docs/decisions/023-bank-accounts.md): the list with each account's
// balance today (from the per-day roll-up of migration 027 and the transfers), and the admins'
// create and update, keeping exactly one default account.
import { sql, type RawBuilder } from 'kysely';
import {
  accountMessages as m,
  centsOf,
  hasAtMostTwoDecimals,
  OFFICE_CURRENCY,
  statementMessages as sm,
  plainMoney,
  type Account,
  type AccountBody,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { addDays, isRealDay } from '../lib/dates.js';
import { badRequest, conflict, notFound, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { guardReconciled } from '../books/index.js';

/** An account not reconciled through a day within this many days is overdue (the dashboard). */
export const RECONCILE_OVERDUE_DAYS = 35;

interface AccountRow {
  id: number;
  name: string;
  kind: Account['kind'];
  bank_name: string | null;
  last4: string | null;
  opening_balance: string;
  opening_date: string;
  is_default: boolean;
  currency: string;
  reconciled_through: string | null;
  balance: string;
}

const toAccount = (row: AccountRow, today: string): Account => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  bankName: row.bank_name,
  last4: row.last4,
  openingBalance: Number(row.opening_balance),
  openingDate: row.opening_date,
  isDefault: row.is_default,
  currency: row.currency,
  balance: Number(row.balance),
  reconciledThrough: row.reconciled_through,
  reconcileOverdue:
    row.kind === 'Bank' &&
    (row.reconciled_through === null ||
      row.reconciled_through < addDays(today, -RECONCILE_OVERDUE_DAYS)),
});

/**
 * The SQL of an account's balance at the end of `day`: opening balance, entries' money in and out
 * (the roll-up and what is still queued), transfers in and out, vouchers' lines (migration 038).
 */
export const balanceAt = (accountId: RawBuilder<unknown>, day: string) => sql`(
  SELECT acc.opening_balance
    + coalesce((SELECT sum(d.total) FROM account_daily_current d
                WHERE d.account_id = acc.id AND d.day <= ${day}::date), 0)
    + coalesce((SELECT sum(t.amount) FROM account_transfers t
                WHERE t.to_account_id = acc.id AND t.transfer_date <= ${day}::date), 0)
    - coalesce((SELECT sum(t.amount) FROM account_transfers t
                WHERE t.from_account_id = acc.id AND t.transfer_date <= ${day}::date), 0)
    + coalesce((SELECT sum(v.amount) FROM money_voucher_moves v
                WHERE v.account_id = acc.id AND v.line_date <= ${day}::date), 0)
  FROM accounts acc WHERE acc.id = ${accountId})`;

const COLUMNS = (today: string) => sql`a.id, a.name, a.kind, a.bank_name, a.last4,
  a.opening_balance::text AS opening_balance, a.opening_date, a.is_default, a.currency,
  a.reconciled_through, ${balanceAt(sql`a.id`, today)}::text AS balance`;

/**
 * Every account with its balance today: each source summed once for all accounts (the days of the
 * roll-up, transfers in and out), rather than once per account.
 */
export async function listAccounts(db: Db, today: string): Promise<Account[]> {
  const { rows } = await sql<AccountRow>`
    WITH days AS (
      SELECT account_id, sum(total) AS total FROM account_daily_current
      WHERE day <= ${today}::date GROUP BY account_id
    ), moved AS (
      SELECT to_account_id AS account_id, amount FROM account_transfers
      WHERE transfer_date <= ${today}::date
      UNION ALL
      SELECT from_account_id, -amount FROM account_transfers WHERE transfer_date <= ${today}::date
      UNION ALL
      SELECT account_id, amount FROM money_voucher_moves WHERE line_date <= ${today}::date
    ), transfers AS (SELECT account_id, sum(amount) AS total FROM moved GROUP BY account_id)
    SELECT a.id, a.name, a.kind, a.bank_name, a.last4, a.opening_balance::text AS opening_balance,
           a.opening_date, a.is_default, a.currency, a.reconciled_through,
           (a.opening_balance + coalesce(d.total, 0) + coalesce(t.total, 0))::text AS balance
    FROM accounts a
    LEFT JOIN days d ON d.account_id = a.id
    LEFT JOIN transfers t ON t.account_id = a.id
    ORDER BY a.is_default DESC, lower(a.name), a.id`.execute(db);
  return rows.map((row) => toAccount(row, today));
}

export async function getAccount(db: Db, id: number, today: string): Promise<Account> {
  const { rows } = await sql<AccountRow>`
    SELECT ${COLUMNS(today)} FROM accounts a WHERE a.id = ${id}`.execute(db);
  if (!rows[0]) throw notFound(m.accountNotFound);
  return toAccount(rows[0], today);
}

/** The cents text of a signed amount from the contract (number or text), or a 400. */
export function signedMoney(value: number | string, field: string): string {
  if (typeof value === 'number' && !hasAtMostTwoDecimals(value))
    throw badRequest(`${field} must have at most 2 decimals`);
  return plainMoney(value);
}

function checkBody(body: AccountBody): void {
  if (!isRealDay(body.openingDate)) throw badRequest('openingDate must be a valid date');
  if (body.kind === 'Cash' && (body.last4 || body.bankName))
    throw badRequest('A cash account has no bank name or account number');
  if (body.currency !== undefined && !CURRENCIES.has(body.currency))
    throw badRequest(sm.unknownCurrency);
}

/** The ISO 4217 codes this runtime knows (PKR, USD, EUR, ...). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

const values = (body: AccountBody) => ({
  name: body.name.trim(),
  kind: body.kind,
  bank_name: body.bankName?.trim() || null,
  last4: body.last4 ?? null,
  opening_balance: signedMoney(body.openingBalance, 'openingBalance'),
  opening_date: body.openingDate,
  currency: body.currency ?? null,
});

const nameTaken = (error: unknown) => {
  if (pgCode(error) === PG_UNIQUE_VIOLATION) return conflict(m.accountNameTaken);
  return error;
};

/** Makes `id` the only default (inside the caller's transaction). */
async function makeDefault(tx: Db, id: number): Promise<void> {
  // The one default row is locked first, so two admins switching at once take turns.
  await sql`SELECT id FROM accounts WHERE is_default FOR UPDATE`.execute(tx);
  await sql`UPDATE accounts SET is_default = false, updated_at = now()
            WHERE is_default AND id <> ${id}`.execute(tx);
  await sql`UPDATE accounts SET is_default = true, updated_at = now() WHERE id = ${id}`.execute(tx);
}

export async function createAccount(
  db: Db,
  userId: number,
  body: AccountBody,
  today: string,
): Promise<Account> {
  checkBody(body);
  try {
    return await db.transaction().execute(async (tx) => {
      const v = values(body);
      const { rows } = await sql<{ id: number }>`
        INSERT INTO accounts (name, kind, bank_name, last4, opening_balance, opening_date,
                              currency)
        VALUES (${v.name}, ${v.kind}, ${v.bank_name}, ${v.last4}, ${v.opening_balance}::numeric,
                ${v.opening_date}::date, ${v.currency ?? OFFICE_CURRENCY})
        RETURNING id`.execute(tx);
      const id = Number(rows[0]!.id);
      if (body.isDefault) await makeDefault(tx, id);
      const account = await getAccount(tx, id, today);
      await audit(tx, {
        actorId: userId,
        action: 'create',
        entity: 'account',
        entityId: id,
        after: account,
      });
      return account;
    });
  } catch (error) {
    throw nameTaken(error);
  }
}

export async function updateAccount(
  db: Db,
  userId: number,
  id: number,
  body: AccountBody,
  today: string,
): Promise<Account> {
  checkBody(body);
  try {
    return await db.transaction().execute(async (tx) => {
      const { rows } = await sql<{
        is_default: boolean;
        opening_balance: string;
        opening_date: string;
      }>`
        SELECT is_default, opening_balance::text AS opening_balance, opening_date
        FROM accounts WHERE id = ${id} FOR UPDATE`.execute(tx);
      if (!rows[0]) throw notFound(m.accountNotFound);
      if (rows[0].is_default && body.isDefault === false) throw conflict(m.defaultRequired);
      const before = await getAccount(tx, id, today);
      const v = values(body);
      // The opening balance is in every balance from the opening day on: changing it, or the day,
      // in a reconciled account needs an admin's reason.
      const opening = rows[0];
      if (
        centsOf(opening.opening_balance) !== centsOf(v.opening_balance) ||
        opening.opening_date !== v.opening_date
      )
        await guardReconciled(
          tx,
          [{ accountId: id, day: [opening.opening_date, v.opening_date].sort()[0]! }],
          { userId, reason: body.reason },
          {
            opening: {
              before: { balance: before.openingBalance, day: opening.opening_date },
              after: { balance: Number(v.opening_balance), day: v.opening_date },
            },
          },
        );
      await sql`
        UPDATE accounts SET name = ${v.name}, kind = ${v.kind}, bank_name = ${v.bank_name},
               last4 = ${v.last4}, opening_balance = ${v.opening_balance}::numeric,
               opening_date = ${v.opening_date}::date,
               currency = coalesce(${v.currency}, currency), updated_at = now()
        WHERE id = ${id}`.execute(tx);
      if (body.isDefault && !rows[0].is_default) await makeDefault(tx, id);
      const after = await getAccount(tx, id, today);
      await audit(tx, {
        actorId: userId,
        action: 'update',
        entity: 'account',
        entityId: id,
        before,
        after: body.reason?.trim() ? { ...after, reason: body.reason.trim() } : after,
      });
      return after;
    });
  } catch (error) {
    throw nameTaken(error);
  }
}
