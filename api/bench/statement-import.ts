// Where a large statement import spends its time on the embedded database (PGlite, in memory):
//   npx tsx api/bench/statement-import.ts [lines=10000]
// Generates a CSV statement of that many lines, then prints: the file read in its worker thread
// alone; the import's call (the file read again, the import recorded, the answer; a file over
// 1 MB is read after the answer) and when all of its lines were written in batches, with the
// longest wait of a small query due every 50 ms during the call, while the file was read after
// it and while its lines were written (what any other request waits for); and, on a second
// database, the same lines stored as one transaction stores them (5,000 a statement), as every
// import did before.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { configFromEnv, type AppConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/index.js';
import { readStatementInWorker, statementReadsUnderWay } from '../src/bank/readers/in-worker.js';
import { importStatement } from '../src/bank/import.js';
import { importsSettled, writeLines } from '../src/bank/import-batches.js';

const LINES = Number.parseInt(process.argv[2] ?? '', 10) || 10_000;
const TODAY = '2026-12-01';
const config: AppConfig = {
  ...configFromEnv(),
  databaseUrl: undefined,
  dataDir: 'memory://',
  timeZone: 'UTC',
  logLevel: 'warn',
};
const longest = (waits: { wait: number }[]) => Math.round(Math.max(0, ...waits.map((w) => w.wait)));
const ms = (since: number) => `${Math.round(performance.now() - since).toLocaleString('en')} ms`;

const day = (i: number) =>
  new Date(Date.UTC(2025, 0, 2) + Math.floor((i * 330) / LINES) * 864e5).toISOString().slice(0, 10);
let csv = 'Date,Description,Reference,Amount\r\n';
for (let i = 0; i < LINES; i++) {
  const amount = ((i % 3 ? 1 : -1) * (1 + ((i * 7919) % 9_999_999) / 100)).toFixed(2);
  csv += `${day(i)},Client ${i % 10_000} Bench entry ${i},B${i},${amount}\r\n`;
}
const bytes = Buffer.from(csv);

/** A fresh database with a bank account and a user: the account's id and the user's. */
async function fresh(): Promise<{
  db: Db;
  close: () => Promise<void>;
  bank: number;
  user: number;
}> {
  const database = await openDatabase(config);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO accounts (name, kind, opening_balance, opening_date)
    VALUES ('Bench bank', 'Bank', 0, '2025-01-01') RETURNING id`.execute(database.db);
  const { rows: users } = await sql<{ id: number }>`
    INSERT INTO users (name, email, password_hash, role)
    VALUES ('Bench', 'bench@bench.example', 'x', 'admin') RETURNING id`.execute(database.db);
  return { db: database.db, close: () => database.close(), bank: rows[0]!.id, user: users[0]!.id };
}

let started = performance.now();
const outcome = await readStatementInWorker({
  fileName: 'b.csv',
  bytes,
  options: {},
  today: TODAY,
});
if (outcome.error) throw outcome.error;
console.log(
  `${LINES.toLocaleString('en')} lines, ${(bytes.length / 1e6).toFixed(1)} MB: read in its worker ${ms(started)}`,
);

{
  const { db, close, bank, user } = await fresh();
  let probing = true;
  /** Each probe: when it was due, how long it waited, and whether a file was being read. */
  const waits: { due: number; wait: number; reading: boolean }[] = [];
  const prober = (async () => {
    let due = performance.now();
    while (probing) {
      const now = performance.now();
      if (due > now) await new Promise((resolve) => setTimeout(resolve, due - now));
      const reading = statementReadsUnderWay() > 0;
      await sql`SELECT count(*) FROM accounts`.execute(db);
      waits.push({ due, wait: performance.now() - due, reading });
      due = Math.max(due + 50, performance.now());
    }
  })();
  started = performance.now();
  const answer = await importStatement(
    db,
    user,
    bank,
    { fileName: 'b.csv', bytes, options: {} },
    TODAY,
  );
  const answered = performance.now();
  console.log(`  the import's call (answered ${answer.state}): ${ms(started)}`);
  await importsSettled();
  probing = false;
  await prober;
  const { rows } = await sql<{ lines_added: number; state: string }>`
    SELECT lines_added, state FROM statement_imports`.execute(db);
  console.log(
    `  all lines written ${ms(started)} after the call (${rows[0]?.state}, ${rows[0]?.lines_added} added); ` +
      `longest probe wait ${longest(waits.filter((w) => w.due < answered))} ms during the call, ` +
      `${longest(waits.filter((w) => w.due >= answered && w.reading))} ms after it while the ` +
      `file was read, ${longest(waits.filter((w) => w.due >= answered && !w.reading))} ms while ` +
      'its lines were written',
  );
  await close();
}

{
  const { db, close, bank, user } = await fresh();
  const { read, prints } = outcome;
  const { rows } = await sql<{ id: number }>`
    INSERT INTO statement_imports (account_id, file_name, sha256, format, lines_added,
                                   lines_known, created_by)
    VALUES (${bank}, 'b.csv', repeat('a', 64), 'csv', 0, 0, ${user}) RETURNING id`.execute(db);
  started = performance.now();
  await db.transaction().execute(async (tx) => {
    for (let start = 0; start < read!.lines.length; start += 5000)
      await writeLines(
        tx,
        bank,
        rows[0]!.id,
        read!.lines.slice(start, start + 5000),
        prints!.slice(start, start + 5000),
        start,
      );
  });
  console.log(`  as one transaction (5,000 lines a statement): ${ms(started)}`);
  await close();
}
