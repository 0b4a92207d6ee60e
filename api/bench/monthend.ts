// npm run bench:monthend: the month-end calls at a million entries on PostgreSQL (issue 34).
//
// Runs against TEST_DATABASE_URL or DATABASE_URL (the root script starts a throw-away cluster on
// 127.0.0.1 through scripts/with-postgres.sh; the database must be an empty one the bench may
// fill). Seeds BENCH_ENTRIES entries (default 1,000,000) over the last three years across 200
// clients, 100 employees (each with a monthly salary) and 30 expense types (each with a monthly
// budget, ten with a year of monthly amounts) by bulk load as bench:api does (triggers off,
// INSERT ... SELECT FROM generate_series in batches, backdated entries and reversals on top,
// rebuild_entry_rollups(), VACUUM ANALYZE), plus ten recurring schedules and three bank accounts
// with BENCH_STATEMENT_LINES statement lines (default 300,000) over the same three years, most
// matched, some excluded, one in fifty unmatched, for the checklist's bank items. Then starts the app on
// a loopback port, signs in and times each call (p50/p95 of BENCH_CALLS sequential calls after
// a warm-up; the pack PDF BENCH_PACK_CALLS times; a report and its two comparisons in turns,
// BENCH_COMPARE_CALLS rounds).
//
// Budgets (exit code 1 beyond any of them, or on any failed call):
//   every report with a comparison: p95 <= 2x the same report without one, and <= 100 ms
//   Budget vs actual for a year to date: p95 <= 50 ms
//   receivables aging for 200 clients: p95 <= 200 ms
//   the month-end checklist: p95 <= 300 ms; the month-end pack PDF: p95 <= 5 s
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { configFromEnv, type AppConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/index.js';
import { addDays, monthOf, todayIn } from '../src/lib/dates.js';
import { ensureFirstAdmin } from '../src/repositories/users.js';
import { HttpClient, percentile, timeGet } from './http.js';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const ENTRIES = int(process.env.BENCH_ENTRIES, 1_000_000);
const CALLS = int(process.env.BENCH_CALLS, 30);
const PACK_CALLS = int(process.env.BENCH_PACK_CALLS, 5);
/** Rounds of a report with and without its comparisons, timed in turns (p95 of 100 each). */
const COMPARE_CALLS = int(process.env.BENCH_COMPARE_CALLS, 100);
const WARMUP = 3;
const BACKDATED = Math.ceil(ENTRIES / 50);
const REVERSALS = Math.ceil(ENTRIES / 100);
const CLIENTS = 200;
const EMPLOYEES = 100;
const EXPENSE_TYPES = 30;
const DAYS = 3 * 365;
const BATCH = 100_000;
const STATEMENT_LINES = int(process.env.BENCH_STATEMENT_LINES, 300_000);
const BANK_ACCOUNTS = 3;

const log = (line: string) => console.log(line);
const round = (value: number) => Math.round(value * 10) / 10;

const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set TEST_DATABASE_URL or DATABASE_URL (npm run bench:monthend starts one).');
  process.exit(2);
}
const host = new URL(databaseUrl).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error(`The bench runs only against a database on this machine, not ${host}.`);
  process.exit(2);
}

