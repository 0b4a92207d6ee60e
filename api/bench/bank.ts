// npm run bench:bank: money accounts, statements and reconciliation at a million entries on
// PostgreSQL (issue 33).
//
// Runs against TEST_DATABASE_URL or DATABASE_URL (the root script starts a throw-away cluster on
// 127.0.0.1 through scripts/with-postgres.sh; the database must be an empty one the bench may
// fill). Seeds BENCH_ENTRIES entries (default 1,000,000) over the last three years by bulk load
// as bench:monthend does, every payment and receipt in one bank account, plus a few thousand
// transfers. Then starts the app on a loopback port, signs in and times:
//
//   import of a 10,000-line CSV statement (lines taken from the account's entries): <= 5 s
//   import of a 10,000-line OFX and of a 10,000-line CAMT.053 (into two other accounts): <= 5 s each
//   the reconciliation worklist with its suggestions over 5,000 unmatched lines (pages of 1,000
//     against every entry): <= 2 s; its first page (200 lines): p95 <= 200 ms
//   a page of the account's register at a million movements (first and a deep page): p95 <= 50 ms
//   the account balances of the dashboard (GET /api/accounts): p95 <= 20 ms
//
// Exit code 1 beyond any budget or on any failed call.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { importsSettled } from '../src/bank/import-batches.js';
import { configFromEnv, type AppConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/index.js';
import { ensureFirstAdmin } from '../src/repositories/users.js';
import { HttpClient, timeGet } from './http.js';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const ENTRIES = int(process.env.BENCH_ENTRIES, 1_000_000);
const CALLS = int(process.env.BENCH_CALLS, 30);
const STATEMENT_LINES = int(process.env.BENCH_STATEMENT_LINES, 10_000);
const WORKLIST_LINES = Math.min(5000, STATEMENT_LINES);
const WARMUP = 3;
const CLIENTS = 200;
const EMPLOYEES = 100;
const EXPENSE_TYPES = 30;
const DAYS = 3 * 365;
const BATCH = 100_000;

const log = (line: string) => console.log(line);
const round = (value: number) => Math.round(value * 10) / 10;

const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('Set TEST_DATABASE_URL or DATABASE_URL (npm run bench:bank starts one).');
  process.exit(2);
}
const host = new URL(databaseUrl).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error(`The bench runs only against a database on this machine, not ${host}.`);
  process.exit(2);
}

