// The standing hostile suite (`npm run test:hostile`, and part of `npm test`). It walks the
// route table as registered, so a new route is covered without editing this file:
// - every route under many spellings of its path, without a session: 401, or 404 where the
//   spelling matches no route; never the data;
// - HOSTILE_REQUESTS (default 10,000) spoilt requests over every route (wrong types, non-finite
//   and huge numbers, null characters, overlong text, bad encodings, unknown fields, bad JSON,
//   wrong content types, bad ids and dates): no 5xx, no stack, SQL or file path in a body, a
//   `{ code, message }` with every refusal (a code the contract lists), and no row changed by a refused request.
// The seed is printed; HOSTILE_SEED=<seed> replays the same requests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { seededRandom } from '../src/lib/random.js';
import type { RouteOptions } from 'fastify';
import { errorCodes, type ErrorCode } from 'contract';
import {
  bearer,
  login,
  rows,
  setupDatabase,
  signInBoth,
  ADMIN,
  STAFF,
  type TestContext,
} from './helpers.js';
import {
  apiRoute,
  concretePath,
  hostileRequest,
  pathSpellings,
  validValue,
  type HostileRequest,
  type Route,
} from './hostile-requests.js';

// CI replays one fixed seed, so a landing is judged on the same requests every time; a local run
// draws a new seed and so explores further.
const SEED = Number(
  process.env.HOSTILE_SEED || (process.env.CI ? 1 : Math.floor(Math.random() * 2 ** 31)),
);
const REQUESTS = Number(process.env.HOSTILE_REQUESTS || 10_000);

// Fake web builds, so the static routes are in the route table too.
const webRoot = mkdtempSync(path.join(tmpdir(), 'hostile-web-'));
const fakeBuild: Array<[string, string]> = [
  ['shell/dist/index.html', '<!doctype html><div id="root"></div>'],
  ['shell/dist/main.js', 'console.log("shell")'],
  ['shell/dist/main.js.map', '{"sources":["secret-source.ts"]}'],
  ['mf-people/dist/remoteEntry.js', 'var people;'],
  ['mf-people/dist/mf-manifest.json', '{"name":"people"}'],
  ['package.json', '{"name":"secret-package"}'],
];
for (const [file, content] of fakeBuild) {
  mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
  writeFileSync(path.join(webRoot, file), content);
}

const setup = setupDatabase({ webRoot });
let db: Awaited<typeof setup>;
let ctx: TestContext;
const routes: Route[] = [];
const tokens: Record<'admin' | 'staff', string> = { admin: '', staff: '' };

