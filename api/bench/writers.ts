// npm run bench:load:writers: how many entries a second concurrent writers record on
// PostgreSQL, with the roll-up trigger and without it.
//
// Runs against TEST_DATABASE_URL or DATABASE_URL (the root script starts a throw-away cluster on
// 127.0.0.1 through scripts/with-postgres.sh; the database must be one the bench may fill).
// Writers record income entries in a loop through the same code as the API (repositories/
// entries.ts: party lock, insert, roll-up trigger, audit row), all on one day for one client: the
// case where every entry meets the same roll-up key. They share one pool of connections as a
// server process's requests do: DATABASE_POOL_SIZE, 10 by default like the server's
// (BENCH_WRITER_POOL overrides it; 50 or more gives every writer a connection of its own). The
// roll-up queue is folded every ROLLUP_FOLD_MS (1000) throughout, on the same pool, as a server
// process does (src/db/rollup-folder.ts), so the roll-ups' cost includes the fold's.
// BENCH_WRITER_ROUNDS rounds (default 10) each measure 1, 10 and 50 writers (BENCH_WRITERS, e.g.
// "10" for ten writers only: the figure compared before and after a change to the writer) for
// BENCH_WRITER_SECONDS (default 3, after half a second of warm-up) with the trigger and as long
// without it (ALTER TABLE ... DISABLE TRIGGER), taking turns; the figures are medians over the
// rounds (below). Afterwards one more fold must leave the queue empty, and the roll-ups are
// rebuilt and checked against the entries.
//
// Budgets: at 50 writers the roll-ups may cost at most 10% of the throughput without them, and
// 50 writers must record at least as many entries a second as 10 (within 5%: both fill the same
// pool, so beyond that it is noise). Beyond either, or on any failed write or roll-up mismatch,
// the exit code is 1.
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/schema.js';
import { openDatabase } from '../src/db/index.js';
import { recordEntry } from '../src/books/index.js';
import { foldRollups, ROLLUP_FOLD_MS, startRollupFolder } from '../src/db/rollup-folder.js';
import { todayIn } from '../src/lib/dates.js';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const SECONDS = int(process.env.BENCH_WRITER_SECONDS, 3);
const ROUNDS = int(process.env.BENCH_WRITER_ROUNDS, 10);
/** The writer counts measured: BENCH_WRITERS (e.g. "10" for ten writers only), else 1, 10 and 50. */
const WRITERS = (process.env.BENCH_WRITERS ?? '1,10,50')
  .split(',')
  .map((count) => int(count.trim(), 0))
  .filter((count) => count > 0);
if (WRITERS.length === 0) {
  console.error('BENCH_WRITERS: give writer counts, e.g. 10 or 1,10,50.');
  process.exit(2);
}
const BUDGET = 0.1;
const SCALING_TOLERANCE = 0.05;
const POOL = int(process.env.BENCH_WRITER_POOL ?? process.env.DATABASE_POOL_SIZE, 10);

const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!url) {
  console.error('Set TEST_DATABASE_URL or DATABASE_URL (npm run bench:load:writers starts one).');
  process.exit(2);
}
const host = new URL(url).hostname;
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
  console.error(`The writer bench runs only against a database on this machine, not ${host}.`);
  process.exit(2);
}

// Migrations and the parties through the product's own start-up.
const opened = await openDatabase({ databaseUrl: url, dataDir: '', timeZone: 'UTC' });
await opened.close();

const pool = new pg.Pool({
  connectionString: url,
  max: POOL,
  options: '-c TimeZone=UTC',
});
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });

const { rows: existing } = await sql<{ n: number }>`
  SELECT count(*)::int AS n FROM entries`.execute(db);
if ((existing[0]?.n ?? 0) > 0) {
  console.error('The database already holds entries; give the bench an empty one.');
  process.exit(2);
}
const user = await db
  .insertInto('users')
  .values({ name: 'Bench', email: 'bench@bench.local', password_hash: 'x', role: 'staff' })
  .returning('id')
  .executeTakeFirstOrThrow();
const client = await db
  .insertInto('clients')
  .values({ name: 'Bench Client', email: 'client@bench.local', company_name: 'Bench' })
  .returning('id')
  .executeTakeFirstOrThrow();

let failures = 0;
const folder = startRollupFolder(db, int(process.env.ROLLUP_FOLD_MS, ROLLUP_FOLD_MS), {
  info: () => undefined,
  warn: (error: unknown) => {
    failures += 1;
    console.error('fold failed:', error);
  },
});