/** Seeds the parties, the accounts (Bank: id 2, and two empty ones) and the entries. */
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
    VALUES ('Bank', 'Bank', 100000, current_date - ${DAYS}::int),
           ('OFX bank', 'Bank', 0, current_date - ${DAYS}::int),
           ('CAMT bank', 'Bank', 0, current_date - ${DAYS}::int)`.execute(db);
  const first = await sql<{ client: number; employee: number; expense_type: number; bank: number }>`
    SELECT (SELECT min(id) FROM clients) AS client, (SELECT min(id) FROM employees) AS employee,
           (SELECT min(id) FROM expense_types) AS expense_type,
           (SELECT id FROM accounts WHERE name = 'Bank') AS bank`.execute(db);
  const base = first.rows[0];
  if (!base) throw new Error('no parties');

  await sql`ALTER TABLE entries DISABLE TRIGGER entries_rollup_trg`.execute(db);
  await sql`ALTER TABLE entries DISABLE TRIGGER entries_check_insert_trg`.execute(db);
  for (let from = 1; from <= ENTRIES; from += BATCH) {
    const to = Math.min(ENTRIES, from + BATCH - 1);
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
             CASE WHEN side = 'Credit' THEN ${base.bank}::int END
      FROM (
        SELECT g, kind, day,
               CASE WHEN kind = 'income' AND random() < 0.3 THEN 'Debit' ELSE 'Credit' END AS side,
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
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_check_insert_trg`.execute(db);
  await sql`
    INSERT INTO account_transfers (from_account_id, to_account_id, amount, transfer_date, description)
    SELECT 1, ${base.bank}::int, round((100 + random() * 9000)::numeric, 2),
           current_date - floor(random() * ${DAYS}::int)::int, 'Cash deposited ' || g
    FROM generate_series(1, 3000) g`.execute(db);
  log('  rebuilding the roll-ups');
  await sql`SELECT rebuild_entry_rollups()`.execute(db);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_rollup_trg`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  return (performance.now() - started) / 1000;
}

interface StatementLine {
  date: string;
  amount: string;
  text: string;
}

/** Statement lines from the bank's most recent payments and receipts (money in +, out -). */
async function linesFromEntries(db: Db, count: number): Promise<StatementLine[]> {
  const { rows } = await sql<StatementLine>`
    SELECT entry_date::text AS date,
           (CASE WHEN kind = 'income' THEN amount ELSE -amount END)::text AS amount,
           party_name || ' ' || description AS text
    FROM entries WHERE account_id = (SELECT id FROM accounts WHERE name = 'Bank')
      AND credit_debit = 'Credit'
    ORDER BY entry_date DESC, id DESC LIMIT ${count}`.execute(db);
  return rows.reverse();
}

const csvOf = (lines: StatementLine[]) =>
  'Date,Description,Reference,Amount\r\n' +
  lines.map((l, i) => `${l.date},${l.text},REF${i + 1},${l.amount}`).join('\r\n') +
  '\r\n';

const ofxOf = (lines: StatementLine[]) =>
  'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\r\n' +
  lines
    .map(
      (l, i) =>
        `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${l.date.replace(/-/g, '')}<TRNAMT>${l.amount}<FITID>F${i + 1}<NAME>${l.text}\r\n</STMTTRN>`,
    )
    .join('\r\n') +
  '\r\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n';

const camtOf = (lines: StatementLine[]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>\n' +
  lines
    .map((l, i) => {
      const out = l.amount.startsWith('-');
      return `<Ntry><Amt Ccy="PKR">${out ? l.amount.slice(1) : l.amount}</Amt><CdtDbtInd>${out ? 'DBIT' : 'CRDT'}</CdtDbtInd><BookgDt><Dt>${l.date}</Dt></BookgDt><AcctSvcrRef>C${i + 1}</AcctSvcrRef><AddtlNtryInf>${l.text}</AddtlNtryInf></Ntry>`;
    })
    .join('\n') +
  '\n</Stmt></BkToCstmrStmt></Document>\n';

const BOUNDARY = '----bench-bank';
const multipart = (fileName: string, text: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="options"\r\n\r\n{}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`,
  );

interface Figure {
  name: string;
  /** The measured figure (p95 for repeated calls) in ms. */
  ms: number;
  p50?: number;
  budget: number;
  ok: boolean;
}

