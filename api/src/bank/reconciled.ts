// "Reconciled through" a day (issue 33): the opening balance plus every matched line through the
// day must be the statement's closing balance; the day then closes the account's period through
// it (books/reconciled-period.ts). It only moves forward, and never past today: moving it back
// is an admin's act with a reason, kept in the activity (issue 39).
import { sql } from 'kysely';
import { accountMessages as m, centsOf, centsText, formatMoney, amountNumber } from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { isRealDay } from '../lib/dates.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { getAccount } from './accounts.js';
import { allowReconciledChange } from '../books/index.js';
import { importUnderWay } from './import-batches.js';

export async function markReconciled(
  db: Db,
  userId: number,
  accountId: number,
  body: { through: string; closingBalance: number | string; reason?: string },
  today: string,
) {
  if (!isRealDay(body.through)) throw badRequest('through must be a valid date');
  if (body.through > today) throw badRequest(m.reconciledInFuture);
  const closing = centsOf(body.closingBalance);
  await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{
      opening_balance: string;
      opening_date: string;
      reconciled_through: string | null;
    }>`
      SELECT opening_balance::text AS opening_balance, opening_date, reconciled_through
      FROM accounts WHERE id = ${accountId} FOR UPDATE`.execute(tx);
    // (The lock an unmatch and every change of a match take too: they wait for each other.)
    const account = rows[0];
    if (!account) throw notFound(m.accountNotFound);
    // Not while a statement's lines are being written (import-batches.ts): they were checked
    // against the reconciled period as it was when the import started.
    await importUnderWay(tx, accountId);
    if (body.through < account.opening_date) throw conflict(m.reconcileBeforeOpening);
    const before = account.reconciled_through;
    const reason =
      before !== null && body.through < before
        ? await allowReconciledChange(
            tx,
            { userId, reason: body.reason },
            `${m.reconciledBack} ${before}`,
          )
        : undefined;
    const sums = await sql<{ total: string }>`
      SELECT coalesce(sum(amount), 0)::text AS total FROM statement_lines
      WHERE account_id = ${accountId} AND status = 'matched' AND line_date <= ${body.through}::date`.execute(
      tx,
    );
    const books = centsOf(account.opening_balance) + centsOf(sums.rows[0]!.total);
    if (books !== closing)
      throw conflict(`${m.reconcileDiffers} ${formatMoney(centsText(closing - books))}`);
    await sql`UPDATE accounts SET reconciled_through = ${body.through}::date, updated_at = now()
              WHERE id = ${accountId}`.execute(tx);
    await audit(tx, {
      actorId: userId,
      action: 'reconciled',
      entity: 'account',
      entityId: accountId,
      before: { reconciledThrough: account.reconciled_through },
      after: {
        reconciledThrough: body.through,
        closingBalance: amountNumber(centsText(closing)),
        ...(reason === undefined ? {} : { reason }),
      },
    });
  });
  return getAccount(db, accountId, today);
}
