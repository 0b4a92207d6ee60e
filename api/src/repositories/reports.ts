// Every dashboard figure, report and ledger, each one SQL query over the roll-ups and at most
// two partial months of entries, so that none grows with the size of the history
// (docs/decisions/003-reports-and-rollups.md). Every answer that carries money totals is JSON
// text built by PostgreSQL: its NUMERIC values go out as exact decimal number tokens, however
// large (docs/decisions/005-money-bounds.md).
import { sql, type RawBuilder } from 'kysely';
import type { EntryKind, Totals } from 'contract';
import type { Db } from '../db/index.js';
import { isoText } from '../db/fragments.js';
import { addDays, BEGINNING, splitByMonths, type DayRange } from '../lib/dates.js';
import { parties } from '../db/parties.js';
import { notFound } from '../lib/errors.js';

/**
 * A report's answer as JSON text in the shape of its contract schema, sent as it is. NUMERIC
 * values become exact number tokens (JSON.stringify of a double would round a total past
 * about 2^53 cents), and a month of a busy ledger, thousands of rows, skips being turned into
 * objects and serialised again (a 7,000-row month at a million entries: p50 63 -> 40 ms).
 */
export type JsonText = string & { readonly __jsonText: true };

/** Runs a query whose one column is a JSON value (NULL, from an empty json_agg, means []). */
export async function jsonOf(db: Db, query: RawBuilder<unknown>): Promise<JsonText> {
  const { rows } = await sql<{ body: string | null }>`
    SELECT (${query})::text AS body`.execute(db);
  return (rows[0]?.body ?? '[]') as JsonText;
}

/** The client or employee a ledger is for; 404 with the kind's own text when there is none. */
export async function ledgerParty(
  db: Db,
  kind: 'income' | 'salary',
  id: number,
): Promise<{ id: number; name: string }> {
  const row = await db
    .selectFrom(parties[kind].table)
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(parties[kind].missing);
  return row;
}

export async function totals(db: Db): Promise<Totals> {
  const { rows } = await sql<Totals>`
    SELECT (SELECT count(*) FROM users WHERE role = 'admin' AND deleted_at IS NULL)::int AS admins,
           (SELECT count(*) FROM employees)::int AS employees,
           (SELECT count(*) FROM clients)::int AS clients`.execute(db);
  return rows[0] ?? { admins: 0, employees: 0, clients: 0 };
}

/** Income (payments received, i.e. Credit), salary and expense paid in the range. */
/** Income (payments received, i.e. Credit), salary and expense paid in the range. */
export async function finance(db: Db, range: DayRange): Promise<JsonText> {
  return jsonOf(
    db,
    sql`
    SELECT json_build_object(
             'income', coalesce(sum(total) FILTER (WHERE kind = 'income'), 0),
             'salary', coalesce(sum(total) FILTER (WHERE kind = 'salary'), 0),
             'expense', coalesce(sum(total) FILTER (WHERE kind = 'expense'), 0))
    FROM entry_daily_current
    WHERE credit_debit = 'Credit' AND day BETWEEN ${range.from} AND ${range.to}`,
  );
}

/**
 * Sums of one kind's entries per party and Credit/Debit over a range: whole months from the
 * monthly roll-up, the partial months at either end from the entries themselves.
 */
export function partySums(kind: EntryKind, range: DayRange, partyId?: number): RawBuilder<unknown> {
  const { months, edges } = splitByMonths(range);
  const onlyParty = partyId === undefined ? sql`` : sql`AND party_id = ${partyId}`;
  const parts: RawBuilder<unknown>[] = [];
  if (months) {
    parts.push(sql`
      SELECT party_id, credit_debit, total FROM entry_monthly_current
      WHERE kind = ${kind} AND month BETWEEN ${months.from} AND ${months.to} ${onlyParty}`);
  }
  for (const edge of edges) {
    parts.push(sql`
      SELECT party_id, credit_debit, amount AS total FROM entries
      WHERE kind = ${kind} AND entry_date BETWEEN ${edge.from} AND ${edge.to} ${onlyParty}`);
  }
  return sql`
    SELECT party_id, credit_debit, sum(total) AS total
    FROM (${sql.join(parts, sql` UNION ALL `)}) AS parts
    GROUP BY party_id, credit_debit`;
}

/** Per client over all time: billed (Debit), paid (Credit) and still pending. */
export async function clientsVsSales(db: Db): Promise<JsonText> {
  return jsonOf(
    db,
    sql`
    WITH sums AS (
      SELECT party_id,
             coalesce(sum(total) FILTER (WHERE credit_debit = 'Debit'), 0) AS debit,
             coalesce(sum(total) FILTER (WHERE credit_debit = 'Credit'), 0) AS credit
      FROM entry_monthly_current WHERE kind = 'income' GROUP BY party_id
    )
    SELECT json_agg(
             json_build_object(
               'clientId', c.id,
               'clientname', c.name,
               'totalDebit', s.debit,
               'totalCredit', s.credit,
               'netTotal', s.debit - s.credit)
             ORDER BY lower(c.name), c.id)
    FROM sums s JOIN clients c ON c.id = s.party_id`,
  );
}

