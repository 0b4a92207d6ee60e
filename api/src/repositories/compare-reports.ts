// The spec's reports beside another period (issue 34). Each is one statement over the same
// roll-ups as the report itself, reading the other period as a second set of sums: a comparison
// costs one more read of the roll-ups, never a pass over the entries beyond the partial months
// at either end (docs/decisions/003-reports-and-rollups.md).
import { sql, type RawBuilder } from 'kysely';
import type { EntryKind } from 'contract';
import type { Db } from '../db/index.js';
import type { DayRange } from '../lib/dates.js';
import { parties } from '../db/parties.js';
import { jsonOf, partySums, type JsonText } from './reports.js';

/** `{ other, change, percent }` of a figure against the other period's (contract: Change). */
export const changeOf = (current: RawBuilder<unknown>, other: RawBuilder<unknown>) => sql`
  json_build_object(
    'other', ${other},
    'change', ${current} - ${other},
    'percent', CASE WHEN ${other} = 0 THEN NULL
                    ELSE round((${current} - ${other}) * 100 / abs(${other}), 2) END)`;

const col = (name: string) => sql.raw(name);

/** Income received, salary and expense paid in a range, and income less the two. */
const financeSums = (range: DayRange) => sql`
  SELECT coalesce(sum(total) FILTER (WHERE kind = 'income'), 0) AS income,
         coalesce(sum(total) FILTER (WHERE kind = 'salary'), 0) AS salary,
         coalesce(sum(total) FILTER (WHERE kind = 'expense'), 0) AS expense
  FROM entry_daily_current
  WHERE credit_debit = 'Credit' AND day BETWEEN ${range.from} AND ${range.to}`;

/** The Finance Report with profit/loss and, given another period, each figure against it. */
export async function financeCompared(
  db: Db,
  range: DayRange,
  other: DayRange | undefined,
): Promise<JsonText> {
  const figures = ['income', 'salary', 'expense', 'profitLoss'];
  const compare = other
    ? sql`, 'compare', json_build_object(
          'from', ${other.from}::date, 'to', ${other.to}::date,
          ${sql.join(
            figures.map(
              (f) => sql`${f}::text, ${changeOf(col(`c.${quoted(f)}`), col(`o.${quoted(f)}`))}`,
            ),
          )})`
    : sql``;
  const withProfit = (sums: RawBuilder<unknown>) =>
    sql`SELECT income, salary, expense, income - salary - expense AS "profitLoss"
        FROM (${sums}) AS s`;
  return jsonOf(
    db,
    sql`
    SELECT json_build_object(
             'income', c.income, 'salary', c.salary, 'expense', c.expense,
             'profitLoss', c."profitLoss" ${compare})
    FROM (${withProfit(financeSums(range))}) AS c
    ${other ? sql`CROSS JOIN (${withProfit(financeSums(other))}) AS o` : sql``}`,
  );
}

const quoted = (name: string) => `"${name}"`;

/**
 * Totals per party of one kind in a range beside the other period's: every party with entries
 * in either period, by name (0 where it had none).
 */
function totalsByPartyCompared(
  db: Db,
  kind: Exclude<EntryKind, 'income'>,
  range: DayRange,
  other: DayRange,
  keys: { id: string; name: string; total: string },
): Promise<JsonText> {
  const party = parties[kind];
  const sums = (r: DayRange) => sql`
    SELECT party_id, sum(total) AS total FROM (${partySums(kind, r)}) AS s GROUP BY party_id`;
  return jsonOf(
    db,
    sql`
    SELECT json_agg(
             json_build_object(
               ${keys.id}::text, id, ${keys.name}::text, name, ${keys.total}::text, total,
               'compare', json_build_object(
                 'from', ${other.from}::date, 'to', ${other.to}::date,
                 ${keys.total}::text, ${changeOf(sql`total`, sql`other`)}))
             ORDER BY lower(name), id)
    FROM (
      SELECT p.id, p.${sql.ref(party.name)} AS name,
             coalesce(c.total, 0) AS total, coalesce(o.total, 0) AS other
      FROM (${sums(range)}) AS c
      FULL JOIN (${sums(other)}) AS o ON o.party_id = c.party_id
      JOIN ${sql.table(party.table)} p ON p.id = coalesce(c.party_id, o.party_id)
    ) AS totals`,
  );
}

