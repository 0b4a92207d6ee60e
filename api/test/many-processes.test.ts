// Several real server processes on one PostgreSQL database behave like one: servers started
// together on an empty database all come up with one first admin, failures through one count
// on the other, a session from one works on the other until it is ended on either, and one
// idempotency key records once. WORKERS=2 runs two processes on one port. On the embedded
// database (PGlite) only one process may open the directory: WORKERS>1 is refused there.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  call,
  killAll,
  signIn,
  spawnServer,
  startServer,
  stopServer,
  type Server,
} from './server-process.js';

const ADMIN = { email: 'two-admin@test.local', password: 'two-servers-password-1' };
const postgresUrl = process.env.TEST_DATABASE_URL;

afterAll(() => killAll());

test('WORKERS above 1 is refused on the embedded database with a clear message', async () => {
  const server = spawnServer({ WORKERS: '2', DATA_DIR: 'memory://', PORT: '0' });
  const { code } = await server.exited;
  expect(code).toBe(1);
  expect(server.output()).toContain(
    'WORKERS=2 needs PostgreSQL (DATABASE_URL): the embedded database can be opened by one process only.',
  );
});

const onPostgres = postgresUrl ? describe : describe.skip;

onPostgres('many processes on one PostgreSQL', () => {
  const admin = new pg.Client({ connectionString: postgresUrl });
  const created: string[] = [];

  beforeAll(() => admin.connect());
  afterAll(async () => {
    killAll();
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  /** A new, empty database on the test cluster; its URL. */
  async function emptyDatabase(): Promise<string> {
    const name = `office_processes_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = new URL(postgresUrl as string);
    url.pathname = `/${name}`;
    return url.toString();
  }

  const env = (databaseUrl: string, extra: NodeJS.ProcessEnv = {}) => ({
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extra,
  });

  const stopAll = (servers: Server[]) => Promise.all(servers.map(stopServer));

  /**
   * Two processes started together on an empty database (two servers, or the two workers of
   * WORKERS=2) made one first admin between them, and said so once: `token` is that admin's,
   * signed in on one process, used on the other. Each test below that starts two processes on an
   * empty database checks it, so that the race between them is run three times in this file
   * (each process start costs some two seconds of processor time).
   */
  async function expectOneFirstAdmin(on: Server, token: string, outputs: string[]) {
    const users = await call<{ users: { email: string; role: string }[] }>(
      on,
      'GET',
      '/api/users/getUser',
      { token },
    );
    expect(users.status).toBe(200);
    expect(users.body.users.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: ADMIN.email, role: 'admin' },
    ]);
    const announced = outputs.join('\n').match(/created the first admin/g) ?? [];
    expect(announced).toHaveLength(1);
  }

  test('servers started together on an empty database all start, with one first admin', async () => {
    const url = await emptyDatabase();
    const servers = await Promise.all([startServer(env(url)), startServer(env(url))]);
    try {
      const token = await signIn(servers[1]!, ADMIN);
      await expectOneFirstAdmin(servers[0]!, token, [servers[0]!.output(), servers[1]!.output()]);
    } finally {
      await stopAll(servers);
    }
  });

  test('two servers share one throttle, one session store and one idempotency', async () => {
    const url = await emptyDatabase();
    const limits = { LOGIN_MAX_FAILURES: '3', LOGIN_RATE_PER_MINUTE: '10' };
    const [a, b] = await Promise.all([
      startServer(env(url, limits)),
      startServer(env(url, limits)),
    ]);
    try {
      // One session store: signed in on A, the token works on B (and one first admin).
      const token = await signIn(a!, ADMIN); // attempt 1 from this address
      await expectOneFirstAdmin(b!, token, [a!.output(), b!.output()]);

      // One idempotency: the same submission with one key through A and B at once records once.
      const client = await call<{ user: { id: number } }>(b!, 'POST', '/api/clients/addClient', {
        token,
        body: { name: 'Grace Hopper', email: 'grace@navy.test', companyName: 'COBOL Ltd' },
      });
      expect(client.status).toBe(201);
      const clientId = client.body.user.id;
      const income = { clientId, amount: 250.75, description: 'Invoice 7', Creditdebit: 'Debit' };
      const submit = (server: Server) =>
        call<{ entry: { id: number } }>(server, 'POST', '/api/incoms/addIncome', {
          token,
          body: income,
          headers: { 'idempotency-key': 'two-servers-income-1' },
        });
      const answers = await Promise.all([submit(a!), submit(b!)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
      expect(answers[0]!.body.entry.id).toBe(answers[1]!.body.entry.id);
      const sales = await call<{ totalDebit: number }[]>(
        a!,
        'GET',
        '/api/dashboard/getClientsVsSales',
        {
          token,
        },
      );
      expect(sales.body.map((row) => row.totalDebit)).toEqual([250.75]);

      // Ending the session on A ends it on B.
      expect((await call(a!, 'POST', '/api/users/logout', { token })).status).toBe(200);
      const ended = await call(b!, 'GET', '/api/users/getUser', { token });
      expect(ended.status).toBe(401);

      // One throttle: three failures spread over A and B spend this address's tries for the
      // e-mail on both (attempts 2 to 5 from this address).
      const wrong = { email: ADMIN.email, password: 'wrong-password' };
      const login = (server: Server, body: unknown) =>
        call(server, 'POST', '/api/users/login', { body });
      const failures = [await login(a!, wrong), await login(b!, wrong), await login(a!, wrong)];
      expect(failures.map((r) => r.status)).toEqual([401, 401, 401]);
      const refused = await login(b!, ADMIN);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        message: 'Too many login attempts, please try again later',
      });

      // One per-address limit: 10 attempts a minute from this address, whichever server
      // (a new e-mail each time, so that the e-mail's own limit plays no part).
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const guess = { email: `nobody${i}@test.local`, password: 'wrong-password' };
        statuses.push((await login(i % 2 ? b! : a!, guess)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await stopAll([a!, b!]);
    }
  });

  test('WORKERS=2 serves one port from two processes and stops cleanly', async () => {
    const url = await emptyDatabase();
    const server = await startServer(env(url, { WORKERS: '2' }), 2);
    try {
      const pids = new Set(
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('Server listening at'))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );
      expect(pids.size).toBe(2);
      expect(pids.has(server.child.pid as number)).toBe(false);
      const token = await signIn(server, ADMIN);
      // The two workers started together on the empty database, and made one first admin.
      await expectOneFirstAdmin(server, token, [server.output()]);
      for (let i = 0; i < 4; i += 1) {
        expect((await call(server, 'GET', '/api/users/getUser', { token })).status).toBe(200);
      }
    } finally {
      await stopServer(server);
    }
    expect(server.output()).toContain('stopping the workers');
  });
});