async function seed(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT ((SELECT count(*) FROM entries) + (SELECT count(*) FROM clients))::int AS n`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) throw new Error('the bench needs an empty database');
  const started = performance.now();
  await sql`
    INSERT INTO clients (name, email, company_name)
    SELECT 'Client ' || g, 'client' || g || '@bench.example', 'Company ' || g
    FROM generate_series(1, ${CLIENTS}::int) g`.execute(db);
  await sql`
    INSERT INTO employees (name, email, number, monthly_salary)
    SELECT 'Employee ' || g, 'employee' || g || '@bench.example', lpad(g::text, 8, '0'),
           30000 + g * 100
    FROM generate_series(1, ${EMPLOYEES}::int) g`.execute(db);
  await sql`
    INSERT INTO expense_types (expancetype)
    SELECT 'Expense type ' || g FROM generate_series(1, ${EXPENSE_TYPES}::int) g`.execute(db);
  const first = await sql<{ client: number; employee: number; expense_type: number }>`
    SELECT (SELECT min(id) FROM clients) AS client, (SELECT min(id) FROM employees) AS employee,
           (SELECT min(id) FROM expense_types) AS expense_type`.execute(db);
  const base = first.rows[0];
  if (!base) throw new Error('no parties');

  await sql`ALTER TABLE entries DISABLE TRIGGER entries_rollup_trg`.execute(db);
  // With the insert trigger off, payments and receipts take the account Cash (migration 026)
  // from a default kept for the bulk load only.
  await sql`ALTER TABLE entries ALTER COLUMN account_id SET DEFAULT 1`.execute(db);
  await sql`ALTER TABLE entries DISABLE TRIGGER entries_check_insert_trg`.execute(db);
  for (let from = 1; from <= ENTRIES; from += BATCH) {
    const to = Math.min(ENTRIES, from + BATCH - 1);
    await sql`
      INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                           credit_debit, description, entry_date, created_at)
      SELECT kind,
             CASE WHEN kind = 'income' THEN ${base.client}::int + n - 1 END,
             CASE WHEN kind = 'salary' THEN ${base.employee}::int + n - 1 END,
             CASE WHEN kind = 'expense' THEN ${base.expense_type}::int + n - 1 END,
             CASE kind WHEN 'income' THEN 'Client ' WHEN 'salary' THEN 'Employee '
                       ELSE 'Expense type ' END || n,
             round((1 + random() * 99999)::numeric, 2),
             CASE WHEN kind = 'income' AND random() < 0.5 THEN 'Debit' ELSE 'Credit' END,
             'Bench entry ' || g,
             day,
             day + random() * interval '1 day'
      FROM (
        SELECT g, kind, day,
               1 + floor(random() * CASE kind WHEN 'income' THEN ${CLIENTS}::int
                                               WHEN 'salary' THEN ${EMPLOYEES}::int
                                               ELSE ${EXPENSE_TYPES}::int END)::int AS n
        FROM (
          SELECT g,
                 (ARRAY['income', 'expense', 'salary'])[1 + floor(random() * 3)::int] AS kind,
                 current_date - ${DAYS - 1}::int
                   + floor((g - 1)::numeric * ${DAYS}::int / ${ENTRIES}::int)::int AS day
          FROM generate_series(${from}::int, ${to}::int) g
        ) picked
      ) parties
      ORDER BY g`.execute(db);
    log(`  ${to.toLocaleString('en')} entries`);
  }
  await sql`
    INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                         credit_debit, description, entry_date, created_at)
    SELECT kind, client_id, employee_id, expense_type_id, party_name, amount, credit_debit,
           'Backdated ' || description, current_date - floor(random() * ${DAYS}::int)::int, now()
    FROM (
      SELECT * FROM entries WHERE reverses_id IS NULL ORDER BY random() LIMIT ${BACKDATED}::int
    ) AS picked`.execute(db);
  await sql`
    INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                         credit_debit, description, entry_date, created_at, reverses_id)
    SELECT kind, client_id, employee_id, expense_type_id, party_name, -amount, credit_debit,
           'Reversed: wrong amount', entry_date, now(), id
    FROM entries WHERE reverses_id IS NULL ORDER BY random() LIMIT ${REVERSALS}::int`.execute(db);
  log(`  ${BACKDATED.toLocaleString('en')} backdated, ${REVERSALS.toLocaleString('en')} reversals`);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_check_insert_trg`.execute(db);
  await sql`ALTER TABLE entries ALTER COLUMN account_id DROP DEFAULT`.execute(db);
  // Budgets: a monthly amount for every type, this year's twelve amounts for ten of them.
  const year = new Date().getUTCFullYear();
  await sql`
    INSERT INTO expense_budgets (expense_type_id, month, amount)
    SELECT id, NULL, 1000000 FROM expense_types`.execute(db);
  await sql`
    INSERT INTO expense_budgets (expense_type_id, month, amount)
    SELECT t.id, make_date(${year}::int, m, 1), 900000 + m * 1000
    FROM expense_types t CROSS JOIN generate_series(1, 12) m
    WHERE t.id < ${base.expense_type}::int + 10`.execute(db);
  await sql`
    INSERT INTO recurring_schedules (kind, expense_type_id, amount, credit_debit, description,
                                     repeats, starts_on)
    SELECT 'expense', ${base.expense_type}::int + g - 1, 100, 'Credit', 'Bench schedule ' || g,
           'weekly', current_date - 400
    FROM generate_series(1, 10) g`.execute(db);
  // Bank accounts, one statement import each, and their lines: status only (the checklist counts
  // by status and date; no match rows are needed for that).
  await sql`
    INSERT INTO accounts (name, kind, opening_balance, opening_date, reconciled_through)
    SELECT 'Bank ' || g, 'Bank', 0, current_date - ${DAYS}::int, current_date - 60
    FROM generate_series(1, ${BANK_ACCOUNTS}::int) g`.execute(db);
  await sql`
    INSERT INTO statement_imports (account_id, file_name, sha256, format, lines_added, lines_known)
    SELECT id, 'bench.csv', repeat('0', 64), 'csv', ${Math.ceil(STATEMENT_LINES / BANK_ACCOUNTS)}::int, 0
    FROM accounts WHERE kind = 'Bank'`.execute(db);
  await sql`
    INSERT INTO statement_lines (account_id, import_id, line_date, amount, description,
                                 fingerprint, status, excluded_reason, position)
    SELECT i.account_id, i.id, current_date - ${DAYS - 1}::int
             + floor((g - 1)::numeric * ${DAYS}::int / ${STATEMENT_LINES}::int)::int,
           round((1 + random() * 9999)::numeric, 2) * (CASE WHEN g % 2 = 0 THEN 1 ELSE -1 END),
           'Bench line ' || g, 'bench|' || g,
           CASE WHEN g % 50 = 0 THEN 'unmatched' WHEN g % 50 = 1 THEN 'excluded' ELSE 'matched' END,
           CASE WHEN g % 50 = 1 THEN 'bench' END, g
    FROM generate_series(1, ${STATEMENT_LINES}::int) g
    JOIN statement_imports i ON i.id = (SELECT min(id) FROM statement_imports)
                                       + g % ${BANK_ACCOUNTS}::int`.execute(db);
  log(
    `  ${STATEMENT_LINES.toLocaleString('en')} statement lines in ${BANK_ACCOUNTS} bank accounts`,
  );
  log('  rebuilding the roll-ups');
  await sql`SELECT rebuild_entry_rollups()`.execute(db);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_rollup_trg`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  return (performance.now() - started) / 1000;
}

interface Figure {
  name: string;
  path: string;
  p50: number;
  p95: number;
  status: number;
  /** The p95 budget in ms. */
  budget?: number;
}

async function time(
  client: HttpClient,
  token: string,
  name: string,
  path: string,
  calls = CALLS,
): Promise<Figure> {
  const timed = await timeGet(client, token, path, { warmup: WARMUP, calls });
  if (timed.status !== 200) {
    log(`  ${name}: HTTP ${timed.status} ${JSON.stringify(timed.body).slice(0, 200)}`);
    return { name, path, status: timed.status, p50: NaN, p95: NaN };
  }
  return { name, path, status: 200, p50: round(timed.p50), p95: round(timed.p95) };
}

/**
 * Times several calls in turns (one of each, again and again), so that what else the machine does
 * meanwhile falls on all of them alike: the comparison's budget is a ratio of two of them.
 */
async function timeInTurns(
  client: HttpClient,
  token: string,
  calls: Array<{ name: string; path: string }>,
  rounds = COMPARE_CALLS,
): Promise<Figure[]> {
  const durations = calls.map(() => [] as number[]);
  const statuses = calls.map(() => 0);
  for (let i = 0; i < WARMUP + rounds; i++) {
    for (const [index, { name, path }] of calls.entries()) {
      const answer = await client.call('GET', path, undefined, token);
      statuses[index] = answer.status;
      if (answer.status !== 200) {
        log(`  ${name}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        return calls.map((call, k) => ({ ...call, status: statuses[k]!, p50: NaN, p95: NaN }));
      }
      if (i >= WARMUP) durations[index]!.push(answer.ms);
    }
  }
  return calls.map((call, index) => {
    const sorted = durations[index]!.sort((a, b) => a - b);
    const at = (p: number) => round(percentile(sorted, p));
    return { ...call, status: statuses[index]!, p50: at(50), p95: at(95) };
  });
}

