// The month-end checklist and its close (issue 34). Each open item is counted with the same
// condition the screen its link opens filters by, so the count and the list agree.
import { sql } from 'kysely';
import {
  href,
  monthEndMessages as m,
  type MonthClosed,
  type MonthEnd,
  type MonthEndItem,
  type MonthEndItemKey,
  type Repeats,
} from 'contract';
import type { Db } from '../db/index.js';
import { addDays, monthOf } from '../lib/dates.js';
import { conflict } from '../lib/errors.js';
import { occurrencesThrough } from '../lib/recurrence.js';
import {
  closedThrough,
  inClosedPeriod,
  monthCloseRefusal,
  moveClosedThrough,
} from '../books/index.js';

const LABELS: Record<MonthEndItemKey, string> = {
  expensesWithoutReceipt: m.itemExpensesWithoutReceipt,
  recurringNotPosted: m.itemRecurringNotPosted,
  employeesNotPaid: m.itemEmployeesNotPaid,
  recordedLate: m.itemRecordedLate,
  statementLinesUnmatched: m.itemStatementLinesUnmatched,
  accountsNotReconciled: m.itemAccountsNotReconciled,
};

type Counts = Record<MonthEndItemKey, number>;

/** The money accounts behind the two bank items: which accounts have some, for the links. */
interface BankOpen {
  unmatched: number;
  unmatchedAccounts: number[];
  notReconciled: number[];
}

/**
 * Statement lines dated in the month still unmatched (neither matched nor excluded), per account,
 * and the accounts not reconciled through the month's last day: Bank accounts, and Cash accounts
 * only when they have statement lines (a cash box without a statement has nothing to reconcile),
 * opened by that day. One probe per account of `statement_lines_worklist_idx`
 * (account_id, status, line_date): a count of one month's unmatched lines reads the index alone,
 * whatever the number of lines or entries.
 */
async function bankOpen(db: Db, from: string, to: string): Promise<BankOpen> {
  const { rows } = await sql<{ id: number; unmatched: number; behind: boolean }>`
    SELECT a.id,
           (SELECT count(*) FROM statement_lines l
            WHERE l.account_id = a.id AND l.status = 'unmatched'
              AND l.line_date BETWEEN ${from} AND ${to})::int AS unmatched,
           (a.opening_date <= ${to}::date
            AND (a.reconciled_through IS NULL OR a.reconciled_through < ${to}::date)
            AND (a.kind = 'Bank'
                 OR EXISTS (SELECT 1 FROM statement_lines l WHERE l.account_id = a.id))) AS behind
    FROM accounts a ORDER BY a.id`.execute(db);
  return {
    unmatched: rows.reduce((sum, row) => sum + row.unmatched, 0),
    unmatchedAccounts: rows.filter((row) => row.unmatched > 0).map((row) => row.id),
    notReconciled: rows.filter((row) => row.behind).map((row) => row.id),
  };
}

/**
 * Where a bank item's link goes. One account concerned (an office's usual case: one bank account):
 * straight to its reconcile worklist, where the lines are matched and "reconciled through" is
 * marked. Several: the Accounts screen, which lists every account with its reconciled-through day,
 * so the bookkeeper sees them side by side and opens each in turn; one checklist row per account
 * would make the checklist's length, the close's counts and the pack's table vary with the
 * number of accounts.
 */
const bankLink = (accounts: readonly number[]): string =>
  accounts.length === 1 ? `/Accounts/${accounts[0]}/reconcile` : '/Accounts';

interface Open {
  counts: Counts;
  bank: BankOpen;
}

