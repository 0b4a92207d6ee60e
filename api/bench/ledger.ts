// npm run bench:ledger: the general ledger at a million entries on PostgreSQL (issue 40).
//
// Runs against TEST_DATABASE_URL or DATABASE_URL (the root script starts a throw-away cluster on
// 127.0.0.1 through scripts/with-postgres.sh; the database must be an empty one the bench may
// fill). Migrates it up to schema 036 (the books before the ledger) and seeds BENCH_ENTRIES
// entries (default 1,000,000) over the last two years by bulk load as bench:bank does: invoices,
// payments received, expenses over twelve expense types and salaries, paid from Cash or a bank
// account, one in a hundred reversed, plus a few thousand transfers between the two. Then:
//
//   migrating to 037, which posts every existing entry, transfer and opening balance: <= 180 s
//
// and, with the app on a loopback port, signed in, p95 of BENCH_CALLS calls (default 50) after a
// warm-up, each <= 50 ms:
//
//   the trial balance and the balance sheet at today, profit and loss for the last full
//   financial year on the accrual and on the cash basis, and a page of the general ledger of the
//   busiest account 25,000 lines deep (reached by walking its pages; the cursor is checked
//   against the one built from the database with the running balance)
//
// Exit code 1 beyond any budget, on any failed call or on a cursor mismatch.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { centsOf, DEBIT_NORMAL, financialYearStart, type LedgerAccountType } from 'contract';
import { buildApp } from '../src/app.js';
import { configFromEnv, type AppConfig } from '../src/config.js';
import { migrationRunner, openDatabase, type Db } from '../src/db/index.js';
import { latestSchemaVersion, migrate } from '../src/db/migrate.js';
import { addDays, todayIn } from '../src/lib/dates.js';
import { ledgerLinesCursor } from '../src/lib/page-cursor.js';
import { ensureFirstAdmin } from '../src/repositories/users.js';
import { HttpClient, timeGet } from './http.js';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const ENTRIES = int(process.env.BENCH_ENTRIES, 1_000_000);
const CALLS = int(process.env.BENCH_CALLS, 50);
const WARMUP = 5;
const REVERSALS = Math.ceil(ENTRIES / 100);
const TRANSFERS = 3000;
const CLIENTS = 200;
const EMPLOYEES = 100;
const EXPENSE_TYPES = 12;
const DAYS = 2 * 365;
const BATCH = 100_000;
const BEFORE_LEDGER = 36;
const DEPTH = 25_000;
const MIGRATION_BUDGET_S = 180;
const READ_BUDGET_MS = 50;

const log = (line: string) => console.log(line);
const round = (value: number) => Math.round(value * 10) / 10;

const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set TEST_DATABASE_URL or DATABASE_URL (npm run bench:ledger starts one).');
  process.exit(2);
}
const host = new URL(databaseUrl).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error(`The bench runs only against a database on this machine, not ${host}.`);
  process.exit(2);
}

/**
 * The parties, a bank account beside Cash, and the entries: a quarter invoices, a quarter
 * payments received, 35% expenses and 15% salaries; four in five payments through the bank.
 */
