// A connection PostgreSQL ends on its side (a server restart, pg_terminate_backend, an
// idle_session_timeout, a dropped network path) while it waits idle in the server's pool: the
// server keeps running and the next request gets a new connection. Without a listener for the
// pool's errors, node-postgres raised the idle connection's error as an unhandled event, which
// stops a Node process.
//
// Only on a real PostgreSQL (TEST_DATABASE_URL): the embedded database has no connections to end.
import { sql } from 'kysely';
import { bearer, login, ADMIN, setupDatabase } from './helpers.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const db = await setupDatabase();
afterAll(() => db.close());

(onPostgres ? test : test.skip)(
  'a pooled connection ended by PostgreSQL does not stop the server; the next request is answered',
  async () => {
    const ctx = await db.reset();
    const token = await login(ctx.app, ADMIN);
    // Several requests at once leave several connections idle in the pool.
    const before = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.app.inject({ method: 'GET', url: '/api/users/getUser', headers: bearer(token) }),
      ),
    );
    expect(before.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);

    // Every other connection of this database ended by the server, as an administrator would.
    // (In the select list, so that it runs only on the rows the WHERE kept.)
    const ended = await sql<{ pid: number }>`
      SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND backend_type = 'client backend'`.execute(ctx.database.db);
    expect(ended.rows.length).toBeGreaterThan(0);
    // Until they are gone on the server's side (their ends have reached this process by then).
    for (let left = ended.rows.length; left > 0;) {
      const alive = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE pid = ANY(${ended.rows.map((row) => row.pid)}::int[])`.execute(ctx.database.db);
      left = alive.rows[0]?.n ?? 0;
    }
    await new Promise((resolve) => setImmediate(resolve));

    const after = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.app.inject({ method: 'GET', url: '/api/users/getUser', headers: bearer(token) }),
      ),
    );
    expect(after.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
  },
);