export const employeesVsSalaryCompared = (db: Db, range: DayRange, other: DayRange) =>
  totalsByPartyCompared(db, 'salary', range, other, {
    id: 'employeeId',
    name: 'employeeName',
    total: 'totalSalary',
  });

export const expenseVsTypeCompared = (db: Db, range: DayRange, other: DayRange) =>
  totalsByPartyCompared(db, 'expense', range, other, {
    id: 'expanceTypeId',
    name: 'expenseType',
    total: 'totalExpense',
  });

const incomeDays = (range: DayRange) => sql`
  SELECT day, sum(total) AS total FROM entry_daily_current
  WHERE kind = 'income' AND credit_debit = 'Credit' AND day BETWEEN ${range.from} AND ${range.to}
  GROUP BY day`;

/**
 * Payments received per day of a range. With another period as long, each day beside the day as
 * far into it; every day with income in either period is listed.
 */
export async function incomeReportCompared(
  db: Db,
  range: DayRange,
  other: DayRange | undefined,
): Promise<JsonText> {
  if (!other)
    return jsonOf(
      db,
      sql`SELECT json_agg(json_build_object('date', day, 'totalIncome', total) ORDER BY day)
          FROM (${incomeDays(range)}) AS days`,
    );
  return jsonOf(
    db,
    sql`
    SELECT json_agg(
             json_build_object(
               'date', day, 'totalIncome', total,
               'compare', json_build_object(
                 'date', other_day, 'totalIncome', ${changeOf(sql`total`, sql`other`)}))
             ORDER BY day)
    FROM (
      SELECT coalesce(c.day, o.day + (${range.from}::date - ${other.from}::date)) AS day,
             coalesce(o.day, c.day - (${range.from}::date - ${other.from}::date)) AS other_day,
             coalesce(c.total, 0) AS total, coalesce(o.total, 0) AS other
      FROM (${incomeDays(range)}) AS c
      FULL JOIN (${incomeDays(other)}) AS o
        ON o.day = c.day - (${range.from}::date - ${other.from}::date)
    ) AS days`,
  );
}

/** The Yearly report with each month beside the same month of the year before. */
export async function yearlyCompared(db: Db, year: number): Promise<JsonText> {
  const figures = ['income', 'salary', 'expense', 'pending'];
  return jsonOf(
    db,
    sql`
    WITH sums AS (
      SELECT extract(year FROM day)::int AS year, extract(month FROM day)::int AS month,
             sum(total) FILTER (WHERE kind = 'income') AS income,
             sum(total) FILTER (WHERE kind = 'salary') AS salary,
             sum(total) FILTER (WHERE kind = 'expense') AS expense
      FROM entry_daily_current
      WHERE credit_debit = 'Credit'
        AND day BETWEEN ${`${year - 1}-01-01`}::date AND ${`${year}-12-31`}::date
      GROUP BY 1, 2
    ),
    months AS (
      SELECT y.year, m.month,
             coalesce(s.income, 0) AS income, coalesce(s.salary, 0) AS salary,
             coalesce(s.expense, 0) AS expense
      FROM (VALUES (${year}::int), (${year - 1}::int)) AS y(year)
      CROSS JOIN generate_series(1, 12) AS m(month)
      LEFT JOIN sums s ON s.year = y.year AND s.month = m.month
    ),
    figures AS (
      SELECT year, month, income, salary, expense, income - salary - expense AS pending
      FROM months
    )
    SELECT json_agg(
             json_build_object(
               'month', c.month, 'income', c.income, 'salary', c.salary, 'expense', c.expense,
               'pending', c.pending,
               'compare', json_build_object(
                 'from', make_date(o.year, o.month, 1),
                 'to', (make_date(o.year, o.month, 1) + interval '1 month - 1 day')::date,
                 ${sql.join(
                   figures.map((f) => sql`${f}::text, ${changeOf(col(`c.${f}`), col(`o.${f}`))}`),
                 )}))
             ORDER BY c.month)
    FROM figures c JOIN figures o ON o.year = c.year - 1 AND o.month = c.month
    WHERE c.year = ${year}`,
  );
}