async function timeCalls(
  client: HttpClient,
  token: string,
  name: string,
  path: string,
  budget: number,
): Promise<Figure> {
  const timed = await timeGet(client, token, path, { warmup: WARMUP, calls: CALLS });
  if (timed.status !== 200) {
    log(`  ${name}: HTTP ${timed.status} ${JSON.stringify(timed.body).slice(0, 200)}`);
    return { name, ms: NaN, budget, ok: false };
  }
  return { name, ms: round(timed.p95), p50: round(timed.p50), budget, ok: timed.p95 <= budget };
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
  const ids = await sql<{ name: string; id: number }>`SELECT name, id FROM accounts`.execute(
    database.db,
  );
  const account = (name: string) => ids.rows.find((row) => row.name === name)!.id;
  const lines = await linesFromEntries(database.db, STATEMENT_LINES);
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
    const figures: Figure[] = [];

    const importOnce = async (name: string, accountId: number, fileName: string, text: string) => {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/accounts/${accountId}/statements`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload: multipart(fileName, text),
      });
      const ms = round(performance.now() - started);
      let added = -1;
      if (response.statusCode === 201) {
        // A statement of more than 2,000 lines is answered "importing" and written in batches
        // after the answer: its count is read once they are in, before the next figure.
        const { importId, state } = response.json() as { importId: number; state: string };
        await importsSettled();
        const { rows } = await sql<{ lines_added: number; state: string }>`
          SELECT lines_added, state FROM statement_imports WHERE id = ${importId}`.execute(
          database.db,
        );
        added = rows[0]?.state === 'done' ? rows[0].lines_added : -1;
        if (state === 'importing')
          log(
            `  ${name}: all lines written ${round(performance.now() - started)} ms after the call`,
          );
      }
      if (response.statusCode !== 201)
        log(`  ${name}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
      figures.push({
        name: `${name} (${added.toLocaleString('en')} lines added)`,
        ms,
        budget: 5000,
        ok: response.statusCode === 201 && ms <= 5000,
      });
    };
    await importOnce(
      `Import a ${lines.length.toLocaleString('en')}-line CSV statement`,
      account('Bank'),
      'bank.csv',
      csvOf(lines),
    );
    await importOnce(
      `Import a ${lines.length.toLocaleString('en')}-line OFX statement`,
      account('OFX bank'),
      'bank.ofx',
      ofxOf(lines),
    );
    await importOnce(
      `Import a ${lines.length.toLocaleString('en')}-line CAMT.053 statement`,
      account('CAMT bank'),
      'camt053.xml',
      camtOf(lines),
    );

    const bank = account('Bank');
    // The whole worklist over the first 5,000 unmatched lines, in pages of 1,000.
    {
      const started = performance.now();
      let after: string | null = null;
      let seen = 0;
      let suggested = 0;
      let ok = true;
      while (seen < WORKLIST_LINES) {
        const query: string = after ? `?limit=1000&after=${after}` : '?limit=1000';
        const answer = await http.call(
          'GET',
          `/api/accounts/${bank}/reconcile${query}`,
          undefined,
          token,
        );
        if (answer.status !== 200) {
          ok = false;
          log(`  worklist: HTTP ${answer.status}`);
          break;
        }
        const body = answer.body as { lines: { suggestions: unknown[] }[]; next: string | null };
        seen += body.lines.length;
        suggested += body.lines.filter((line) => line.suggestions.length > 0).length;
        after = body.next;
        if (!after) break;
      }
      const ms = round(performance.now() - started);
      figures.push({
        name: `Worklist with suggestions, ${seen.toLocaleString('en')} unmatched lines (${suggested.toLocaleString('en')} with a suggestion)`,
        ms,
        budget: 2000,
        ok: ok && ms <= 2000,
      });
    }
    figures.push(
      await timeCalls(
        http,
        token,
        'Worklist, first page (200 lines), p95',
        `/api/accounts/${bank}/reconcile`,
        200,
      ),
    );

    figures.push(
      await timeCalls(
        http,
        token,
        'Register, first page, p95',
        `/api/accounts/${bank}/register?limit=100`,
        50,
      ),
    );
    // A deep page: walk a few pages, then time the page there.
    let after: string | null = null;
    for (let i = 0; i < 50; i++) {
      const query: string = after ? `?limit=500&after=${after}` : '?limit=500';
      const answer = await http.call(
        'GET',
        `/api/accounts/${bank}/register${query}`,
        undefined,
        token,
      );
      after = (answer.body as { next: string | null }).next;
      if (!after) break;
    }
    if (after)
      figures.push(
        await timeCalls(
          http,
          token,
          'Register, a page 25,000 movements deep, p95',
          `/api/accounts/${bank}/register?limit=100&after=${after}`,
          50,
        ),
      );
    figures.push(
      await timeCalls(http, token, 'Account balances (dashboard), p95', '/api/accounts', 20),
    );
    http.close();

    log('');
    log(`figures at ${ENTRIES.toLocaleString('en')} entries (budget):`);
    for (const figure of figures) {
      if (!figure.ok) failed = true;
      log(
        `  ${figure.ok ? 'ok  ' : 'OVER'} ${figure.name}: ${figure.ms} ms` +
          (figure.p50 !== undefined ? ` (p50 ${figure.p50} ms)` : '') +
          ` (budget ${figure.budget} ms)`,
      );
    }
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