/** Totals per party (with its current name) of one kind over a range, by name. */
function totalsByParty(
  db: Db,
  kind: Exclude<EntryKind, 'income'>,
  range: DayRange,
  keys: { id: string; name: string; total: string },
): Promise<JsonText> {
  const party = parties[kind];
  return jsonOf(
    db,
    sql`
    SELECT json_agg(
             json_build_object(${keys.id}::text, id, ${keys.name}::text, name, ${keys.total}::text, total)
             ORDER BY lower(name), id)
    FROM (
      SELECT p.id, p.${sql.ref(party.name)} AS name, sum(s.total) AS total
      FROM (${partySums(kind, range)}) AS s JOIN ${sql.table(party.table)} p ON p.id = s.party_id
      GROUP BY p.id
    ) AS totals`,
  );
}

export const employeesVsSalary = (db: Db, range: DayRange) =>
  totalsByParty(db, 'salary', range, {
    id: 'employeeId',
    name: 'employeeName',
    total: 'totalSalary',
  });

export const expenseVsType = (db: Db, range: DayRange) =>
  totalsByParty(db, 'expense', range, {
    id: 'expanceTypeId',
    name: 'expenseType',
    total: 'totalExpense',
  });

/** Payments received per day, oldest first; days with none are left out. */
export async function incomeReport(db: Db): Promise<JsonText> {
  return jsonOf(
    db,
    sql`
    SELECT json_agg(json_build_object('date', day, 'totalIncome', total) ORDER BY day)
    FROM (
      SELECT day, sum(total) AS total FROM entry_daily_current
      WHERE kind = 'income' AND credit_debit = 'Credit'
      GROUP BY day
    ) AS days`,
  );
}

/** All twelve months of a year: income received, salary, expense, and what is left. */
export async function yearly(db: Db, year: number): Promise<JsonText> {
  return jsonOf(
    db,
    sql`
    SELECT json_agg(
             json_build_object(
               'month', month, 'income', income, 'salary', salary, 'expense', expense,
               'pending', income - salary - expense)
             ORDER BY month)
    FROM (
      SELECT m.month,
             coalesce(sum(d.total) FILTER (WHERE d.kind = 'income'), 0) AS income,
             coalesce(sum(d.total) FILTER (WHERE d.kind = 'salary'), 0) AS salary,
             coalesce(sum(d.total) FILTER (WHERE d.kind = 'expense'), 0) AS expense
      FROM generate_series(1, 12) AS m(month)
      LEFT JOIN entry_daily_current d
        ON d.credit_debit = 'Credit'
       AND d.day BETWEEN ${`${year}-01-01`} AND ${`${year}-12-31`}
       AND extract(month FROM d.day) = m.month
      GROUP BY m.month
    ) AS months`,
  );
}

/** How an entry moves a ledger's balance: a client's Debit adds and Credit takes off; salary and
 * expenses are money paid out, every entry adding. */
const signedBy = (kind: EntryKind) =>
  kind === 'income' ? sql`CASE WHEN credit_debit = 'Debit' THEN 1 ELSE -1 END` : sql`1`;

/**
 * One row, `amount`: the balance brought forward into a range starting on `from`, from the
 * roll-ups (whole months) and at most two partial months of entries.
 */
function openingSql(kind: EntryKind, from: string, partyId?: number): RawBuilder<unknown> {
  const before: DayRange = { from: BEGINNING, to: addDays(from, -1) };
  return partyId === undefined
    ? sql`SELECT coalesce(sum(total), 0) AS amount FROM entry_daily_current
          WHERE kind = ${kind} AND day BETWEEN ${before.from} AND ${before.to}`
    : sql`SELECT coalesce(sum(${signedBy(kind)} * total), 0) AS amount
          FROM (${partySums(kind, before, partyId)}) AS b`;
}

/**
 * Every client's or employee's balance as their ledger ends (contract: PartyBalances), summed
 * from the monthly roll-ups: one row a party and month, so a million entries cost what their
 * months do. Parties without entries are left out.
 */
export const partyBalances = (db: Db, kind: 'income' | 'salary') =>
  jsonOf(
    db,
    sql`SELECT json_build_object(
               'balances',
               coalesce(json_agg(json_build_object('id', party_id, 'balance', balance)
                                 ORDER BY party_id), '[]'::json))
        FROM (SELECT party_id, sum(${signedBy(kind)} * total) AS balance
              FROM entry_monthly_current WHERE kind = ${kind}
              GROUP BY party_id) AS sums`,
  );