/** A stack frame, a file path, SQL or a driver's words: nothing a client should ever read. */
const LEAK =
  /\bat [\w.<>]+ \(|\.(ts|js|mjs|cjs):\d+|node_modules|\/(src|dist|home|usr|tmp|var|opt)\/|secret-(source|package)|\b(select|insert into|update|delete from)\b.+\b(from|set|where|values)\b|syntax error|relation "|violates|duplicate key|invalid input syntax|pglite|kysely|postgres/i;

/**
 * Tables whose rows may change without a stored change: sessions are compared on who holds
 * them, not on when they were last used.
 */
const FINGERPRINT_COLUMNS: Record<string, string> = { sessions: 'token_hash, user_id' };
// rate_counters is the login throttle's and rate limit's state: every login request, refused or
// not, counts there on purpose.
const NOT_DATA = new Set(['migrations', 'schema_migrations', 'rate_counters']);
/** Rows a refused request writes on purpose: a refused sign-in is recorded in the audit log. */
const RECORDS_OF_REFUSALS: Record<string, string> = {
  audit_log: "action NOT IN ('login_failed', 'login_throttled')",
};

let fingerprintQuery = '';

/** One text that changes when any row of any table changes. */
async function fingerprint(): Promise<string> {
  if (!fingerprintQuery) {
    const tables = await rows<{ table_name: string }>(
      ctx,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    );
    const parts = tables
      .map(({ table_name: table }) => table)
      .filter((table) => !NOT_DATA.has(table))
      .map((table) => {
        const columns = FINGERPRINT_COLUMNS[table];
        const row = columns ? `ROW(${columns})::text` : 't::text';
        const where = RECORDS_OF_REFUSALS[table] ? ` WHERE ${RECORDS_OF_REFUSALS[table]}` : '';
        return `(SELECT '${table}:' || count(*) || ':' || md5(coalesce(string_agg(${row}, ',' ORDER BY ${row}), '')) FROM ${table} t${where})`;
      });
    fingerprintQuery = `SELECT concat_ws('|', ${parts.join(', ')}) AS print`;
  }
  const result = await sql.raw<{ print: string }>(fingerprintQuery).execute(ctx.database.db);
  return result.rows[0]?.print ?? '';
}

/**
 * The next transaction id: it moves whenever anything is written (even when rolled back), and
 * never on reads, so the full fingerprint is needed only when it has moved.
 */
async function nextTransactionId(): Promise<string> {
  const result = await sql<{
    xid: string;
  }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid`.execute(ctx.database.db);
  return result.rows[0]?.xid ?? '';
}

interface Answer {
  status: number;
  body: string;
}

async function send(request: HostileRequest): Promise<Answer> {
  const headers = { ...request.headers };
  if (request.as !== 'nobody') Object.assign(headers, bearer(tokens[request.as]));
  try {
    const response = await ctx.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    return { status: response.statusCode, body: response.body };
  } catch (error) {
    // A response that broke off half-way (a stream that failed after its headers) is a server
    // failure too.
    return { status: 599, body: `broken off: ${(error as Error).message}` };
  }
}

/** A request that signed its sender out (logout, a changed or deleted user) gets a new session. */
async function signInAgainAfter(request: HostileRequest, answer: Answer): Promise<void> {
  if (answer.status !== 401 || request.as === 'nobody') return;
  const who = request.as;
  tokens[who] = await login(ctx.app, who === 'admin' ? ADMIN : STAFF).catch(() => tokens[who]);
}

/** What is wrong with an answer, if anything. */
function problems(request: HostileRequest, answer: Answer): string[] {
  const found: string[] = [];
  if (answer.status >= 500) found.push(`answered ${answer.status}`);
  if (request.mustRefuse && answer.status < 400)
    found.push(`accepted ${answer.status} what its schema refuses`);
  if (LEAK.test(answer.body)) found.push(`leaks ${LEAK.exec(answer.body)?.[0]}`);
  if (answer.status >= 400 && request.method !== 'HEAD') {
    let message: unknown;
    let code: unknown;
    try {
      ({ message, code } = JSON.parse(answer.body) as { message?: unknown; code?: unknown });
    } catch {
      message = undefined;
    }
    if (typeof message !== 'string' || !message) found.push('refusal without a { message }');
    else if (!errorCodes.includes(code as ErrorCode))
      found.push(`refusal with code ${String(code)}`);
  }
  return found;
}

const describeRequest = (request: HostileRequest, answer: Answer) =>
  `${request.method} ${request.url.slice(0, 120)} as ${request.as} [${request.spoilt}] -> ${answer.status} ${answer.body.slice(0, 160)}`;

beforeAll(async () => {
  db = await setup;
  ctx = await db.reset({
    onRoute: (route: RouteOptions) => {
      const found = apiRoute(route);
      if (found) routes.push(found);
    },
  });
  const signedIn = await signInBoth(ctx.app);
  Object.assign(tokens, signedIn);
  // A record of every kind, so that ids 1 exist and ledgers have rows.
  const admin = bearer(tokens.admin);
  for (const [url, payload] of [
    [
      '/api/clients/addClient',
      { name: 'Client One', email: 'client@example.com', companyName: 'One Ltd' },
    ],
    [
      '/api/employees/addEmployee',
      { name: 'Employee One', email: 'employee@example.com', number: '0300123' },
    ],
    ['/api/expance/addexpancetype', { expancetype: 'Rent' }],
    ['/api/incoms/addIncome', { clientId: 1, amount: 100, Creditdebit: 'Debit' }],
    ['/api/expance/addsalery', { employeeId: 1, amount: 50, Creditdebit: 'Credit' }],
    ['/api/expance/addexpance', { expanceTypeId: 1, amount: 25.5, Creditdebit: 'Credit' }],
  ] as const) {
    const response = await ctx.app.inject({ method: 'POST', url, headers: admin, payload });
    if (response.statusCode !== 201) throw new Error(`seeding ${url}: ${response.body}`);
  }
  process.stdout.write(
    `hostile suite: seed ${SEED} (HOSTILE_SEED=${SEED} replays it), ${routes.length} routes\n`,
  );
});

afterAll(async () => {
  await db.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('hostile suite', () => {
  it('walks every /api route of the route table', () => {
    const api = routes.filter((route) => route.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThanOrEqual(30);
    expect(api.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/users/getUser',
        'GET /api/dashboard/getClientLedger',
        'DELETE /api/clients/deleteClient/:id',
      ]),
    );
  });

  it('answers every spelling of every /api path without a session with 401 or 404, never data', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    const wrongKinds: Record<string, number> = {};
    let sent = 0;
    for (const route of routes.filter(
      (candidate) => candidate.url.startsWith('/api/') && !candidate.public,
    )) {
      const query = route.schema.querystring
        ? (validValue(route.schema.querystring, 'query') as Record<string, unknown>)
        : {};
      const search = new URLSearchParams(
        Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
      ).toString();
      const body = route.schema.body ? validValue(route.schema.body, 'body') : undefined;
      // Every spelling without a session; the route's own path also with a token that is no
      // session. The session check runs on the route a spelling reached (auth.ts), whatever the
      // header holds, so a forged token beside every spelling walked the same paths again
      // (18,138 requests where these are about 9,200).
      const forged = { authorization: 'Bearer not-a-session' };
      for (const spelling of [concretePath(route), ...pathSpellings(concretePath(route))]) {
        for (const headers of spelling === concretePath(route) ? [{}, forged] : [{}]) {
          const url = search
            ? `${spelling}${spelling.includes('?') ? '&' : '?'}${search}`
            : spelling;
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(body === undefined ? {} : { payload: body as object }),
          });
          sent += 1;
          if (![401, 404].includes(response.statusCode) || LEAK.test(response.body)) {
            wrong.push(
              `${route.method} ${url} -> ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
            const kind = `${response.statusCode}${response.body.startsWith('<') ? ' html' : ''}`;
            wrongKinds[kind] = (wrongKinds[kind] ?? 0) + 1;
          }
        }
      }
    }
    process.stdout.write(
      `hostile suite: ${sent} path spellings without a session, ${wrong.length} answered wrongly ${JSON.stringify(wrongKinds)}\n` +
        wrong.slice(0, 40).join('\n') +
        (wrong.length ? '\n' : ''),
    );
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it(`answers ${REQUESTS} spoilt requests with a clean 4xx and changes nothing it refuses`, async () => {
    const random = seededRandom(SEED);
    const findings: string[] = [];
    const statuses: Record<number, number> = {};
    const kinds: Record<string, number> = {};
    const started = Date.now();
    let print = await fingerprint();
    let printedAt = await nextTransactionId();
    for (let i = 0; i < REQUESTS; i += 1) {
      const route = routes[i % routes.length] as Route;
      const request = hostileRequest(route, random);
      const before = await nextTransactionId();
      if (before !== printedAt) {
        // An accepted change since the last fingerprint: take it as the new starting point.
        print = await fingerprint();
        printedAt = before;
      }
      const answer = await send(request);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      for (const problem of problems(request, answer)) {
        findings.push(`#${i} ${problem}: ${describeRequest(request, answer)}`);
        kinds[problem.split(' ')[0] ?? problem] =
          (kinds[problem.split(' ')[0] ?? problem] ?? 0) + 1;
      }
      if (answer.status >= 400 && (await nextTransactionId()) !== printedAt) {
        const now = await fingerprint();
        if (now !== print) {
          findings.push(`#${i} refused but changed rows: ${describeRequest(request, answer)}`);
          kinds.changed = (kinds.changed ?? 0) + 1;
        }
        print = now;
        printedAt = await nextTransactionId();
      }
      await signInAgainAfter(request, answer);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `hostile suite: seed ${SEED}, ${REQUESTS} requests in ${seconds} s, statuses ${JSON.stringify(statuses)}, ${findings.length} findings ${JSON.stringify(kinds)}\n` +
        findings.slice(0, 40).join('\n') +
        (findings.length ? '\n' : ''),
    );
    expect(findings.slice(0, 20)).toEqual([]);
  }, 1_800_000);
});
