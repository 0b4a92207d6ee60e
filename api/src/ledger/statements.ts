// The statements an accountant signs (issue 40), read from the ledger's month and day totals
// (migration 037, totals.ts), so each costs a few hundred roll-up rows at any number of entries:
// the trial balance and the balance sheet at a day, profit and loss for a period on either basis.
import { sql } from 'kysely';
import {
  centsText,
  centsOf,
  DEBIT_NORMAL,
  amountNumber,
  financialYearStart,
  type BalanceSheet,
  type Change,
  type CompareChoice,
  type LedgerAccountType,
  type ProfitBasis,
  type ProfitLoss,
  type StatementRow,
  type TrialBalance,
} from 'contract';
import type { Db } from '../db/index.js';
import { comparedRange, comparisonOf } from '../lib/compare.js';
import type { DayRange } from '../lib/dates.js';
import { ledgerTotals } from './totals.js';

interface BalanceRow {
  id: number;
  code: string;
  name: string;
  type: LedgerAccountType;
  /** Debits less credits. */
  balance: string;
  /** Debits less credits before the financial year (the balance sheet's income and expenses). */
  before_year: string;
}

/**
 * Each account's debits less credits through `date`, on the accrual basis, and before
 * `yearStart` (a month's first day: the totals come by month).
 */
const balancesThrough = (date: string, yearStart: string) => sql<BalanceRow>`
  SELECT a.id, a.code, a.name, a.type, sum(d.debit - d.credit)::text AS balance,
         coalesce(sum(d.debit - d.credit) FILTER (WHERE d.day < ${yearStart}::date), 0)::text
           AS before_year
  FROM (${ledgerTotals(null, date)}) d JOIN ledger_accounts a ON a.id = d.account_id
  WHERE d.basis <> 'C'
  GROUP BY a.id
  ORDER BY a.code, a.id`;

const money = (cents: bigint) => amountNumber(centsText(cents));
/** Cents in the account type's normal direction (a debit for assets and expenses). */
const normal = (type: LedgerAccountType, debitLessCredit: bigint) =>
  DEBIT_NORMAL.includes(type) ? debitLessCredit : -debitLessCredit;

export async function trialBalance(db: Db, date: string): Promise<TrialBalance> {
  const { rows } = await balancesThrough(date, financialYearStart(date)).execute(db);
  let debit = 0n;
  let credit = 0n;
  const lines = rows.flatMap((row) => {
    const cents = centsOf(row.balance);
    if (cents === 0n) return [];
    if (cents > 0n) debit += cents;
    else credit -= cents;
    return [
      {
        accountId: Number(row.id),
        code: row.code,
        name: row.name,
        type: row.type,
        debit: money(cents > 0n ? cents : 0n),
        credit: money(cents < 0n ? -cents : 0n),
      },
    ];
  });
  return { date, rows: lines, totals: { debit: money(debit), credit: money(credit) } };
}

const row = (r: BalanceRow, cents: bigint): StatementRow => ({
  accountId: Number(r.id),
  code: r.code,
  name: r.name,
  amount: money(cents),
});

export const EARLIER_PROFIT = "Earlier years' profit";
export const YEAR_PROFIT = 'Profit for the year';

export async function balanceSheet(db: Db, date: string): Promise<BalanceSheet> {
  const yearStart = financialYearStart(date);
  const { rows } = await balancesThrough(date, yearStart).execute(db);
  const sheet = {
    assets: [] as StatementRow[],
    liabilities: [] as StatementRow[],
    equity: [] as StatementRow[],
  };
  const totals = { assets: 0n, liabilities: 0n, equity: 0n };
  let earlier = 0n;
  let year = 0n;
  for (const r of rows) {
    const cents = normal(r.type, centsOf(r.balance));
    if (r.type === 'Income' || r.type === 'Expense') {
      // Profit is income less expenses: credits less debits.
      const before = -centsOf(r.before_year);
      earlier += before;
      year += -centsOf(r.balance) - before;
      continue;
    }
    if (cents === 0n) continue;
    const side = r.type === 'Asset' ? 'assets' : r.type === 'Liability' ? 'liabilities' : 'equity';
    sheet[side].push(row(r, cents));
    totals[side] += cents;
  }
  for (const [name, cents] of [
    [EARLIER_PROFIT, earlier],
    [YEAR_PROFIT, year],
  ] as const) {
    if (cents === 0n && name === EARLIER_PROFIT) continue;
    sheet.equity.push({ accountId: null, code: '', name, amount: money(cents) });
    totals.equity += cents;
  }
  return {
    date,
    yearStart,
    ...sheet,
    totals: {
      assets: money(totals.assets),
      liabilities: money(totals.liabilities),
      equity: money(totals.equity),
    },
  };
}

