// The roll-up queue on the embedded database, which has no autovacuum: the server vacuums the
// queue as it folds it, so its file does not grow with every entry folded. A subject of the
// embedded database the suite runs on, so it runs on PGlite only (the queue on both engines:
// reports.test.ts, rollup-queue-postgres.test.ts).
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { seedParties } from './fixtures.js';
import { embeddedTest, rows, setupDatabase, type TestContext } from './helpers.js';

const db = await setupDatabase();
let ctx: TestContext;
afterAll(() => db.close());

const day = '2025-03-10';
const dayTotal = async () =>
  (
    await rows<{ total: string | null }>(
      ctx,
      `SELECT sum(total)::text AS total FROM entry_daily_current WHERE day = '${day}'`,
    )
  )[0]?.total ?? null;

/** A fresh database served by an app that folds every 20 ms, as a server does every second. */
const folding = async () => {
  ctx = await db.reset();
  await ctx.app.close();
  ctx.app = await buildApp(
    { ...ctx.config, rollupFoldMs: 20 },
    { database: ctx.database, logger: false, autoPostRecurring: false },
  );
  await ctx.app.ready();
  await seedParties(ctx);
};
/** Waits (at most 20 s) until `done` says so. */
const until = async (done: () => Promise<boolean>) => {
  const deadline = Date.now() + 20_000;
  while (!(await done()) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
};

embeddedTest(
  'is vacuumed by the embedded server, which has no autovacuum, so its file does not grow with every entry folded',
  async () => {
    await folding();
    await sql`
      INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description,
                           entry_date)
      SELECT 'income', 1, 'Client', 1, 'Credit', '', ${day}
      FROM generate_series(1, 6000)`.execute(ctx.database.db);
    const queue = async () =>
      (
        await rows<{ queued: number; bytes: number }>(
          ctx,
          `SELECT count(*)::int AS queued, pg_relation_size('entry_rollup_queue')::int AS bytes
           FROM entry_rollup_queue`,
        )
      )[0];
    expect((await queue())?.bytes).toBeGreaterThan(0);
    await until(async () => {
      const now = await queue();
      return now?.queued === 0 && now.bytes === 0;
    });
    expect(await queue()).toEqual({ queued: 0, bytes: 0 });
    expect(await dayTotal()).toBe('6000.00');
  },
);