async function seed(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM entries`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) throw new Error('the bench needs an empty database');
  const started = performance.now();
  await sql`
    INSERT INTO clients (name, email, company_name)
    SELECT 'Client ' || g, 'client' || g || '@bench.example', 'Company ' || g
    FROM generate_series(1, ${CLIENTS}::int) g`.execute(db);
  await sql`
    INSERT INTO employees (name, email, number)
    SELECT 'Employee ' || g, 'employee' || g || '@bench.example', lpad(g::text, 8, '0')
    FROM generate_series(1, ${EMPLOYEES}::int) g`.execute(db);
  await sql`
    INSERT INTO expense_types (expancetype)
    SELECT 'Expense type ' || g FROM generate_series(1, ${EXPENSE_TYPES}::int) g`.execute(db);
  await sql`
    INSERT INTO accounts (name, kind, opening_balance, opening_date)
    VALUES ('Bank', 'Bank', 250000, current_date - ${DAYS}::int)`.execute(db);
  const first = await sql<{
    client: number;
    employee: number;
    expense_type: number;
    cash: number;
    bank: number;
  }>`
    SELECT (SELECT min(id) FROM clients) AS client, (SELECT min(id) FROM employees) AS employee,
           (SELECT min(id) FROM expense_types) AS expense_type,
           (SELECT id FROM accounts WHERE is_default) AS cash,
           (SELECT id FROM accounts WHERE name = 'Bank') AS bank`.execute(db);
  const base = first.rows[0];
  if (!base) throw new Error('no parties');

  await sql`ALTER TABLE entries DISABLE TRIGGER entries_rollup_trg`.execute(db);
  await sql`ALTER TABLE entries DISABLE TRIGGER entries_check_insert_trg`.execute(db);
  const originals = ENTRIES - REVERSALS;
  for (let from = 1; from <= originals; from += BATCH) {
    const to = Math.min(originals, from + BATCH - 1);
    await sql`
      INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                           credit_debit, description, entry_date, created_at, account_id)
      SELECT kind,
             CASE WHEN kind = 'income' THEN ${base.client}::int + n - 1 END,
             CASE WHEN kind = 'salary' THEN ${base.employee}::int + n - 1 END,
             CASE WHEN kind = 'expense' THEN ${base.expense_type}::int + n - 1 END,
             CASE kind WHEN 'income' THEN 'Client ' WHEN 'salary' THEN 'Employee '
                       ELSE 'Expense type ' END || n,
             round((1 + random() * 99999)::numeric, 2),
             side, 'Bench entry ' || g, day, day + random() * interval '1 day',
             CASE WHEN side = 'Debit' THEN NULL
                  WHEN random() < 0.8 THEN ${base.bank}::int ELSE ${base.cash}::int END
      FROM (
        SELECT g, kind, day,
               CASE WHEN kind = 'income' AND pick < 0.25 THEN 'Debit' ELSE 'Credit' END AS side,
               1 + floor(random() * CASE kind WHEN 'income' THEN ${CLIENTS}::int
                                               WHEN 'salary' THEN ${EMPLOYEES}::int
                                               ELSE ${EXPENSE_TYPES}::int END)::int AS n
        FROM (
          SELECT g, pick,
                 CASE WHEN pick < 0.5 THEN 'income' WHEN pick < 0.85 THEN 'expense'
                      ELSE 'salary' END AS kind,
                 current_date - ${DAYS - 1}::int
                   + floor((g - 1)::numeric * ${DAYS}::int / ${originals}::int)::int AS day
          FROM (SELECT g, random() AS pick FROM generate_series(${from}::int, ${to}::int) g) r
        ) picked
      ) parties
      ORDER BY g`.execute(db);
    log(`  ${to.toLocaleString('en')} entries`);
  }
  await sql`
    INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                         credit_debit, description, entry_date, created_at, reverses_id,
                         account_id)
    SELECT kind, client_id, employee_id, expense_type_id, party_name, -amount, credit_debit,
           'Reversed: wrong amount', entry_date, now(), id, account_id
    FROM entries WHERE reverses_id IS NULL ORDER BY random() LIMIT ${REVERSALS}::int`.execute(db);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_check_insert_trg`.execute(db);
  await sql`
    INSERT INTO account_transfers (from_account_id, to_account_id, amount, transfer_date, description)
    SELECT ${base.cash}::int, ${base.bank}::int, round((100 + random() * 9000)::numeric, 2),
           current_date - floor(random() * ${DAYS}::int)::int, 'Cash deposited ' || g
    FROM generate_series(1, ${TRANSFERS}::int) g`.execute(db);
  log(`  ${REVERSALS.toLocaleString('en')} reversals, ${TRANSFERS.toLocaleString('en')} transfers`);
  await sql`SELECT rebuild_entry_rollups()`.execute(db);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_rollup_trg`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  return (performance.now() - started) / 1000;
}

interface Figure {
  name: string;
  /** Seconds for the migration, the p95 in ms for the calls. */
  value: number;
  unit: 's' | 'ms';
  p50?: number;
  budget: number;
  ok: boolean;
}

async function timeCalls(http: HttpClient, token: string, name: string, path: string) {
  const timed = await timeGet(http, token, path, { warmup: WARMUP, calls: CALLS });
  if (timed.status !== 200) {
    log(`  ${name}: HTTP ${timed.status} ${JSON.stringify(timed.body).slice(0, 200)}`);
    return { name, value: NaN, unit: 'ms', budget: READ_BUDGET_MS, ok: false } as Figure;
  }
  return {
    name,
    value: round(timed.p95),
    unit: 'ms',
    p50: round(timed.p50),
    budget: READ_BUDGET_MS,
    ok: timed.p95 <= READ_BUDGET_MS,
  } as Figure;
}

/**
 * The account with the most lines on the accrual basis, and the cursor after its DEPTH-th line
 * from `from`, built from the database: that line's day and id, and the balance after it.
 */
async function deepCursor(db: Db, from: string, to: string) {
  const { rows: busiest } = await sql<{ id: number; type: LedgerAccountType; lines: string }>`
    SELECT a.id, a.type, sum(d.lines)::text AS lines
    FROM ledger_daily_current d JOIN ledger_accounts a ON a.id = d.account_id
    WHERE d.basis <> 'C' AND d.day BETWEEN ${from}::date AND ${to}::date
    GROUP BY a.id ORDER BY sum(d.lines) DESC LIMIT 1`.execute(db);
  const account = busiest[0]!;
  // A smaller run (BENCH_ENTRIES) goes half-way into the account.
  const depth = Math.min(DEPTH, Math.floor(Number(account.lines) / 2));
  // (Named apart from the columns: ORDER BY a name of the answer would sort the text.)
  const { rows } = await sql<{ day: string; line: string; balance: string }>`
    SELECT line_date::text AS day, id::text AS line,
           (coalesce((SELECT sum(debit - credit) FROM ledger_lines
                       WHERE account_id = ${account.id} AND basis <> 'C'
                         AND line_date < ${from}::date), 0)
            + sum(debit - credit) OVER (ORDER BY line_date, id))::text AS balance
    FROM ledger_lines
    WHERE account_id = ${account.id} AND basis <> 'C'
      AND line_date BETWEEN ${from}::date AND ${to}::date
    ORDER BY line_date, id
    LIMIT ${depth}`.execute(db);
  const last = rows[rows.length - 1]!;
  const sign = DEBIT_NORMAL.includes(account.type) ? 1n : -1n;
  return {
    account: account.id,
    lines: Number(account.lines),
    depth,
    cursor: ledgerLinesCursor({
      date: last.day,
      id: Number(last.line),
      balance: sign * centsOf(last.balance),
    }),
  };
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

log(`PostgreSQL: schema ${BEFORE_LEDGER}, seeding ${ENTRIES.toLocaleString('en')} entries`);
const database = await openDatabase({ ...config, migrate: false });
const figures: Figure[] = [];
let failed = false;
try {
  await migrate(migrationRunner(database.transaction), { upTo: BEFORE_LEDGER });
  await ensureFirstAdmin(database.db, config, { info() {}, warn() {} } as never);
  log(`PostgreSQL: seeded in ${round(await seed(database.db))} s`);

  log(`migrating to ${await latestSchemaVersion()} (posting the books)`);
  const started = performance.now();
  const applied = await migrate(migrationRunner(database.transaction));
  const seconds = (performance.now() - started) / 1000;
  const { rows: posted } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM ledger_lines`.execute(database.db);
  figures.push({
    name: `Migration ${applied.join(', ')} (${Number(posted[0]!.n).toLocaleString('en')} lines posted)`,
    value: round(seconds),
    unit: 's',
    budget: MIGRATION_BUDGET_S,
    ok: seconds <= MIGRATION_BUDGET_S,
  });
  log(`  migrated in ${round(seconds)} s`);

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
    const yearFrom = financialYearStart(addDays(financialYearStart(today), -1));
    const yearTo = addDays(financialYearStart(today), -1);
    const calls: Array<[string, string]> = [
      [`Trial balance at ${today}`, `/api/ledger/trial-balance?date=${today}`],
      [`Balance sheet at ${today}`, `/api/ledger/balance-sheet?date=${today}`],
      [
        `Profit and loss ${yearFrom} to ${yearTo}, accrual`,
        `/api/ledger/profit-loss?from=${yearFrom}&to=${yearTo}&basis=accrual`,
      ],
      [
        `Profit and loss ${yearFrom} to ${yearTo}, cash`,
        `/api/ledger/profit-loss?from=${yearFrom}&to=${yearTo}&basis=cash`,
      ],
    ];
    for (const [name, path] of calls) figures.push(await timeCalls(http, token, name, path));

    // The general ledger of the busiest account over the two years: walk to DEPTH lines.
    const from = addDays(today, -DAYS);
    const deep = await deepCursor(database.db, from, today);
    const lines = `/api/ledger/accounts/${deep.account}/lines?from=${from}&to=${today}`;
    let after: string | null = null;
    for (let walked = 0; walked < deep.depth; walked += 500) {
      const limit = Math.min(500, deep.depth - walked);
      const answer = await http.call(
        'GET',
        `${lines}&limit=${limit}${after ? `&after=${after}` : ''}`,
        undefined,
        token,
      );
      after = answer.status === 200 ? (answer.body as { next: string | null }).next : null;
      if (!after) break;
    }
    if (after !== deep.cursor) {
      failed = true;
      log(`  general ledger: the walked cursor ${after} is not the built one ${deep.cursor}`);
    }
    figures.push(
      await timeCalls(
        http,
        token,
        `General ledger, account ${deep.account} (${deep.lines.toLocaleString('en')} lines), a page ${deep.depth.toLocaleString('en')} lines deep`,
        `${lines}&after=${deep.cursor}`,
      ),
    );
    http.close();
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}

log('');
log(`figures at ${ENTRIES.toLocaleString('en')} entries (p95 of ${CALLS} calls; budget):`);
for (const figure of figures) {
  if (!figure.ok) failed = true;
  log(
    `  ${figure.ok ? 'ok  ' : 'OVER'} ${figure.name}: ${figure.value} ${figure.unit}` +
      (figure.p50 !== undefined ? ` (p50 ${figure.p50} ms)` : '') +
      ` (budget ${figure.budget} ${figure.unit})`,
  );
}
process.exit(failed ? 1 : 0);
