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

/** Folds what is queued and committed; returns the number of entries moved (0 while another
 * fold runs). */
export async function foldRollups(db: Db): Promise<number> {
  const { rows } = await sql<{ folded: string }>`
    SELECT fold_entry_rollups()::text AS folded`.execute(db);
  return Number(rows[0]?.folded ?? 0);
}

/** Folds every `everyMs` until stopped; a failed fold is logged and the next one tries again. */
export function startRollupFolder(db: Db, everyMs: number, log: Pick<FastifyBaseLogger, 'warn'>) {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = foldRollups(db)
      .catch((error: unknown) => log.warn({ err: error }, 'folding the roll-ups failed'))
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a fold under way. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
