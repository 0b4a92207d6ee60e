// The planner's statistics, kept current. PostgreSQL's autovacuum analyses a table once enough of
// it changed; the embedded PGlite runs no autovacuum, so without this its planner never learns a
// table's size: with 100,000 statement lines and entries the reconciliation worklist planned as
// for empty tables took 2.9 s a thousand lines, and 0.39 s once analysed.
//
// A check compares each table's size on disk with the size its last ANALYZE saw, and analyses
// the tables that grew by a tenth or more (or were never analysed), one table a query so that
// other requests are answered between them. On PGlite it runs every STATISTICS_CHECK_SECONDS;
// on both engines it runs at once after a bulk write (a statement or an import of many rows),
// since PostgreSQL's autovacuum may come a minute later and the first report after an import
// would be planned without statistics.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './index.js';

/** Seconds between checks on the embedded database when STATISTICS_CHECK_SECONDS is not set. */
export const STATISTICS_CHECK_SECONDS = 60;

/** Rows written by one call from which it counts as a bulk write. */
export const BULK_WRITE_ROWS = 1000;

type KeeperLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** The tables of the application whose statistics are older than their contents. */
export async function staleTables(db: Db): Promise<string[]> {
  // relpages is what the last ANALYZE (or VACUUM) saw; reltuples < 0: never analysed. Tables of
  // eight pages or fewer are read whole whatever the planner thinks.
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'
      AND pg_relation_size(c.oid) > 8 * current_setting('block_size')::bigint
      AND (c.reltuples < 0
           OR pg_relation_size(c.oid) > 1.1 * c.relpages::bigint * current_setting('block_size')::bigint)
    ORDER BY c.relname`.execute(db);
  return rows.map((row) => row.name);
}

/** Analyses the stale tables, one a query; returns their names. */
export async function analyseStale(db: Db): Promise<string[]> {
  const tables = await staleTables(db);
  for (const table of tables) await sql`ANALYZE ${sql.table(table)}`.execute(db);
  return tables;
}

export interface StatisticsKeeper {
  /** Starts the schedule (and a first check, for a database never analysed). */
  start(): void;
  /** A bulk write happened: check (and analyse) now, after the answer is sent. */
  afterBulkWrite(rows: number): void;
  /** Stops the schedule and waits for a check under way. */
  stop(): Promise<void>;
}

/**
 * Checks every `everyMs` (none when `everyMs` is 0: PostgreSQL, whose autovacuum does it) and
 * after each bulk write. A failed check is logged and the next one tries again.
 */
export function statisticsKeeper(db: Db, everyMs: number, log: KeeperLog): StatisticsKeeper {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let again = false;
  let stopped = false;
  const check = () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = analyseStale(db)
      .then((tables) => {
        if (tables.length) log.info({ tables }, 'statistics brought up to date');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'analysing the tables failed'))
      .finally(() => {
        busy = false;
        if (again) {
          again = false;
          check();
        }
      });
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      if (everyMs <= 0 || timer) return;
      timer = setInterval(check, everyMs);
      timer.unref();
      // A database never analysed (an upgraded or a restored one) is analysed soon after the start.
      setImmediate(check);
    },
    afterBulkWrite(rows) {
      if (rows >= BULK_WRITE_ROWS) setImmediate(check);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