/** Entries a second that `writers` concurrent writers record in SECONDS, after a short warm-up. */
async function measure(writers: number): Promise<number> {
  let recording = true;
  let counting = false;
  let recorded = 0;
  const writer = async () => {
    while (recording) {
      try {
        await recordEntry(
          db,
          user.id,
          {
            kind: 'income',
            partyId: client.id,
            amount: 1234.56,
            creditDebit: 'Credit',
            description: '',
          },
          todayIn('UTC'),
        );
        if (counting) recorded += 1;
      } catch (error) {
        failures += 1;
        if (failures <= 3) console.error('write failed:', (error as Error).message);
      }
    }
  };
  const running = Array.from({ length: writers }, writer);
  await new Promise((resolve) => setTimeout(resolve, 500));
  counting = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  recording = false;
  await Promise.all(running);
  return recorded / elapsed;
}

const setTrigger = (on: boolean) =>
  sql
    .raw(`ALTER TABLE entries ${on ? 'ENABLE' : 'DISABLE'} TRIGGER entries_rollup_trg`)
    .execute(db);

// Every round measures every writer count with the trigger on and off; on and off take turns,
// and the order of the writer counts turns round, so that the drift of the growing tables falls
// on every figure alike (measured one writer count after the other, the last count met tables
// 200,000 entries bigger than the first). The figures are medians over the rounds: of the rates,
// and of each round's on/off ratio for the cost, so that one stall (an autovacuum of the growing
// tables, a neighbour on the machine) moves no figure.
const rounds: Record<string, number[]> = {};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const rateOf = (writers: number, rollups: boolean) =>
  median(rounds[`${writers}:${rollups}`] ?? [0]);
const costOf = (writers: number) => {
  const on = rounds[`${writers}:true`] ?? [];
  const off = rounds[`${writers}:false`] ?? [];
  return 1 - median(on.map((rate, round) => rate / (off[round] || Infinity)));
};
for (let round = 1; round <= ROUNDS; round += 1) {
  const turn = round % WRITERS.length;
  for (const writers of [...WRITERS.slice(turn), ...WRITERS.slice(0, turn)]) {
    const order = round % 2 === 1 ? [true, false] : [false, true];
    for (const rollups of order) {
      await setTrigger(rollups);
      const rate = await measure(writers);
      (rounds[`${writers}:${rollups}`] ??= []).push(rate);
      console.log(
        `round ${round}: ${String(writers).padStart(2)} writers, roll-ups ${rollups ? 'on ' : 'off'}: ${rate.toFixed(0)} entries/s`,
      );
    }
  }
}
await folder.stop();
await foldRollups(db);
const { rows: left } = await sql<{ n: number }>`
  SELECT count(*)::int AS n FROM entry_rollup_queue`.execute(db);
const queued = left[0]?.n ?? -1;
await setTrigger(true);
await sql`SELECT rebuild_entry_rollups()`.execute(db);

// The trigger ran for part of the entries only; after the rebuild every roll-up must match.
const { rows: check } = await sql<{ mismatches: number }>`
  SELECT count(*)::int AS mismatches FROM (
    SELECT kind, entry_date AS day, credit_debit, sum(amount) AS total FROM entries
    GROUP BY 1, 2, 3
  ) e FULL JOIN (
    SELECT kind, day, credit_debit, sum(total) AS total FROM entry_daily GROUP BY 1, 2, 3
  ) d USING (kind, day, credit_debit)
  WHERE e.total IS DISTINCT FROM d.total`.execute(db);
const mismatches = check[0]?.mismatches ?? -1;

console.log(`\nwriters  roll-ups on  roll-ups off  cost   (pool of ${POOL} connections)`);
let overBudget = false;
for (const writers of WRITERS) {
  const on = rateOf(writers, true);
  const off = rateOf(writers, false);
  const cost = costOf(writers);
  if (writers === 50 && cost > BUDGET) overBudget = true;
  console.log(
    `${String(writers).padStart(7)}  ${on.toFixed(0).padStart(9)}/s  ${off.toFixed(0).padStart(10)}/s  ${(cost * 100).toFixed(1).padStart(5)}%`,
  );
}
console.log(
  `failed writes or folds: ${failures}; queued rows after the last fold: ${queued}; ` +
    `roll-up mismatches after rebuild: ${mismatches}`,
);
const most = rateOf(50, true);
const ten = rateOf(10, true);
const scalesDown =
  WRITERS.includes(50) && WRITERS.includes(10) && most < ten * (1 - SCALING_TOLERANCE);
await db.destroy();

if (overBudget) {
  console.error(`Roll-ups cost more than ${BUDGET * 100}% of write throughput at 50 writers.`);
  process.exit(1);
}
if (scalesDown) {
  console.error(
    `50 writers recorded ${most.toFixed(0)} entries/s, fewer than 10 writers (${ten.toFixed(0)}/s).`,
  );
  process.exit(1);
}
if (failures > 0 || queued !== 0 || mismatches !== 0) process.exit(1);
