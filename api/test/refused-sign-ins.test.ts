// What a refused sign-in records as the e-mail tried: the text typed only when it is an e-mail
// address, so that a password typed into the e-mail field never reaches the Activity screen.
import type { ActivityPage } from 'contract';
import { migrationRunner } from '../src/db/index.js';
import { migrate } from '../src/db/migrate.js';
import { blankDatabase, closeAll } from './backup-support.js';
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';

const db = await setupDatabase({
  login: { perIpPerMinute: 1000, perEmailFailures: 1, perEmailWindowMinutes: 15 },
});
let ctx: TestContext;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
});
afterAll(() => db.close());

const PASSWORD_AS_EMAIL = 'Tr0ub4dor&3-horse';
const NOT_AN_EMAIL = '(not an e-mail address)';

const attempt = (email: string, password = 'wrong-password') =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });

/** The e-mail each refused sign-in recorded, newest first, as the Activity screen reads it. */
async function recordedEmails(admin: string): Promise<Array<[string, unknown]>> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/activity?kind=session',
    headers: bearer(admin),
  });
  return response
    .json<ActivityPage>()
    .users.filter((row) => row.action !== 'login')
    .map((row) => [row.action, row.changes.find((change) => change.field === 'email')?.after]);
}

it('records a failed sign-in with a well-formed e-mail as it was typed', async () => {
  expect((await attempt('guess@test.local')).statusCode).toBe(401);
  const admin = await login(ctx.app, ADMIN);
  expect(await recordedEmails(admin)).toEqual([['login_failed', 'guess@test.local']]);
});

it('records a fixed text, never what was typed, when the e-mail field held no e-mail address', async () => {
  const failed = await attempt(PASSWORD_AS_EMAIL);
  expect(failed.statusCode).toBe(401);
  expect(failed.json()).toMatchObject({ message: 'Invalid credentials' });
  // The same text again is throttled (one failure allowed here): recorded the same way.
  expect((await attempt(PASSWORD_AS_EMAIL)).statusCode).toBe(429);
  expect((await attempt('nobody;=2+2;@x')).statusCode).toBe(401);

  const admin = await login(ctx.app, ADMIN);
  expect(await recordedEmails(admin)).toEqual([
    ['login_failed', NOT_AN_EMAIL],
    ['login_throttled', NOT_AN_EMAIL],
    ['login_failed', NOT_AN_EMAIL],
  ]);
  const csv = await ctx.app.inject({
    method: 'GET',
    url: '/api/activity/csv',
    headers: bearer(admin),
  });
  expect(csv.body).toContain(`email:  -> ${NOT_AN_EMAIL}`);
  expect(csv.body).not.toContain(PASSWORD_AS_EMAIL);
  const stored = await rows<{ log: string }>(
    ctx,
    "SELECT string_agg(after::text, '') AS log FROM audit_log",
  );
  expect(stored[0]?.log).not.toContain(PASSWORD_AS_EMAIL);
});

describe('migration 007 on a database that recorded what was typed', () => {
  // A database migrated step by step from nothing: slow on a busy machine.
  it('replaces a stored identifier that is no e-mail address with the fixed text, and keeps the rest', async () => {
    // A new database on the engine this file runs on (blankDatabase).
    const database = await blankDatabase();
    try {
      const migrateTo = (upTo: number) => migrate(migrationRunner(database.transaction), { upTo });
      await migrateTo(6);
      await database.transaction((tx) =>
        tx.exec(`
        INSERT INTO audit_log (action, entity, after) VALUES
          ('login_failed', 'session', '{"email": "Tr0ub4dor&3-horse"}'),
          ('login_throttled', 'session', '{"email": "nobody;=2+2;@x"}'),
          ('login_failed', 'session', '{"email": "guess@test.local"}'),
          ('login_throttled', 'session', '{"email": null}'),
          ('create', 'client', '{"email": "not an address"}')`),
      );
      await migrateTo(7);
      const after = await database.transaction((tx) =>
        tx.query<{ action: string; after: unknown }>(
          'SELECT action, after FROM audit_log ORDER BY id',
        ),
      );
      expect(after).toEqual([
        { action: 'login_failed', after: { email: NOT_AN_EMAIL } },
        { action: 'login_throttled', after: { email: NOT_AN_EMAIL } },
        { action: 'login_failed', after: { email: 'guess@test.local' } },
        { action: 'login_throttled', after: { email: null } },
        { action: 'create', after: { email: 'not an address' } },
      ]);
    } finally {
      await closeAll();
    }
  });
});
