// Vouchers (issue 40): dated journal entries of two or more lines to any accounts, for what no
// entry form records (adjustments, accruals, loans, owner's capital). Posted whole or not at all:
// refused unless debits equal credits (the message names the difference; the database refuses
// them too), in the closed period, or to a closed account. Reversed with a reason, never edited.
import { sql } from 'kysely';
import {
  amountNumber,
  centsText,
  hasAtMostTwoDecimals,
  ledgerMessages as m,
  toCents,
  type Voucher,
  type VoucherBody,
} from 'contract';
import type { Db } from '../db/index.js';
import {
  checkEntryDate,
  guardReconciled,
  insertVoucher,
  insertVoucherReversal,
  refuseClosedPeriod,
  type Move,
  type VoucherLineCents,
} from '../books/index.js';
import { audit } from '../lib/audit.js';
import { badRequest, conflict, notFound, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { idCursor, parseIdCursor } from '../lib/page-cursor.js';

type LineCents = VoucherLineCents;

/** The lines in cents, each with one side; refuses a line with both, neither, or sub-cents. */
function linesInCents(body: VoucherBody): LineCents[] {
  return body.lines.map((line) => {
    for (const side of [line.debit, line.credit])
      if (typeof side === 'number' && !hasAtMostTwoDecimals(side))
        throw badRequest('amount must have at most 2 decimals');
    const debit = line.debit === undefined ? 0n : (toCents(line.debit) ?? 0n);
    const credit = line.credit === undefined ? 0n : (toCents(line.credit) ?? 0n);
    if (debit > 0n === credit > 0n) throw badRequest(m.voucherLineSide);
    return { accountId: line.accountId, debit, credit };
  });
}

interface VoucherRow {
  id: number;
  voucher_date: string;
  description: string;
  reverses_id: number | null;
  reversed_by: number | null;
  created_at: Date;
  lines: { accountId: number; code: string; name: string; debit: string; credit: string }[];
}

const vouchersQuery = (where: ReturnType<typeof sql>, limit = 1) => sql<VoucherRow>`
  SELECT v.id, v.voucher_date::text AS voucher_date, v.description, v.reverses_id,
         (SELECT r.id FROM vouchers r WHERE r.reverses_id = v.id) AS reversed_by, v.created_at,
         coalesce((
           SELECT json_agg(json_build_object('accountId', a.id, 'code', a.code, 'name', a.name,
                                             'debit', l.debit::text, 'credit', l.credit::text)
                           ORDER BY l.id)
           FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
           WHERE l.source = 'voucher' AND l.source_id = v.id
         ), '[]') AS lines
  FROM vouchers v WHERE ${where} ORDER BY v.id DESC LIMIT ${limit}`;

const toVoucher = (row: VoucherRow): Voucher => ({
  id: Number(row.id),
  date: row.voucher_date,
  description: row.description,
  reversesId: row.reverses_id === null ? null : Number(row.reverses_id),
  reversedById: row.reversed_by === null ? null : Number(row.reversed_by),
  createdAt: row.created_at.toISOString(),
  lines: row.lines.map((line) => ({
    accountId: line.accountId,
    code: line.code,
    name: line.name,
    debit: amountNumber(line.debit),
    credit: amountNumber(line.credit),
  })),
});

async function readVoucher(db: Db, id: number): Promise<Voucher> {
  const { rows } = await vouchersQuery(sql`v.id = ${id}`).execute(db);
  return toVoucher(rows[0]!);
}

export async function listVouchers(db: Db, query: { limit?: number; after?: string }) {
  const limit = query.limit ?? 50;
  const after = parseIdCursor('vouchers', query.after);
  const { rows } = await vouchersQuery(
    after === undefined ? sql`true` : sql`v.id < ${after}`,
    limit + 1,
  ).execute(db);
  const page = rows.slice(0, limit).map(toVoucher);
  return {
    vouchers: page,
    next: rows.length > limit ? idCursor('vouchers', page[page.length - 1]!.id) : null,
  };
}

interface LineAccount {
  id: number;
  code: string;
  closed: boolean;
  money_account_id: number | null;
  own: boolean;
}

/**
 * The lines' accounts, refusing one that does not exist or is closed, and the books' own
 * accounts (receivable, sales, salaries, an expense type's): their figures are the client,
 * employee and expense-type reports', which only entries write.
 */
export async function lineAccounts(tx: Db, ids: number[]): Promise<Map<number, LineAccount>> {
  const { rows } = await sql<LineAccount>`
    SELECT id, code, closed_at IS NOT NULL AS closed, money_account_id,
           (role IN ('receivable', 'sales', 'salaries') OR expense_type_id IS NOT NULL) AS own
    FROM ledger_accounts WHERE id = ANY(${ids}::integer[]) FOR SHARE`.execute(tx);
  const found = new Map(rows.map((row) => [Number(row.id), row]));
  for (const id of ids) {
    const account = found.get(id);
    if (!account) throw notFound(m.voucherAccountMissing);
    if (account.closed) throw badRequest(m.voucherAccountClosed(account.code));
    if (account.own) throw badRequest(m.booksOwnAccount(account.code));
  }
  return found;
}

/** The money accounts a voucher's lines move, each on its day (the reconciled-period guard). */
const moneyMoves = (accounts: Map<number, LineAccount>, lines: LineCents[], day: string): Move[] =>
  lines.flatMap((line) => {
    const money = accounts.get(line.accountId)?.money_account_id ?? null;
    return money === null ? [] : [{ accountId: Number(money), day }];
  });

export async function createVoucher(
  db: Db,
  userId: number,
  body: VoucherBody,
  today: string,
): Promise<Voucher> {
  return db.transaction().execute((tx) => postVoucher(tx, userId, body, today));
}

/** Posts a voucher inside `tx` (a voucher of its own, or one booked from a statement line). */
export async function postVoucher(
  tx: Db,
  userId: number,
  body: VoucherBody,
  today: string,
): Promise<Voucher> {
  const lines = linesInCents(body);
  const difference = lines.reduce((sum, line) => sum + line.debit - line.credit, 0n);
  if (difference !== 0n)
    throw badRequest(m.voucherUnbalanced(centsText(difference < 0n ? -difference : difference)));
  {
    await checkEntryDate(tx, body.date, today);
    const accounts = await lineAccounts(tx, [...new Set(lines.map((line) => line.accountId))]);
    const id = await insertVoucher(
      tx,
      { day: body.date, description: body.description.trim(), userId },
      lines,
    );
    await guardReconciled(
      tx,
      moneyMoves(accounts, lines, body.date),
      { userId, reason: body.reason },
      { voucher: id },
    );
    const voucher = await readVoucher(tx, id);
    await audit(tx, {
      actorId: userId,
      action: 'create',
      entity: 'voucher',
      entityId: id,
      after: voucher,
    });
    return voucher;
  }
}

export async function reverseVoucher(
  db: Db,
  userId: number,
  id: number,
  reason: string,
): Promise<Voucher> {
  try {
    return await db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ voucher_date: string; reverses_id: number | null }>`
        SELECT voucher_date::text AS voucher_date, reverses_id FROM vouchers
        WHERE id = ${id} FOR UPDATE`.execute(tx);
      const original = rows[0];
      if (!original) throw notFound(m.voucherNotFound);
      if (original.reverses_id !== null) throw conflict(m.voucherReversalNotReversible);
      const existing = await sql`SELECT 1 FROM vouchers WHERE reverses_id = ${id}`.execute(tx);
      if (existing.rows.length > 0) throw conflict(m.voucherAlreadyReversed);
      await refuseClosedPeriod(tx, [original.voucher_date], 'entry');
      const reversalId = await insertVoucherReversal(
        tx,
        { id, day: original.voucher_date },
        reason.trim(),
        userId,
      );
      // The money it moved, and the statement lines it is matched to, change with it.
      const { rows: moved } = await sql<{ account_id: number; day: string }>`
        SELECT account_id, line_date::text AS day FROM money_voucher_moves WHERE voucher_id = ${id}
        UNION ALL
        SELECT l.account_id, l.line_date::text FROM statement_matches sm
        JOIN statement_lines l ON l.id = sm.line_id WHERE sm.voucher_id = ${id}`.execute(tx);
      await guardReconciled(
        tx,
        moved.map((row): Move => ({ accountId: row.account_id, day: row.day })),
        { userId, reason },
        { voucherReversed: id },
      );
      const reversal = await readVoucher(tx, reversalId);
      await audit(tx, {
        actorId: userId,
        action: 'reverse',
        entity: 'voucher',
        entityId: id,
        after: reversal,
      });
      return reversal;
    });
  } catch (error) {
    // Two reversals at once: the unique index lets one through.
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw conflict(m.voucherAlreadyReversed);
    throw error;
  }
}