/** The open counts of a month, `today` bounding the recurring occurrences due. */
async function openItems(db: Db, month: string, today: string): Promise<Open> {
  const { from, to } = monthOf(`${month}-01`);
  const { rows } = await sql<{
    without_receipt: number;
    not_paid: number;
    recorded_late: number;
  }>`
    SELECT
      (SELECT count(*) FROM entries e
       WHERE e.kind = 'expense' AND e.entry_date BETWEEN ${from} AND ${to}
         AND NOT EXISTS (SELECT 1 FROM receipts rc
                         WHERE rc.entry_id = e.id AND rc.removed_at IS NULL))::int
        AS without_receipt,
      (SELECT count(*) FROM employees p
       WHERE p.monthly_salary IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM payroll_payments pp
                         WHERE pp.employee_id = p.id AND pp.month = ${from}::date
                           AND pp.reversed_at IS NULL))::int AS not_paid,
      (SELECT count(*) FROM entries e
       WHERE e.entry_date BETWEEN ${from} AND ${to}
         AND e.created_at >= (${to}::date + 1)::timestamptz)::int AS recorded_late`.execute(db);
  const counts = rows[0] ?? { without_receipt: 0, not_paid: 0, recorded_late: 0 };
  const bank = await bankOpen(db, from, to);
  return {
    counts: {
      expensesWithoutReceipt: counts.without_receipt,
      recurringNotPosted: await recurringNotPosted(db, from, to < today ? to : today),
      employeesNotPaid: counts.not_paid,
      recordedLate: counts.recorded_late,
      statementLinesUnmatched: bank.unmatched,
      accountsNotReconciled: bank.notReconciled.length,
    },
    bank,
  };
}

/** Occurrences of active schedules from `from` through `to` neither posted nor skipped. */
async function recurringNotPosted(db: Db, from: string, to: string): Promise<number> {
  if (to < from) return 0;
  const { rows } = await sql<{
    repeats: Repeats;
    starts_on: string;
    ends_on: string | null;
    done: number;
  }>`
    SELECT s.repeats, to_char(s.starts_on, 'YYYY-MM-DD') AS starts_on,
           to_char(s.ends_on, 'YYYY-MM-DD') AS ends_on,
           (SELECT count(*) FROM recurring_occurrences o
            WHERE o.schedule_id = s.id AND o.occurs_on BETWEEN ${from} AND ${to})::int AS done
    FROM recurring_schedules s WHERE s.state = 'active'`.execute(db);
  let open = 0;
  for (const row of rows) {
    const rule = { repeats: row.repeats, starts: row.starts_on, ends: row.ends_on };
    const due = occurrencesThrough(rule, to) - occurrencesThrough(rule, addDays(from, -1));
    open += Math.max(0, due - row.done);
  }
  return open;
}

const itemsOf = (month: string, { counts, bank }: Open): MonthEndItem[] => {
  const { from, to } = monthOf(`${month}-01`);
  const links: Record<MonthEndItemKey, string> = {
    expensesWithoutReceipt: href('journal', { from, to, kind: 'expense', receipt: 'without' }),
    recurringNotPosted: href('recurring'),
    employeesNotPaid: href('payroll', { month }),
    recordedLate: href('journal', { from, to, recordedAfter: to }),
    statementLinesUnmatched: bankLink(bank.unmatchedAccounts),
    accountsNotReconciled: bankLink(bank.notReconciled),
  };
  return (Object.keys(LABELS) as MonthEndItemKey[]).map((key) => ({
    key,
    label: LABELS[key],
    count: counts[key],
    link: links[key],
  }));
};

export async function monthEnd(db: Db, month: string, today: string): Promise<MonthEnd> {
  const { from, to } = monthOf(`${month}-01`);
  const closed = await closedThrough(db);
  const items = itemsOf(month, await openItems(db, month, today));
  const refusal = monthCloseRefusal(month, closed, today);
  return {
    month,
    from,
    to,
    closedThrough: closed,
    closed: inClosedPeriod(to, closed),
    canClose: refusal === null,
    refusal,
    items,
    openCount: items.reduce((sum, item) => sum + item.count, 0),
  };
}

/**
 * Moves "books closed through" to the month's last day, as the Journal's closing-day field does
 * (the same row, the same lock against entries being recorded), and records who closed it with
 * the open counts at that moment.
 */
export async function closeMonth(
  db: Db,
  actorId: number,
  month: string,
  today: string,
): Promise<MonthClosed> {
  const { to } = monthOf(`${month}-01`);
  // A month not over is refused as the checklist says, before the move's own day checks.
  if (to >= today) throw conflict(m.monthNotOver);
  let open: MonthClosed['open'] | undefined;
  await moveClosedThrough(db, actorId, to, today, async (tx, before) => {
    const refusal = monthCloseRefusal(month, before, today);
    if (refusal !== null) throw conflict(refusal);
    open = (await openItems(tx, month, today)).counts;
    return { monthClosed: month, open };
  });
  return { message: m.monthClosed, closedThrough: to, open: open! };
}
