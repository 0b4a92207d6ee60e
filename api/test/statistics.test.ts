// The planner's statistics kept current (db/statistics.ts): the embedded database runs no
// autovacuum, so a table that grew is analysed by the server, after a bulk import at once.
import { sql } from 'kysely';
import { analyseStale, staleTables } from '../src/db/statistics.js';
import { bearer, rows, setupDatabase, signInAll, uploadBody, type TestContext } from './helpers.js';

const db = await setupDatabase();
let ctx: TestContext;
beforeEach(async () => {
  ctx = await db.reset();
  await sql`ANALYZE`.execute(ctx.database.db);
});
afterAll(() => db.close());

const estimate = async (table: string) =>
  (
    await rows<{ n: number }>(
      ctx,
      `SELECT reltuples::int AS n FROM pg_class WHERE relname = '${table}' AND relkind = 'r'`,
    )
  )[0]!.n;

test('a table that grew by a tenth is analysed once, then left alone until it grows again', async () => {
  expect(await staleTables(ctx.database.db)).toEqual([]);
  await rows(
    ctx,
    `INSERT INTO clients (name, email, company_name)
     SELECT 'Client ' || g, 'c' || g || '@test.local', 'Company ' || g FROM generate_series(1, 5000) g`,
  );
  expect(await staleTables(ctx.database.db)).toContain('clients');
  expect(await analyseStale(ctx.database.db)).toContain('clients');
  expect(await estimate('clients')).toBeGreaterThanOrEqual(4500);
  expect(await staleTables(ctx.database.db)).not.toContain('clients');
});

test('a statement of 1,500 lines: its lines are analysed after the import', async () => {
  const { admin } = await signInAll(ctx.app);
  const account = await ctx.app.inject({
    method: 'POST',
    url: '/api/accounts',
    headers: bearer(admin),
    payload: { name: 'HBL', kind: 'Bank', openingBalance: '0', openingDate: '2025-01-01' },
  });
  const csv = ['Date,Description,Amount'];
  for (let i = 0; i < 1500; i += 1)
    csv.push(`2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')},Line ${i},${i + 1}.00`);
  const imported = await ctx.app.inject({
    method: 'POST',
    url: `/api/accounts/${account.json().account.id}/statements`,
    headers: { ...bearer(admin), 'content-type': 'multipart/form-data; boundary=b' },
    payload: uploadBody('b', 'statement.csv', Buffer.from(csv.join('\n')), {}),
  });
  expect(imported.statusCode).toBe(201);
  expect(imported.json().added).toBe(1500);
  // The check runs after the answer: wait for it (a bounded number of turns, not a clock).
  let seen = -1;
  for (let turn = 0; turn < 500 && seen < 1000; turn += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await estimate('statement_lines');
  }
  expect(seen).toBeGreaterThanOrEqual(1350);
});
