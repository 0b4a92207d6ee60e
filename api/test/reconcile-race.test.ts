// An unmatch and a "reconciled through" at once, through two server processes on one PostgreSQL
// database (issue 39): both lock the account's row, so one waits for the other and sees it; the
// account always agrees afterwards (reconciled through the day with its line still matched, or
// the line unmatched and the day refused). Two rounds are lined up by holding a row from the
// test (the unmatch first, then the other way round); the rest run freely.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { call, killAll, signIn, startServer, stopServer, type Server } from './server-process.js';

const ADMIN = { email: 'race-admin@test.local', password: 'race-servers-password-1' };
const STAFF = { email: 'race-staff@test.local', password: 'race-staff-password-1' };
const postgresUrl = process.env.TEST_DATABASE_URL;
const onPostgres = postgresUrl ? describe : describe.skip;

afterAll(() => killAll());

onPostgres('unmatch racing "reconciled through" on two processes', () => {
  const admin = new pg.Client({ connectionString: postgresUrl });
  let databaseUrl: string;
  let database: pg.Client;
  let servers: Server[] = [];
  let adminToken: string;
  let staffToken: string;
  let clientId: number;

  beforeAll(async () => {
    await admin.connect();
    const name = `office_race_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl as string);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const env = {
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    servers = [await startServer(env)];
    servers.push(await startServer(env));
    database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    adminToken = await signIn(servers[0]!, ADMIN);
    const registered = await call(servers[0]!, 'POST', '/api/users/register', {
      token: adminToken,
      body: { name: 'Race Clerk', ...STAFF, role: 'staff' },
    });
    expect(registered.status).toBe(201);
    staffToken = await signIn(servers[1]!, STAFF);
    const client = await call<{ user: { id: number } }>(
      servers[0]!,
      'POST',
      '/api/clients/addClient',
      {
        token: adminToken,
        body: { name: 'Acme Buyer', email: 'acme@test.local', companyName: 'Acme' },
      },
    );
    expect(client.status).toBe(201);
    clientId = client.body.user.id;
  });

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await database?.end();
    await admin.query(
      `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`,
    );
    await admin.end();
  });

  /** A new account with 100 received on 2026-01-05, its statement line matched to it. */
  async function matchedAccount(round: number): Promise<{ account: number; line: number }> {
    const [a] = servers;
    const made = await call<{ account: { id: number } }>(a!, 'POST', '/api/accounts', {
      token: adminToken,
      body: { name: `Bank ${round}`, kind: 'Bank', openingBalance: 0, openingDate: '2026-01-01' },
    });
    expect(made.status).toBe(201);
    const account = made.body.account.id;
    const income = await call<{ entry: { id: number } }>(a!, 'POST', '/api/incoms/addIncome', {
      token: staffToken,
      body: {
        clientId,
        amount: 100,
        Creditdebit: 'Credit',
        date: '2026-01-05',
        accountId: account,
      },
    });
    expect(income.status).toBe(201);
    const form = new FormData();
    form.append('options', '{}');
    form.append(
      'file',
      new Blob(['Date,Description,Amount\n2026-01-05,Payment,100.00\n']),
      's.csv',
    );
    const imported = await fetch(`${a!.base}/api/accounts/${account}/statements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staffToken}` },
      body: form,
    });
    expect(imported.status).toBe(201);
    const { rows } = await database.query<{ id: string }>(
      'SELECT id FROM statement_lines WHERE account_id = $1',
      [account],
    );
    const line = Number(rows[0]!.id);
    const matched = await call(a!, 'POST', `/api/accounts/${account}/matches`, {
      token: staffToken,
      body: { lineId: line, entryIds: [income.body.entry.id] },
    });
    expect(matched.status).toBe(201);
    return { account, line };
  }

  const unmatch = (server: Server, account: number, line: number) =>
    call(server, 'DELETE', `/api/accounts/${account}/matches/${line}`, {
      token: staffToken,
      body: { reason: 'matched in error' },
    });
  const reconcile = (server: Server, account: number) =>
    call(server, 'POST', `/api/accounts/${account}/reconciled`, {
      token: staffToken,
      body: { through: '2026-01-31', closingBalance: 100 },
    });

  /**
   * True once `count` requests wait for a row lock in the database; false if `settled` (the request
   * that should be waiting) answered first. A wait for a state, not for a time, and never longer
   * than the request.
   */
  async function waiting(count: number, settled?: Promise<unknown>): Promise<boolean> {
    let done = false;
    const end = () => {
      done = true;
    };
    // Both outcomes end the wait; a refusal is left to the test's own await of the request.
    void settled?.then(end, end);
    for (;;) {
      // Read on another connection: inside the test's transaction the view would stay as first read.
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = $1 AND wait_event_type = 'Lock' AND query ILIKE '%for update%'`,
        [new URL(databaseUrl).pathname.slice(1)],
      );
      if (rows[0]!.n >= count) return true;
      if (done) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The account agrees: reconciled with its line matched, or neither. */
  async function agreement(account: number, answers: { status: number }[]) {
    const { rows } = await database.query<{ through: string | null; matched: number }>(
      `SELECT a.reconciled_through::text AS through,
              (SELECT count(*)::int FROM statement_matches m WHERE m.account_id = a.id) AS matched
       FROM accounts a WHERE a.id = $1`,
      [account],
    );
    const [unmatched, reconciled] = answers.map((answer) => answer.status);
    return {
      statuses: [unmatched, reconciled],
      state: rows[0],
    };
  }
  const agreeing = [
    // The unmatch first: the day no longer agrees and is refused.
    { statuses: [200, 409], state: { through: null, matched: 0 } },
    // "Reconciled through" first: the reconciled match stays (staff are refused).
    { statuses: [409, 200], state: { through: '2026-01-31', matched: 1 } },
  ];

  test('an unmatch held on its line while "reconciled through" comes: the second waits and sees the first', async () => {
    const [a, b] = servers;
    const { account, line } = await matchedAccount(0);
    await database.query('BEGIN');
    await database.query('SELECT id FROM statement_lines WHERE id = $1 FOR UPDATE', [line]);
    const unmatched = unmatch(a!, account, line);
    // The unmatch waits behind the line's lock (a false here: it went past it).
    expect(await waiting(1, unmatched)).toBe(true);
    const reconciled = reconcile(b!, account);
    await waiting(2, reconciled);
    await database.query('COMMIT');
    const result = await agreement(account, await Promise.all([unmatched, reconciled]));
    expect(result).toEqual(agreeing[0]);
  });

  test('"reconciled through" held on the account while the unmatch comes: the unmatch is refused', async () => {
    const [a, b] = servers;
    const { account, line } = await matchedAccount(1);
    await database.query('BEGIN');
    await database.query('SELECT id FROM accounts WHERE id = $1 FOR SHARE', [account]);
    const reconciled = reconcile(b!, account);
    expect(await waiting(1, reconciled)).toBe(true);
    const unmatched = unmatch(a!, account, line);
    await waiting(2, unmatched);
    await database.query('COMMIT');
    const result = await agreement(account, await Promise.all([unmatched, reconciled]));
    // The unmatch waited behind the day, then saw it.
    expect(result).toEqual(agreeing[1]);
  });

  test('ten rounds at once through either process: the account agrees every time', async () => {
    const results = [];
    for (let round = 2; round < 12; round += 1) {
      const { account, line } = await matchedAccount(round);
      const [first, second] = round % 2 ? servers : [...servers].reverse();
      const answers = await Promise.all([
        unmatch(first!, account, line),
        reconcile(second!, account),
      ]);
      results.push(await agreement(account, answers));
    }
    for (const result of results) expect(agreeing).toContainEqual(result);
  });
});
