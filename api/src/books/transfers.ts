// The one writer of transfers between money accounts (issue 33, decision 023): a transfer is not
// income or expense and changes no report figure, only the two accounts' balances. Like an entry
// it is never changed: a mistake is reversed by a mirrored transfer (negative amount, same day).
import { sql } from 'kysely';
import { postTransfers, withPosting } from './ledger-posting.js';
import {
  accountMessages as m,
  amountNumber,
  hasAtMostTwoDecimals,
  plainMoney,
  type Transfer,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { badRequest, conflict, notFound, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { lockAccounts } from './accounts.js';
import { refuseClosedPeriod } from './closed-period.js';
import { checkEntryDate } from './entries.js';
import { guardReconciled } from './reconciled-period.js';

interface TransferRow {
  id: number;
  from_account_id: number;
  to_account_id: number;
  amount: string;
  transfer_date: string;
  description: string;
  reverses_id: number | null;
  created_at: Date;
}

const COLUMNS = sql`id, from_account_id, to_account_id, amount::text AS amount, transfer_date,
  description, reverses_id, created_at`;

const toTransfer = (row: TransferRow): Transfer => ({
  id: Number(row.id),
  fromAccountId: row.from_account_id,
  toAccountId: row.to_account_id,
  amount: amountNumber(row.amount),
  date: row.transfer_date,
  description: row.description,
  reversesId: row.reverses_id === null ? null : Number(row.reverses_id),
  createdAt: row.created_at.toISOString(),
});

export async function recordTransfer(
  db: Db,
  userId: number,
  input: {
    fromAccountId: number;
    toAccountId: number;
    amount: number | string;
    date: string;
    description?: string;
    /** An admin's reason for a transfer dated in an account's reconciled period. */
    reason?: string;
  },
  today: string,
): Promise<Transfer> {
  if (input.fromAccountId === input.toAccountId) throw badRequest(m.transferSameAccount);
  if (typeof input.amount === 'number' && !hasAtMostTwoDecimals(input.amount))
    throw badRequest('amount must have at most 2 decimals');
  return db.transaction().execute(async (tx) => {
    await checkEntryDate(tx, input.date, today);
    await lockAccounts(tx, [input.fromAccountId, input.toAccountId]);
    const { rows } = await sql<TransferRow>`${withPosting(
      sql`
        INSERT INTO account_transfers (from_account_id, to_account_id, amount, transfer_date,
                                       description, created_by)
        VALUES (${input.fromAccountId}, ${input.toAccountId}, ${plainMoney(input.amount)}::numeric,
                ${input.date}::date, ${(input.description ?? '').trim()}, ${userId})
        RETURNING *`,
      postTransfers,
      COLUMNS,
    )}`.execute(tx);
    const transfer = toTransfer(rows[0]!);
    await guardReconciled(
      tx,
      [
        { accountId: transfer.fromAccountId, day: transfer.date },
        { accountId: transfer.toAccountId, day: transfer.date },
      ],
      { userId, reason: input.reason },
      { transfer: transfer.id },
    );
    await audit(tx, {
      actorId: userId,
      action: 'create',
      entity: 'transfer',
      entityId: transfer.id,
      after: transfer,
    });
    return transfer;
  });
}

export async function reverseTransfer(
  db: Db,
  userId: number,
  input: { id: number; reason: string },
): Promise<Transfer> {
  const reason = input.reason.trim();
  try {
    return await db.transaction().execute(async (tx) => {
      const { rows } = await sql<TransferRow & { reversed_by: number | null }>`
        SELECT ${COLUMNS}, (SELECT r.id FROM account_transfers r WHERE r.reverses_id = t.id) AS reversed_by
        FROM account_transfers t WHERE id = ${input.id} FOR UPDATE`.execute(tx);
      const original = rows[0];
      if (!original) throw notFound(m.transferNotFound);
      if (original.reverses_id !== null) throw conflict(m.transferReversalNotReversible);
      if (original.reversed_by !== null) throw conflict(m.transferAlreadyReversed);
      await refuseClosedPeriod(tx, [original.transfer_date], 'entry');
      const inserted = await sql<TransferRow>`${withPosting(
        sql`
          INSERT INTO account_transfers (from_account_id, to_account_id, amount, transfer_date,
                                         description, reverses_id, created_by)
          SELECT from_account_id, to_account_id, -amount, transfer_date, ${reason}, id, ${userId}
          FROM account_transfers WHERE id = ${input.id}
          RETURNING *`,
        postTransfers,
        COLUMNS,
      )}`.execute(tx);
      const reversal = toTransfer(inserted.rows[0]!);
      // Both accounts' money on the day, and the statement lines the transfer is matched to.
      const { rows: lines } = await sql<{ account_id: number; day: string }>`
        SELECT l.account_id, l.line_date::text AS day
        FROM statement_matches sm JOIN statement_lines l ON l.id = sm.line_id
        WHERE sm.transfer_id = ${input.id}`.execute(tx);
      await guardReconciled(
        tx,
        [
          { accountId: reversal.fromAccountId, day: reversal.date },
          { accountId: reversal.toAccountId, day: reversal.date },
          ...lines.map((line) => ({ accountId: line.account_id, day: line.day })),
        ],
        { userId, reason },
        { transferReversed: input.id },
      );
      await audit(tx, {
        actorId: userId,
        action: 'reverse',
        entity: 'transfer',
        entityId: input.id,
        before: toTransfer(original),
        after: { reason, reversal },
      });
      return reversal;
    });
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw conflict(m.transferAlreadyReversed);
    throw error;
  }
}
