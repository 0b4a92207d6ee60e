// npm run bench:hostile, its bank part (also alone: npm run bench:hostile:bank): the heavy calls of
// the bank and month-end screens at 100,000 statement lines and entries, on the embedded PGlite
// and then on a throw-away PostgreSQL (TEST_DATABASE_URL, which the npm script starts), each
// answered while a prober keeps asking for the account list every 50 ms.
//
// Seeds 10,000 clients and BENCH_ENTRIES (100,000) payments and expenses in one bank account plus
// 20,000 invoices, then through HTTP, as an admin:
//   import a 100,000-line CSV statement made from the account's entries (answered "importing"
//   before the file is read, then asked after once a second until its batches are written)
//   the reconciliation worklist at limit=1000 (a viewer may ask for it), twice
//   Accept all suggested, its first BENCH_ACCEPT_CALLS (25) calls of 100 lines each
//   the month-end checklist, the month-end pack as PDF and as Excel
//   receivables aging over the 10,000 clients
// For each case it prints its longest call and the longest wait of a probe sent while it ran
// (from when the probe was due to its answer). Budget: no call over 5 s, no probe waiting over
// 500 ms. Exit code 1 beyond either, or on any failed call.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { configFromEnv, type AppConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/index.js';
import { ensureFirstAdmin } from '../src/repositories/users.js';
import { HttpClient } from './http.js';

const ENTRIES = Number.parseInt(process.env.BENCH_ENTRIES ?? '', 10) || 100_000;
const CLIENTS = 10_000;
const INVOICES = 20_000;
const DAYS = 365;
const CALL_BUDGET_MS = 5000;
const WAIT_BUDGET_MS = 500;
const PROBE_EVERY_MS = 50;
/** Calls of Accept all suggested measured (each looks at 100 lines): at 100,000 lines the whole
 * round takes 1,000 calls, each like these. */
const ACCEPT_CALLS = Number.parseInt(process.env.BENCH_ACCEPT_CALLS ?? '', 10) || 25;

const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
if (databaseUrl) {
  const host = new URL(databaseUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    console.error(`The bench runs only against a database on this machine, not ${host}.`);
    process.exit(2);
  }
}
const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
const log = (line: string) => console.log(line);
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

/** Clients, the bank account, its payments and expenses, and invoices; returns the bank's id. */
async function seed(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM entries`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) throw new Error('the bench needs an empty database');
  await sql`
    INSERT INTO clients (name, email, company_name)
    SELECT 'Client ' || g, 'client' || g || '@bench.example', 'Company ' || g
    FROM generate_series(1, ${CLIENTS}::int) g`.execute(db);
  await sql`INSERT INTO expense_types (expancetype) VALUES ('Bench expense')`.execute(db);
  const { rows: made } = await sql<{ id: number }>`
    INSERT INTO accounts (name, kind, opening_balance, opening_date)
    VALUES ('Bench bank', 'Bank', 0, current_date - ${DAYS + 1}::int) RETURNING id`.execute(db);
  const bank = made[0]!.id;
  await sql`ALTER TABLE entries DISABLE TRIGGER entries_rollup_trg`.execute(db);
  await sql`ALTER TABLE entries DISABLE TRIGGER entries_check_insert_trg`.execute(db);
  // Payments received (two in three) and expenses paid, all in the bank; then invoices.
  await sql`
    INSERT INTO entries (kind, client_id, expense_type_id, party_name, amount, credit_debit,
                         description, entry_date, account_id)
    SELECT kind, CASE WHEN kind = 'income' THEN c END,
           CASE WHEN kind = 'expense' THEN (SELECT min(id) FROM expense_types) END,
           CASE WHEN kind = 'income' THEN 'Client ' || (c - (SELECT min(id) FROM clients) + 1)
                ELSE 'Bench expense' END,
           round((1 + random() * 99999)::numeric, 2), 'Credit', 'Bench entry ' || g,
           current_date - ${DAYS}::int + floor((g - 1)::numeric * ${DAYS}::int / ${ENTRIES}::int)::int,
           ${bank}::int
    FROM (SELECT g, CASE WHEN g % 3 = 0 THEN 'expense' ELSE 'income' END AS kind,
                 (SELECT min(id) FROM clients) + (g % ${CLIENTS}::int) AS c
          FROM generate_series(1, ${ENTRIES}::int) g) picked
    ORDER BY g`.execute(db);
  await sql`
    INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description, entry_date)
    SELECT 'income', (SELECT min(id) FROM clients) + (g % ${CLIENTS}::int),
           'Client ' || (g % ${CLIENTS}::int + 1), round((1 + random() * 99999)::numeric, 2),
           'Debit', 'Invoice ' || g, current_date - floor(random() * ${DAYS}::int)::int
    FROM generate_series(1, ${INVOICES}::int) g`.execute(db);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_check_insert_trg`.execute(db);
  await sql`SELECT rebuild_entry_rollups()`.execute(db);
  await sql`ALTER TABLE entries ENABLE TRIGGER entries_rollup_trg`.execute(db);
  return bank;
}