const adminPassword = randomBytes(12).toString('base64url');
const config: AppConfig = {
  ...configFromEnv(),
  databaseUrl,
  dataDir: 'memory://',
  timeZone: process.env.TZ || 'UTC',
  adminEmail: 'bench@bench.example',
  adminPassword,
  webRoot: undefined,
  logLevel: 'warn',
  login: { perIpPerMinute: 1000, perEmailFailures: 1000, perEmailWindowMinutes: 15 },
};

log(`PostgreSQL: seeding ${ENTRIES.toLocaleString('en')} entries`);
const database = await openDatabase(config);
let failed = false;
try {
  await ensureFirstAdmin(database.db, config, { info() {}, warn() {} } as never);
  log(`PostgreSQL: seeded in ${round(await seed(database.db))} s`);
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const http = new HttpClient({ port });
    const login = await http.call('POST', '/api/users/login', {
      email: config.adminEmail,
      password: adminPassword,
    });
    const token = (login.body as { token?: string } | null)?.token;
    if (!token) throw new Error(`sign-in failed: HTTP ${login.status}`);
    const today = todayIn(config.timeZone);
    const month = monthOf(today);
    const lastMonth = monthOf(addDays(month.from, -1));
    const year = Number(today.slice(0, 4));
    const reports: Array<[string, string]> = [
      ['Finance Report', `/api/dashboard/finance?from=${month.from}&to=${month.to}`],
      [
        'Expense Vs Type',
        `/api/dashboard/getExpenseVsType?startDate=${month.from}&endDate=${month.to}`,
      ],
      [
        'Employees Vs Salary',
        `/api/dashboard/getEmployeesVsSalary?startDate=${month.from}&endDate=${month.to}`,
      ],
      [
        'Income Report',
        `/api/dashboard/getIncomeReport?startDate=${month.from}&endDate=${month.to}`,
      ],
      ['Yearly', `/api/dashboard/yearly?year=${year}`],
    ];
    const figures: Figure[] = [];
    for (const [name, path] of reports) {
      const [plain, ...compared] = await timeInTurns(http, token, [
        { name: `${name}, no comparison`, path },
        ...['previous', 'lastYear'].map((compare) => ({
          name: `${name}, compare=${compare}`,
          path: `${path}&compare=${compare}`,
        })),
      ]);
      figures.push(plain!);
      for (const withCompare of compared) {
        withCompare.budget = Math.min(100, 2 * plain!.p95);
        figures.push(withCompare);
      }
    }
    figures.push({
      ...(await time(
        http,
        token,
        'Budget vs actual, year to date',
        `/api/reports/budget?year=${year}`,
      )),
      budget: 50,
    });
    figures.push({
      ...(await time(
        http,
        token,
        `Receivables aging, ${CLIENTS} clients`,
        `/api/reports/receivables?date=${today}`,
      )),
      budget: 200,
    });
    const checkMonth = lastMonth.from.slice(0, 7);
    figures.push({
      ...(await time(http, token, 'Month-end checklist', `/api/month-end?month=${checkMonth}`)),
      budget: 300,
    });
    figures.push({
      ...(await time(
        http,
        token,
        'Month-end pack PDF',
        `/api/month-end/pack.pdf?month=${checkMonth}`,
        PACK_CALLS,
      )),
      budget: 5000,
    });
    http.close();
    log('');
    log(`figures at ${ENTRIES.toLocaleString('en')} entries (p50 / p95, budget on p95):`);
    for (const figure of figures) {
      const over =
        figure.status !== 200 || (figure.budget !== undefined && !(figure.p95 <= figure.budget));
      if (over) failed = true;
      log(
        `  ${over ? 'OVER' : 'ok  '} ${figure.name}: ${figure.p50} / ${figure.p95} ms` +
          (figure.budget !== undefined ? ` (budget ${round(figure.budget)} ms)` : ''),
      );
    }
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
