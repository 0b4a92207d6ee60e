// A statement line booked to a ledger account (issue 40): bank charges, bank profit, other
// income, a loan or capital paid in, with no client, expense type or employee. The books' writer
// of vouchers posts it (money account against the chosen account, on the line's day, for its
// amount) and the line is matched to the voucher, in one transaction. Staff book lines as they
// record entries from them; the books' own accounts are refused as in any voucher.
import { sql } from 'kysely';
import {
  accountMessages as am,
  centsOf,
  centsText,
  ledgerMessages as m,
  type LedgerLineEntryBody,
  type Voucher,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { badRequest, conflict } from '../lib/errors.js';
import { lockLine, raced } from '../bank/match-write.js';
import { postVoucher } from './vouchers.js';

export async function voucherFromLine(
  db: Db,
  userId: number,
  accountId: number,
  lineId: number,
  body: LedgerLineEntryBody,
  today: string,
): Promise<Voucher> {
  try {
    return await db.transaction().execute(async (tx) => {
      const line = await lockLine(tx, accountId, lineId);
      if (line.status !== 'unmatched') throw conflict(am.lineNotUnmatched);
      const { rows } = await sql<{ id: number; target_money: number | null }>`
        SELECT (SELECT id FROM ledger_accounts WHERE money_account_id = ${accountId}) AS id,
               (SELECT money_account_id FROM ledger_accounts WHERE id = ${body.ledgerAccountId})
                 AS target_money`.execute(tx);
      if (rows[0]?.target_money != null) throw badRequest(m.lineToMoneyAccount);
      const money = Number(rows[0]!.id);
      const cents = centsOf(line.amount);
      const amount = centsText(cents < 0n ? -cents : cents);
      // Money in: the money account is debited; money out: the chosen account is.
      const [debit, credit] =
        cents > 0n ? [money, body.ledgerAccountId] : [body.ledgerAccountId, money];
      const voucher = await postVoucher(
        tx,
        userId,
        {
          date: line.line_date,
          description: (body.description ?? line.description).trim().slice(0, 500) || 'Bank line',
          lines: [
            { accountId: debit, debit: amount },
            { accountId: credit, credit: amount },
          ],
          reason: body.reason,
        },
        today,
      );
      await sql`
        INSERT INTO statement_matches (line_id, account_id, voucher_id, matched_by)
        VALUES (${lineId}, ${accountId}, ${voucher.id}, ${userId})`.execute(tx);
      await sql`UPDATE statement_lines SET status = 'matched' WHERE id = ${lineId}`.execute(tx);
      await audit(tx, {
        actorId: userId,
        action: 'matched',
        entity: 'statement_line',
        entityId: lineId,
        after: {
          accountId,
          date: line.line_date,
          amount: Number(centsText(cents)),
          voucherId: voucher.id,
        },
      });
      return voucher;
    });
  } catch (error) {
    throw raced(error);
  }
}
