// Budgets per expense type and Budget vs actual (issue 34). A type's budget for a month is the
// amount set for that month, else its monthly amount, else none. Actual spending comes from the
// same sums as Expense Vs Type (roll-ups, reversals cancelling), so the two reports agree.
import { sql } from 'kysely';
import {
  apiMessages,
  compareMoney,
  monthEndMessages,
  type Budget,
  type BudgetBody,
  type BudgetUse,
  type EntryBudget,
  hasAtMostTwoDecimals,
  plainMoney,
  subtractMoney,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { addDays, monthOf, nextMonthStart, type DayRange } from '../lib/dates.js';
import { badRequest, notFound } from '../lib/errors.js';
import { jsonOf, partySums, type JsonText } from './reports.js';

async function budgetOf(db: Db, expenseTypeId: number): Promise<Budget> {
  const { rows } = await sql<{ month: string | null; amount: string }>`
    SELECT to_char(month, 'YYYY-MM-DD') AS month, amount::text AS amount
    FROM expense_budgets WHERE expense_type_id = ${expenseTypeId} ORDER BY month NULLS FIRST`.execute(
    db,
  );
  const monthly = rows.find((row) => row.month === null);
  const years = new Map<number, number[]>();
  for (const row of rows) {
    if (row.month === null) continue;
    const year = Number(row.month.slice(0, 4));
    const months = years.get(year) ?? new Array<number>(12).fill(0);
    months[Number(row.month.slice(5, 7)) - 1] = Number(row.amount);
    years.set(year, months);
  }
  return {
    expenseTypeId,
    monthly: monthly ? Number(monthly.amount) : null,
    years: [...years].map(([year, months]) => ({ year, months })),
  };
}

/** Sets a type's monthly budget (`{ monthly }`, null removes it) or a year's twelve amounts. */
export async function setBudget(
  db: Db,
  actorId: number,
  expenseTypeId: number,
  body: BudgetBody,
): Promise<Budget> {
  const monthlyForm = body.monthly !== undefined && body.year === undefined && !body.months;
  const yearForm = body.monthly === undefined && body.year !== undefined && body.months;
  if (!monthlyForm && !yearForm) throw badRequest(monthEndMessages.budgetMonthlyOrYear);
  const amounts = monthlyForm ? [body.monthly] : (body.months ?? []);
  if (
    amounts.some(
      (amount) => amount !== null && amount !== undefined && !hasAtMostTwoDecimals(amount),
    )
  )
    throw badRequest('amount must have at most 2 decimals');
  return db.transaction().execute(async (tx) => {
    const found = await sql`SELECT id FROM expense_types WHERE id = ${expenseTypeId} FOR UPDATE`
      .execute(tx)
      .then((result) => result.rows[0]);
    if (!found) throw notFound(apiMessages.expenseTypeNotFound);
    const before = await budgetOf(tx, expenseTypeId);
    if (monthlyForm) {
      await sql`DELETE FROM expense_budgets WHERE expense_type_id = ${expenseTypeId} AND month IS NULL`.execute(
        tx,
      );
      if (body.monthly !== null && body.monthly !== undefined)
        await sql`INSERT INTO expense_budgets (expense_type_id, month, amount)
                  VALUES (${expenseTypeId}, NULL, ${plainMoney(body.monthly)})`.execute(tx);
    } else {
      const year = body.year as number;
      await sql`DELETE FROM expense_budgets WHERE expense_type_id = ${expenseTypeId}
                AND month BETWEEN ${`${year}-01-01`}::date AND ${`${year}-12-01`}::date`.execute(
        tx,
      );
      const values = (body.months ?? []).map(
        (amount, i) =>
          sql`(${expenseTypeId}, ${`${year}-${String(i + 1).padStart(2, '0')}-01`}::date, ${plainMoney(amount)}::numeric)`,
      );
      await sql`INSERT INTO expense_budgets (expense_type_id, month, amount)
                VALUES ${sql.join(values)}`.execute(tx);
    }
    const after = await budgetOf(tx, expenseTypeId);
    await audit(tx, {
      actorId,
      action: 'update',
      entity: 'expense_type',
      entityId: expenseTypeId,
      before: { budget: before },
      after: { budget: after },
    });
    return after;
  });
}

/** Each type's budget summed over the whole months from `range.from`'s to `range.to`'s. */
const budgetsSql = (range: DayRange) => sql`
  SELECT t.id AS expense_type_id,
         coalesce(sum(coalesce(mb.amount, fb.amount)), 0) AS budget,
         bool_or(coalesce(mb.amount, fb.amount) IS NOT NULL) AS has_budget
  FROM expense_types t
  CROSS JOIN generate_series(${monthOf(range.from).from}::date, ${monthOf(range.to).from}::date,
                             interval '1 month') AS m(month)
  LEFT JOIN expense_budgets fb ON fb.expense_type_id = t.id AND fb.month IS NULL
  LEFT JOIN expense_budgets mb ON mb.expense_type_id = t.id AND mb.month = m.month::date
  GROUP BY t.id`;

const percentSql = (actual: string, budget: string) =>
  sql.raw(`CASE WHEN ${budget} = 0 THEN NULL ELSE round(${actual} * 100 / ${budget}, 2) END`);

/** The types over budget in the month of `range` (contract: OverBudget). */
export const overBudget = (db: Db, range: DayRange) => budgetReport(db, range, true);

/**
 * Budget vs actual over the whole months of a range: every type with a budget or spending in
 * it, by name, and the totals (contract: BudgetReport). `onlyOver`: the rows over budget.
 */
export function budgetReport(db: Db, range: DayRange, onlyOver = false): Promise<JsonText> {
  const month = range.from.slice(0, 7);
  return jsonOf(
    db,
    sql`
    WITH actual AS (
      SELECT party_id, sum(total) AS actual FROM (${partySums('expense', range)}) AS s
      GROUP BY party_id
    ),
    rows AS (
      SELECT t.id, t.expancetype AS name, t.status, b.budget, coalesce(a.actual, 0) AS actual,
             b.has_budget
      FROM expense_types t
      JOIN (${budgetsSql(range)}) AS b ON b.expense_type_id = t.id
      LEFT JOIN actual a ON a.party_id = t.id
      WHERE b.has_budget OR a.party_id IS NOT NULL
    ),
    shown AS (
      SELECT * FROM rows
      WHERE NOT ${onlyOver} OR (has_budget AND actual > budget)
    )
    SELECT json_build_object(
      ${onlyOver ? sql`'month', ${month}::text` : sql`'from', ${range.from}::date, 'to', ${range.to}::date`},
      'rows', coalesce((
        SELECT json_agg(json_build_object(
                 'expenseTypeId', id, 'expenseType', name, 'status', status,
                 'budget', budget, 'actual', actual, 'difference', budget - actual,
                 'percentUsed', ${percentSql('actual', 'budget')},
                 'overBudget', has_budget AND actual > budget)
               ORDER BY lower(name), id)
        FROM shown), '[]'::json)
      ${
        onlyOver
          ? sql``
          : sql`, 'totals', (
        SELECT json_build_object(
                 'budget', b, 'actual', a, 'difference', b - a,
                 'percentUsed', ${percentSql('a', 'b')})
        FROM (SELECT coalesce(sum(budget), 0) AS b, coalesce(sum(actual), 0) AS a FROM shown) t)`
      })`,
  );
}

/** How much of a month's budget one type has used. */
export async function budgetUse(db: Db, expenseTypeId: number, month: string): Promise<BudgetUse> {
  const range = monthOf(`${month}-01`);
  const { rows } = await sql<{
    exists: boolean;
    budget: string | null;
    actual: string;
  }>`
    SELECT EXISTS (SELECT 1 FROM expense_types WHERE id = ${expenseTypeId}) AS exists,
           (SELECT CASE WHEN has_budget THEN budget END FROM (${budgetsSql(range)}) b
             WHERE expense_type_id = ${expenseTypeId})::text AS budget,
           (SELECT coalesce(sum(total), 0) FROM (${partySums('expense', range, expenseTypeId)}) s)::text
             AS actual`.execute(db);
  const row = rows[0];
  if (!row?.exists) throw notFound(apiMessages.expenseTypeNotFound);
  const budget = row.budget === null ? null : Number(row.budget);
  const actual = Number(row.actual);
  return {
    expenseTypeId,
    month,
    budget,
    actual,
    percentUsed: budget ? Math.round((actual * 10000) / budget) / 100 : null,
    overBudget: budget !== null && actual > budget,
  };
}

/**
 * What an expense just recorded did to its type's budget for the entry's month, or undefined
 * when the type has none that month.
 */
export async function entryBudget(
  db: Db,
  expenseTypeId: number,
  day: string,
  amount: number,
): Promise<EntryBudget | undefined> {
  const use = await budgetUse(db, expenseTypeId, day.slice(0, 7));
  if (use.budget === null) return undefined;
  // This entry took the month over: over now, and not over without it.
  const wentOver =
    compareMoney(use.actual, use.budget) > 0 &&
    compareMoney(subtractMoney(use.actual, amount), use.budget) <= 0;
  return {
    month: use.month,
    budget: use.budget,
    actual: use.actual,
    percentUsed: use.percentUsed,
    wentOver,
    overBudget: use.overBudget,
    ...(wentOver ? { notice: monthEndMessages.wentOverBudget } : {}),
  };
}

/** The range of a Budget vs actual query: a month, or a year to date (a past year: all of it). */
export function budgetRange(query: { month?: string; year?: number }, today: string): DayRange {
  if ((query.month === undefined) === (query.year === undefined))
    throw badRequest(monthEndMessages.budgetYearOrMonth);
  if (query.month !== undefined) return monthOf(`${query.month}-01`);
  const year = query.year as number;
  const thisYear = Number(today.slice(0, 4));
  const to = year === thisYear ? addDays(nextMonthStart(today), -1) : `${year}-12-31`;
  return { from: `${year}-01-01`, to };
}

/** Each type's budget for a month (`YYYY-MM`), for the types that have one. */
export async function budgetsForMonth(db: Db, month: string): Promise<Map<number, number>> {
  const { rows } = await sql<{ expense_type_id: number; budget: string }>`
    SELECT expense_type_id, budget::text AS budget
    FROM (${budgetsSql(monthOf(`${month}-01`))}) AS b WHERE has_budget`.execute(db);
  return new Map(rows.map((row) => [row.expense_type_id, Number(row.budget)]));
}