/** Income and expense accounts' figures (in their normal direction, cents) over a period. */
async function periodFigures(db: Db, range: DayRange, basis: ProfitBasis) {
  const { rows } = await sql<BalanceRow>`
    SELECT a.id, a.code, a.name, a.type, sum(d.debit - d.credit)::text AS balance,
           '0' AS before_year
    FROM (${ledgerTotals(range.from, range.to)}) d JOIN ledger_accounts a ON a.id = d.account_id
    WHERE d.basis IN ('B', ${basis === 'cash' ? 'C' : 'A'})
      AND a.type IN ('Income', 'Expense')
    GROUP BY a.id
    ORDER BY a.code, a.id`.execute(db);
  return rows.map((r) => ({ r, cents: normal(r.type, centsOf(r.balance)) }));
}

/** A figure against the other period's (contract: Change), exact to the cent. */
function changeOf(cents: bigint, other: bigint): Change {
  const change = cents - other;
  return {
    other: money(other),
    change: money(change),
    percent: other === 0n ? null : Number((change * 10000n) / (other < 0n ? -other : other)) / 100,
  };
}

export async function profitLoss(
  db: Db,
  query: { from: string; to: string; basis: ProfitBasis; compare?: CompareChoice },
): Promise<ProfitLoss> {
  const compare = comparisonOf(query.compare, query);
  const other = compare ? comparedRange(query, compare) : undefined;
  const [current, before] = await Promise.all([
    periodFigures(db, query, query.basis),
    other ? periodFigures(db, other, query.basis) : Promise.resolve([]),
  ]);
  // Every account with a figure in either period, in code order.
  const accounts = new Map<number, { r: BalanceRow; cents: bigint; other: bigint }>();
  for (const { r, cents } of current) accounts.set(Number(r.id), { r, cents, other: 0n });
  for (const { r, cents } of before) {
    const known = accounts.get(Number(r.id));
    if (known) known.other = cents;
    else accounts.set(Number(r.id), { r, cents: 0n, other: cents });
  }
  const sorted = [...accounts.values()].sort(
    (a, b) => a.r.code.localeCompare(b.r.code) || Number(a.r.id) - Number(b.r.id),
  );
  const income: StatementRow[] = [];
  const expenses: StatementRow[] = [];
  const totals = { income: 0n, expenses: 0n, otherIncome: 0n, otherExpenses: 0n };
  for (const { r, cents, other: was } of sorted) {
    if (cents === 0n && (!other || was === 0n)) continue;
    const line = { ...row(r, cents), ...(other ? { compare: changeOf(cents, was) } : {}) };
    if (r.type === 'Income') {
      income.push(line);
      totals.income += cents;
      totals.otherIncome += was;
    } else {
      expenses.push(line);
      totals.expenses += cents;
      totals.otherExpenses += was;
    }
  }
  const profit = totals.income - totals.expenses;
  return {
    basis: query.basis,
    from: query.from,
    to: query.to,
    income,
    expenses,
    totals: {
      income: money(totals.income),
      expenses: money(totals.expenses),
      profit: money(profit),
    },
    ...(other
      ? {
          compare: {
            ...other,
            income: changeOf(totals.income, totals.otherIncome),
            expenses: changeOf(totals.expenses, totals.otherExpenses),
            profit: changeOf(profit, totals.otherIncome - totals.otherExpenses),
          },
        }
      : {}),
  };
}
