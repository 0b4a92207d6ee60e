// Fixed-window counters in PostgreSQL: the login throttles and the per-address rate limits of
// every server process on one database count in the same rows, so N processes limit exactly
// like one. Keys are stored as their SHA-256; rows whose window has run out are swept now and
// then (at most once a minute per process), so invented e-mails or addresses cannot pile up.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';

export interface CounterState {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

const SWEEP_EVERY_MS = 60_000;

const storedKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export class RateCounters {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  /** Counts one hit; a window that has run out starts again with this hit. */
  async hit(key: string, windowMs: number): Promise<CounterState> {
    await this.sweepNowAndThen();
    const { rows } = await sql<{ hits: number; ttl_ms: number }>`
      INSERT INTO rate_counters AS c (key, hits, expires_at)
      VALUES (${storedKey(key)}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.hits + 1 END,
        expires_at = CASE WHEN c.expires_at <= now() THEN excluded.expires_at ELSE c.expires_at END
      RETURNING hits, ceil(extract(epoch FROM c.expires_at - now()) * 1000)::int AS ttl_ms`.execute(
      this.db,
    );
    const [row] = rows;
    if (!row) throw new Error('rate counter upsert returned no row');
    return { hits: row.hits, ttlMs: row.ttl_ms };
  }

  /** The live state of each key (zero hits when it has none), in the order asked. */
  async read(keys: string[]): Promise<CounterState[]> {
    const stored = keys.map(storedKey);
    const rows = await this.db
      .selectFrom('rate_counters')
      .select([
        'key',
        'hits',
        sql<number>`ceil(extract(epoch FROM expires_at - now()) * 1000)::int`.as('ttl_ms'),
      ])
      .where('key', 'in', stored)
      .where('expires_at', '>', sql<Date>`now()`)
      .execute();
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return stored.map((key) => {
      const row = byKey.get(key);
      return { hits: row?.hits ?? 0, ttlMs: row?.ttl_ms ?? 0 };
    });
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('key', '=', storedKey(key)).execute();
  }

  private async sweepNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db
      .deleteFrom('rate_counters')
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
  }
}