/** A CSV statement of the bank's entries (money in +, out -), oldest first. */
async function statementCsv(db: Db, bank: number): Promise<string> {
  const { rows } = await sql<{ line: string }>`
    SELECT entry_date::text || ',' || replace(party_name || ' ' || description, ',', ' ') || ','
           || 'B' || id || ',' || (CASE WHEN kind = 'income' THEN amount ELSE -amount END)::text
           AS line
    FROM entries WHERE account_id = ${bank} ORDER BY entry_date, id`.execute(db);
  return `Date,Description,Reference,Amount\r\n${rows.map((row) => row.line).join('\r\n')}\r\n`;
}

const BOUNDARY = '----bench-hostile-bank';
const multipart = (fileName: string, text: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="options"\r\n\r\n{}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: text/csv\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`,
  );

/** Asks for the account list every PROBE_EVERY_MS; each probe's wait runs from when it was due. */
function startProber(http: HttpClient, token: string) {
  const waits: { due: number; wait: number }[] = [];
  let running = true;
  const done = (async () => {
    let due = performance.now();
    while (running) {
      const now = performance.now();
      if (due > now) await new Promise((resolve) => setTimeout(resolve, due - now));
      const answer = await http.call('GET', '/api/accounts', undefined, token);
      if (answer.status !== 200) throw new Error(`a probe answered HTTP ${answer.status}`);
      waits.push({ due, wait: performance.now() - due });
      due = Math.max(due + PROBE_EVERY_MS, performance.now());
    }
  })();
  return {
    /** The longest wait of the probes due from `from` to `to`. */
    longest: (from: number, to: number) =>
      Math.max(0, ...waits.filter((w) => w.due >= from && w.due <= to).map((w) => w.wait)),
    async stop() {
      running = false;
      await done;
    },
  };
}

interface Figure {
  name: string;
  calls: number;
  longestCall: number;
  longestWait: number;
  ok: boolean;
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

log(
  `${engine}: seeding ${CLIENTS.toLocaleString('en')} clients, ${ENTRIES.toLocaleString('en')} entries in a bank account and ${INVOICES.toLocaleString('en')} invoices`,
);
const database = await openDatabase(config);
const figures: Figure[] = [];
let failed = false;
try {
  await ensureFirstAdmin(database.db, config, { info() {}, warn() {} } as never);
  const seeded = performance.now();
  const bank = await seed(database.db);
  const csv = await statementCsv(database.db, bank);
  log(
    `  seeded in ${ms(performance.now() - seeded)}; the statement: ${(csv.length / 1e6).toFixed(1)} MB`,
  );
  const app = await buildApp(config, { database, logger: false, scheduleBackups: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const http = new HttpClient({ port: (app.server.address() as AddressInfo).port });
  const login = await http.call('POST', '/api/users/login', {
    email: config.adminEmail,
    password: adminPassword,
  });
  const token = (login.body as { token?: string } | null)?.token;
  if (!token) throw new Error(`sign-in failed: HTTP ${login.status}`);
  const prober = startProber(http, token);

  /** Runs `work` (which makes calls and returns their times) and records its figure. */
  const measure = async (name: string, work: () => Promise<number[]>) => {
    const from = performance.now();
    let times: number[] = [];
    let error = '';
    try {
      times = await work();
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    // One more probe period, so that a probe held by the case's last call is counted.
    await new Promise((resolve) => setTimeout(resolve, 2 * PROBE_EVERY_MS));
    const longestCall = Math.max(0, ...times);
    const longestWait = prober.longest(from, performance.now());
    const ok = !error && longestCall <= CALL_BUDGET_MS && longestWait <= WAIT_BUDGET_MS;
    figures.push({ name, calls: times.length, longestCall, longestWait, ok });
    log(
      `  ${name}: ${times.length} call(s), longest ${ms(longestCall)} (budget ${ms(CALL_BUDGET_MS)}); ` +
        `longest probe wait ${ms(longestWait)} (budget ${ms(WAIT_BUDGET_MS)})` +
        `${error ? ` FAILED: ${error}` : ''}${ok ? '' : '  <-- over budget'}`,
    );
  };
  const get = async (path: string) => {
    const answer = await http.call('GET', path, undefined, token);
    if (answer.status !== 200) throw new Error(`${path}: HTTP ${answer.status}`);
    return answer;
  };

  await measure(`statement import, ${ENTRIES.toLocaleString('en')} lines`, async () => {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: `/api/accounts/${bank}/statements`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: multipart('bench-statement.csv', csv),
    });
    if (response.statusCode !== 201)
      throw new Error(`HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
    const times = [performance.now() - started];
    // A large statement is answered "importing" and written in batches: asked after as the
    // screen does, once a second, until it is done; each of those calls is a call of the case.
    const { importId, state } = response.json() as { importId: number; state: string };
    let shown = state;
    while (shown === 'importing') {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const list = await get(`/api/accounts/${bank}/statements`);
      times.push(list.ms);
      const row = (list.body as { imports: { id: number; state: string }[] }).imports.find(
        (i) => i.id === importId,
      );
      shown = row?.state ?? 'missing';
    }
    if (shown !== 'done') throw new Error(`the import ended ${shown}`);
    log(`  (all lines written ${ms(performance.now() - started)} after the call)`);
    return times;
  });
  for (const round of ['first', 'second'])
    await measure(`worklist, limit=1000 (${round})`, async () => [
      (await get(`/api/accounts/${bank}/reconcile?limit=1000`)).ms,
    ]);
  await measure(`Accept all suggested, ${ACCEPT_CALLS} calls`, async () => {
    const times: number[] = [];
    let after: string | null = '';
    while (after !== null && times.length < ACCEPT_CALLS) {
      const query: string = after ? `?after=${encodeURIComponent(after)}` : '';
      const answer = await http.call(
        'POST',
        `/api/accounts/${bank}/matches/accept-suggested${query}`,
        undefined,
        token,
      );
      if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
      times.push(answer.ms);
      after = (answer.body as { next: string | null }).next;
    }
    return times;
  });
  const month = new Date().toISOString().slice(0, 7);
  await measure('month-end checklist', async () => [
    (await get(`/api/month-end?month=${month}`)).ms,
  ]);
  await measure('month-end pack PDF', async () => [
    (await get(`/api/month-end/pack.pdf?month=${month}`)).ms,
  ]);
  await measure('month-end pack Excel', async () => [
    (await get(`/api/month-end/pack.xlsx?month=${month}`)).ms,
  ]);
  await measure(`receivables aging, ${CLIENTS.toLocaleString('en')} clients`, async () => [
    (await get('/api/reports/receivables')).ms,
  ]);
  await prober.stop();
  await app.close();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await database.close().catch(() => undefined);
}

const over = figures.filter((figure) => !figure.ok);
log(
  `${engine}: ${figures.length - over.length} of ${figures.length} cases within budget` +
    (over.length ? `; over: ${over.map((figure) => figure.name).join(', ')}` : ''),
);
process.exit(failed || over.length ? 1 : 0);
