import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/index.js';
import { emailDelayMs } from '../src/lib/login-throttle.js';
import { RateCounters } from '../src/repositories/rate-counters.js';
import { parseTrustProxy } from '../src/config.js';
import { testConfig } from './helpers.js';

describe('emailDelayMs', () => {
  const policy = { maxFailures: 5, windowMs: 900_000, maxDelayMs: 5_000 };

  it('does not slow an e-mail down below the allowed failures', () => {
    expect([0, 1, 4].map((n) => emailDelayMs(n, policy))).toEqual([0, 0, 0]);
  });

  it('doubles the wait with each further failure, up to the cap, and never refuses', () => {
    expect([5, 6, 7, 8, 9, 10, 1_000_000].map((n) => emailDelayMs(n, policy))).toEqual([
      250, 500, 1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
  });
});

describe('parseTrustProxy', () => {
  it('reads a hop count or a list of addresses and ranges, and nothing when unset', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy(' ')).toBeUndefined();
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.5, 192.168.0.0/16,::1,loopback')).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
  });

  it('refuses what is neither, with a message naming the setting', () => {
    for (const value of ['true', 'proxy.example.com', '10.0.0.1/8/2', '-1']) {
      expect(() => parseTrustProxy(value)).toThrow(/^TRUST_PROXY must be/);
    }
  });
});

describe('RateCounters', () => {
  let database: DatabaseHandle;
  let counters: RateCounters;

  beforeAll(async () => {
    database = await openDatabase(testConfig());
  });
  beforeEach(async () => {
    await sql`TRUNCATE rate_counters`.execute(database.db);
    counters = new RateCounters(database.db);
  });
  afterAll(() => database.close());

  const stored = async () =>
    (
      await sql<{
        key: string;
        hits: number;
      }>`SELECT key, hits FROM rate_counters ORDER BY hits`.execute(database.db)
    ).rows;

  it('counts hits per key in one window and stores only a hash of the key', async () => {
    const a = [];
    for (let i = 0; i < 3; i += 1)
      a.push((await counters.hit('login failures\nann@example.com', 60_000)).hits);
    const b = await counters.hit('login failures\nbob@example.com', 60_000);
    expect(a).toEqual([1, 2, 3]);
    expect(b.hits).toBe(1);
    expect(b.ttlMs).toBeGreaterThan(0);
    expect(b.ttlMs).toBeLessThanOrEqual(60_000);
    const rows = await stored();
    expect(rows.map((r) => r.hits)).toEqual([1, 3]);
    for (const row of rows) expect(row.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      (await counters.read(['login failures\nann@example.com', 'nobody'])).map((s) => s.hits),
    ).toEqual([3, 0]);
  });

  it('starts again once the window has run out, and forgets a cleared key', async () => {
    await counters.hit('a', 60_000);
    await counters.hit('a', 60_000);
    await counters.hit('b', 60_000);
    await sql`UPDATE rate_counters SET expires_at = now() - interval '1 second'`.execute(
      database.db,
    );
    expect((await counters.read(['a'])).map((s) => s.hits)).toEqual([0]);
    expect((await counters.hit('a', 60_000)).hits).toBe(1);
    await counters.clear('a');
    expect((await counters.read(['a'])).map((s) => s.hits)).toEqual([0]);
  });

  it('sweeps rows whose window has run out instead of keeping every invented key', async () => {
    for (let i = 0; i < 50; i += 1) await counters.hit(`guess${i}@example.com`, 60_000);
    await sql`UPDATE rate_counters SET expires_at = now() - interval '1 second'`.execute(
      database.db,
    );
    // A fresh process sweeps on its first hit.
    await new RateCounters(database.db).hit('late@example.com', 60_000);
    expect(await stored()).toHaveLength(1);
  });

  it('counts every concurrent hit exactly once', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => counters.hit('busy', 60_000)),
    );
    expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});
