// Two real server processes on one PostgreSQL database post a month's payroll and the due
// occurrences of a schedule at the same moment: each employee-month and each occurrence is
// posted once, whichever process wins, and the server's own automatic posting in both processes
// posts each occurrence once too (issue 23; docs/decisions/017-payroll-recurring.md).
// Only on a real PostgreSQL (TEST_DATABASE_URL, set by `npm run test:postgres`).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { call, killAll, signIn, startServer, stopServer, type Server } from './server-process.js';

const ADMIN = { email: 'payroll-admin@test.local', password: 'payroll-servers-password-1' };
const postgresUrl = process.env.TEST_DATABASE_URL;
const SKIP_REASON = 'needs PostgreSQL (TEST_DATABASE_URL): the embedded database has one process';

afterAll(() => killAll());

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

if (!postgresUrl) {
  test.skip(`two processes post a payroll and repeating entries once (${SKIP_REASON})`, () => {
    // skipped: see the reason in the name
  });
} else {
  describe('two processes on one PostgreSQL', () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    let name = '';
    let url = '';
    beforeAll(async () => {
      await admin.connect();
      name = `office_payroll_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const address = new URL(postgresUrl);
      address.pathname = `/${name}`;
      url = address.toString();
    });
    afterAll(async () => {
      killAll();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    test('post each employee-month and each occurrence once', async () => {
      const env = { DATABASE_URL: url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
      const servers: Server[] = await Promise.all([startServer(env), startServer(env)]);
      const [a, b] = servers as [Server, Server];
      try {
        const token = await signIn(a, ADMIN);
        const ids: number[] = [];
        for (const who of ['Ali', 'Bina', 'Cem']) {
          const added = await call<{ user: { id: number } }>(
            a,
            'POST',
            '/api/employees/addEmployee',
            {
              token,
              body: { name: who, email: `${who}@test.local`, number: '1', monthlySalary: 1000 },
            },
          );
          ids.push(added.body.user.id);
        }
        const month = day(-40).slice(0, 7);
        const lines = ids.map((employeeId) => ({ employeeId, amount: 1000 }));
        const runs = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            call<{ posted: number }>(i % 2 ? b : a, 'POST', '/api/payroll', {
              token,
              body: { month, lines },
            }),
          ),
        );
        expect(runs.every((run) => run.status === 200 || run.status === 201)).toBe(true);
        expect(runs.reduce((sum, run) => sum + run.body.posted, 0)).toBe(3);

        const schedule = await call<{ schedule: { id: number } }>(b, 'POST', '/api/recurring', {
          token,
          body: {
            kind: 'salary',
            partyId: ids[0],
            creditDebit: 'Credit',
            amount: 50,
            description: 'Bonus',
            repeats: 'weekly',
            starts: day(-14),
          },
        });
        const scheduleId = schedule.body.schedule.id;
        const occurrences = [day(-14), day(-7), day(0)].map((date) => ({ scheduleId, date }));
        const posts = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            call<{ posted: number }>(i % 2 ? a : b, 'POST', '/api/recurring/post', {
              token,
              body: { occurrences },
            }),
          ),
        );
        expect(posts.reduce((sum, post) => sum + post.body.posted, 0)).toBe(3);

        const { rows } = await admin.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_database WHERE datname = $1`,
          [name],
        );
        expect(rows).toEqual([{ n: 1 }]);
        const books = new pg.Client({ connectionString: url });
        await books.connect();
        try {
          const entries = await books.query<{ description: string; n: number }>(
            `SELECT description, count(*)::int AS n FROM entries GROUP BY 1 ORDER BY 1`,
          );
          expect(entries.rows).toEqual([
            { description: 'Bonus', n: 3 },
            { description: expect.stringMatching(/^Salary for /), n: 3 },
          ]);
        } finally {
          await books.end();
        }
      } finally {
        await Promise.all(servers.map(stopServer));
      }
    });
  });
}
