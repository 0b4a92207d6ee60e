// The roll-up fold (migration 021): an entry's write only queues its sums, and this moves the
// queue into the roll-ups. Every server process folds every ROLLUP_FOLD_MS; the database lets one
// fold run at a time, and a fold that finds another under way returns at once. Reports read the
// roll-ups and the queue together, so how often this runs changes no figure, only how many
// queued rows a report adds up (about a second of writes at the default).
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './index.js';

/** Milliseconds between folds when ROLLUP_FOLD_MS is not set. */
export const ROLLUP_FOLD_MS = 1000;

/**
 * Folded entries after which a folder on the embedded PGlite vacuums the queue. Every queued row
 * is deleted within about a second, and PGlite runs no autovacuum: without this its queue's file
 * would grow by some 70 MB a million entries, read by every report. PostgreSQL's autovacuum does
 * it there (migration 021 sets it to 5,000 dead rows); a VACUUM from here would also try to cut
 * the file's end, which needs a moment's exclusive lock on a table every writer appends to.
 */
const VACUUM_AFTER_ENTRIES = 5000;

/** Folds what is queued and committed; returns the number of entries moved (0 while another
 * fold runs). */
export async function foldRollups(db: Db): Promise<number> {
  const { rows } = await sql<{ folded: string }>`
    SELECT fold_entry_rollups()::text AS folded`.execute(db);
  return Number(rows[0]?.folded ?? 0);
}

type FolderLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/**
 * Folds every `everyMs` until stopped. A failed fold is logged once (not every interval while
 * the database is away) and the next one tries again; the first to succeed after it says so.
 */
export function startRollupFolder(
  db: Db,
  everyMs: number,
  log: FolderLog,
  options: { vacuumQueue?: boolean } = {},
) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let failing = false;
  let sinceVacuum = 0;
  const fold = async () => {
    sinceVacuum += await foldRollups(db);
    if (options.vacuumQueue && sinceVacuum >= VACUUM_AFTER_ENTRIES) {
      await sql`VACUUM entry_rollup_queue`.execute(db);
      sinceVacuum = 0;
    }
    if (failing) log.info('folding the roll-ups works again');
    failing = false;
  };
  const tick = () => {
    if (busy) return;
    busy = true;
    running = fold()
      .catch((error: unknown) => {
        if (!failing) log.warn({ err: error }, 'folding the roll-ups failed; trying again');
        failing = true;
      })
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a fold under way (a fold never waits on a lock). */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
