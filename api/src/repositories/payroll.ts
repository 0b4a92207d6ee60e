// Payroll runs (docs/decisions/017-payroll-recurring.md): a month's salaries posted as one batch
// of salary entries in one transaction. Each employee is paid once per month by payroll runs:
// the partial unique key of `payroll_payments` (migration 018) claims the employee-month before
// the entry is written, so a second run for the month (a double click, two tabs, another server
// process) finds the claim taken and leaves that employee out. Undoing the run's batch frees its
// employee-months (the hook registered below).
import { sql } from 'kysely';
import {
  amountNumber,
  apiMessages,
  formatMoney,
  hasAtMostTwoDecimals,
  plainMoney,
  payrollPostedText,
  type PayrollLine,
  type PayrollPosted,
  type PayrollSheet,
} from 'contract';
import type { Db } from '../db/index.js';
import { badRequest } from '../lib/errors.js';
import {
  checkEntryDate,
  closedThrough,
  createBatch,
  inClosedPeriod,
  insertEntries,
  lockAccounts,
  lockParties,
} from '../books/index.js';
import { registerBatchReversal } from './batches.js';

/** First and last day of a month given as YYYY-MM (9999-12 included). */
export function monthDays(month: string): { from: string; to: string } {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
  return { from: `${month}-01`, to: `${month}-${String(last.getUTCDate()).padStart(2, '0')}` };
}

/** The day a month's salaries are dated: its last day, or today while the month runs. */
export function payrollDate(month: string, today: string): string {
  const { to } = monthDays(month);
  return today.slice(0, 7) === month && today < to ? today : to;
}

/** "November 2026". */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export async function payrollSheet(db: Db, month: string, today: string): Promise<PayrollSheet> {
  const { from, to } = monthDays(month);
  const date = payrollDate(month, today);
  const closed = await closedThrough(db);
  const { rows } = await sql<{
    id: number;
    name: string;
    number: string;
    salary: string | null;
    paid: string;
    by_payroll: boolean;
    last_paid: string | null;
  }>`
    SELECT e.id, e.name, e.number, e.monthly_salary::text AS salary,
           coalesce((SELECT sum(x.amount) FROM entries x
                     WHERE x.kind = 'salary' AND x.employee_id = e.id
                       AND x.entry_date BETWEEN ${from} AND ${to}), 0)::text AS paid,
           EXISTS (SELECT 1 FROM payroll_payments p
                   WHERE p.employee_id = e.id AND p.month = ${from}
                     AND p.reversed_at IS NULL) AS by_payroll,
           (SELECT sum(x.amount) FROM entries x
            WHERE x.kind = 'salary' AND x.employee_id = e.id
              AND x.entry_date >= (${from}::date - interval '1 month')::date
              AND x.entry_date < ${from}::date)::text AS last_paid
    FROM employees e
    ORDER BY e.name, e.id`.execute(db);
  return {
    month,
    date,
    closed: inClosedPeriod(date, closed),
    rows: rows.map((row) => ({
      employeeId: row.id,
      name: row.name,
      number: row.number,
      monthlySalary: row.salary === null ? null : amountNumber(row.salary),
      paid: amountNumber(row.paid),
      paidByPayroll: row.by_payroll,
      // Nothing, or a month whose salaries were all reversed, offers nothing.
      lastMonthPaid:
        row.last_paid === null || amountNumber(row.last_paid) <= 0
          ? null
          : amountNumber(row.last_paid),
    })),
  };
}

/** Thrown inside the transaction when every employee asked for was already paid: rolls back. */
class NothingToPost extends Error {}

export async function postPayroll(
  db: Db,
  userId: number,
  input: { month: string; lines: PayrollLine[]; accountId?: number },
  today: string,
): Promise<PayrollPosted> {
  const ids = input.lines.map((line) => line.employeeId);
  if (new Set(ids).size !== ids.length) throw badRequest(apiMessages.payrollEmployeeTwice);
  const lines = input.lines
    .map((line) => ({ employeeId: line.employeeId, amount: Number(line.amount) }))
    .sort((a, b) => a.employeeId - b.employeeId);
  if (!lines.every((line) => hasAtMostTwoDecimals(line.amount)))
    throw badRequest('amount must have at most 2 decimals');

  const month = `${input.month}-01`;
  const date = payrollDate(input.month, today);
  const name = monthName(input.month);
  const amounts = lines.map((line) => plainMoney(line.amount));
  try {
    return await db.transaction().execute(async (tx) => {
      await checkEntryDate(tx, date, today);
      // No employee is deleted or renamed before their entry is in.
      const names = await lockParties(tx, 'salary', ids, apiMessages.payrollEmployeeMissing);
      await lockAccounts(tx, [input.accountId]);

      const batchId = await createBatch(tx, {
        kind: 'payroll',
        label: `Payroll ${name}`,
        userId,
        details: { month: input.month },
      });
      // The claims, in employee order (two runs at once wait on each other, never deadlock); a
      // claim already held by a run not undone is left out, after that run commits.
      const { rows: claimed } = await sql<{ employee_id: number }>`
        INSERT INTO payroll_payments (employee_id, month, batch_id)
        SELECT id, ${month}::date, ${batchId} FROM unnest(${lines.map((l) => l.employeeId)}::int[]) AS id
        ORDER BY id
        ON CONFLICT (employee_id, month) WHERE reversed_at IS NULL DO NOTHING
        RETURNING employee_id`.execute(tx);
      if (claimed.length === 0) throw new NothingToPost();

      const paid = new Set(claimed.map((row) => row.employee_id));
      const posting = lines.flatMap((line, i) =>
        paid.has(line.employeeId) ? [{ ...line, amount: amounts[i]! }] : [],
      );
      const written = await insertEntries(
        tx,
        posting.map((line) => ({
          kind: 'salary' as const,
          partyId: line.employeeId,
          partyName: names.get(line.employeeId)!,
          amount: line.amount,
          creditDebit: 'Credit' as const,
          description: `Salary for ${name}`,
          date,
          accountId: input.accountId,
        })),
        { userId, batchId },
      );
      await sql`
        UPDATE payroll_payments p SET entry_id = w.id
        FROM unnest(${written}::bigint[],
                    ${posting.map((line) => line.employeeId)}::int[]) AS w(id, employee_id)
        WHERE p.batch_id = ${batchId} AND p.employee_id = w.employee_id`.execute(tx);
      const { rows: sums } = await sql<{ total: string }>`
        SELECT coalesce(sum(amount), 0)::text AS total FROM entries
        WHERE batch_id = ${batchId}`.execute(tx);
      const total = sums[0]?.total ?? '0';
      return {
        message: payrollPostedText(posting.length, formatMoney(total)),
        posted: posting.length,
        total: amountNumber(total),
        batchId,
        alreadyPaid: ids.filter((id) => !paid.has(id)).sort((a, b) => a - b),
      };
    });
  } catch (error) {
    if (!(error instanceof NothingToPost)) throw error;
    return {
      message: payrollPostedText(0, formatMoney('0')),
      posted: 0,
      total: 0,
      batchId: null,
      alreadyPaid: [...ids].sort((a, b) => a - b),
    };
  }
}

// Undoing a payroll run frees the months it paid, so that they can be paid again.
registerBatchReversal('payroll', async (tx, batchId) => {
  await sql`
    UPDATE payroll_payments SET reversed_at = now()
    WHERE batch_id = ${batchId} AND reversed_at IS NULL`.execute(tx);
});