/** The balance a ledger brings forward into a range starting on `from` (contract: LedgerOpening). */
export const ledgerOpening = (db: Db, kind: EntryKind, from: string, partyId?: number) =>
  jsonOf(
    db,
    sql`SELECT json_build_object('startDate', ${from}::date, 'balance', amount)
        FROM (${openingSql(kind, from, partyId)}) AS opening`,
  );

/**
 * Optional paging of a ledger: `limit` rows after the (date, id) position `after`, in order.
 * Without either, the whole range (the spec's call).
 */
export interface LedgerPage {
  limit?: number;
  after?: { date: string; id: number };
}

/**
 * A party's (or, without one, every expense type's) entries in a range, in order, with the
 * running balance carried from before the range: for a client Debit adds what is owed and
 * Credit takes it off; for salary and expenses every entry is money paid out and adds.
 */
async function ledger(
  db: Db,
  kind: EntryKind,
  nameField: 'clientName' | 'employeeName' | 'expenseType',
  range: DayRange,
  partyId?: number,
  page: LedgerPage = {},
): Promise<LedgerRows> {
  const signed = signedBy(kind);
  const onlyParty = partyId === undefined ? sql`` : sql`AND party_id = ${partyId}`;
  const opening = openingSql(kind, range.from, partyId);
  // A later page starts from the balance after the rows of the range before its position.
  const after = page.after;
  const carried = after
    ? sql`+ (SELECT coalesce(sum(${signed} * amount), 0) FROM entries
             WHERE kind = ${kind} ${onlyParty}
               AND entry_date BETWEEN ${range.from} AND ${range.to}
               AND (entry_date, id) <= (${after.date}::date, ${after.id}::bigint))`
    : sql``;
  // Each row's JSON object is written out as text, byte for byte what
  // json_agg(json_build_object(...)) gave (the same keys, order and separators), at a fraction of
  // the cost on a month of thousands of rows: numbers and the Credit/Debit word (a CHECK keeps it
  // to two) go in as they print, dates and free text through to_json. The rows reach string_agg
  // in (date, id) order straight from the window's ORDER BY below, with no join or sort in
  // between, so the aggregate needs no sort of its own.
  const nameKey = JSON.stringify(nameField);
  // One row more than a page is read to tell whether another page follows; it is left out of
  // the answer, and the position of the page's last row becomes `next`.
  const shown = page.limit;
  const { rows } = await sql<{ body: string | null; next: string | null }>`
    WITH opening AS (${opening}),
    page AS (
      SELECT id, created_at, entry_date, amount, credit_debit, description, party_name
      FROM entries
      WHERE kind = ${kind} ${onlyParty} AND entry_date BETWEEN ${range.from} AND ${range.to}
        ${after ? sql`AND (entry_date, id) > (${after.date}::date, ${after.id}::bigint)` : sql``}
      ORDER BY entry_date, id
      ${shown ? sql`LIMIT ${shown + 1}` : sql``}
    )
    SELECT '[' || string_agg(
               '{"id" : ' || id
               || ', "createdAt" : "'
               || ${isoText('created_at')}
               || '", "date" : ' || to_json(entry_date)
               || ', "ammount" : ' || amount
               || ', "Creditdebit" : "' || credit_debit
               || '", "description" : ' || to_json(description)
               || ', "balance" : ' || balance
               || ', ' || ${nameKey}::text || ' : ' || to_json(party_name) || '}',
               ', ') ${shown ? sql`FILTER (WHERE n <= ${shown})` : sql``}
           || ']' AS body,
           ${
             shown
               ? sql`CASE WHEN count(*) > ${shown}
                       THEN max(to_char(entry_date, 'YYYY-MM-DD') || '_' || id) FILTER (WHERE n = ${shown}) END`
               : sql`NULL`
           } AS next
    FROM (
      SELECT id, created_at, entry_date, amount, credit_debit, description, party_name,
             (SELECT amount FROM opening) ${carried}
               + sum(${signed} * amount) OVER running AS balance,
             row_number() OVER running AS n
      FROM page
      WINDOW running AS (ORDER BY entry_date, id ROWS UNBOUNDED PRECEDING)
    ) AS ledger`.execute(db);
  const row = rows[0];
  return { body: (row?.body ?? '[]') as JsonText, next: row?.next ?? null };
}

/**
 * A ledger's rows as JSON text (a list, as the spec's calls answer) and, when paged and another
 * page follows, the (date, id) position of the last row, `YYYY-MM-DD_id`.
 */
export interface LedgerRows {
  body: JsonText;
  next: string | null;
}

export const clientLedger = (db: Db, clientId: number, range: DayRange, page?: LedgerPage) =>
  ledger(db, 'income', 'clientName', range, clientId, page);

export const employeeLedger = (db: Db, employeeId: number, range: DayRange, page?: LedgerPage) =>
  ledger(db, 'salary', 'employeeName', range, employeeId, page);

export const expenseLedger = (db: Db, range: DayRange, page?: LedgerPage) =>
  ledger(db, 'expense', 'expenseType', range, undefined, page);
