// Heavy exports beside everyone else's requests (issue 30, finding 7): a viewer's 10,000-row
// client statement is drawn in a worker thread, so the server's thread stays free (its event
// loop is never held past 200 ms, and a dashboard call meanwhile answers at once); and each user
// has at most EXPORTS_PER_USER exports under way, the next refused with 429 and a message while
// another user's export goes through.
import { watchEventLoop } from './event-loop-hold.js';
import { sql } from 'kysely';
import { apiMessages } from 'contract';
import {
  bearer,
  login,
  rows,
  setupDatabase,
  signInBoth,
  testConfig,
  type TestContext,
} from './helpers.js';
import { seedParties } from './fixtures.js';
import { hasTool, pdfToText } from './office-tools.js';
import { PDF_MAX_ROWS } from '../src/exports/documents.js';

const ROWS = 10_000;
const VIEWER = { email: 'viewer@test.local', password: 'viewer-password-1' };
const LEDGER =
  '/api/dashboard/getClientLedger/pdf?clientId=1&startDate=2025-01-01&endDate=2025-12-31';
const pdftotext = await hasTool('pdftotext', ['-v']);

const db = await setupDatabase({
  files: {
    ...testConfig().files,
    uploadMemoryBytes: 256 * 1024 * 1024,
    imageConcurrency: 1,
    exportsPerUser: 2,
  },
});
afterAll(() => db.close());
let ctx: TestContext;
let staff = '';
let viewer = '';

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  await sql`
    INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description,
                         entry_date, created_at)
    SELECT 'income', 1, 'Acme Buyer', 10.25, CASE WHEN g % 2 = 0 THEN 'Debit' ELSE 'Credit' END,
           'Entry ' || g || repeat(' with a long description', 3),
           DATE '2025-01-01' + (g % 365), TIMESTAMPTZ '2025-01-01 09:00:00+00'
    FROM generate_series(1, ${ROWS}::int) g`.execute(ctx.database.db);
  await sql`SELECT rebuild_entry_rollups()`.execute(ctx.database.db);
  const both = await signInBoth(ctx.app);
  staff = both.staff;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: bearer(both.admin),
    payload: { name: 'Auditor', ...VIEWER, role: 'viewer' },
  });
  expect(created.statusCode).toBe(201);
  viewer = await login(ctx.app, VIEWER);
});

const get = (url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe("a 10,000-row statement and the server's thread", () => {
  it('should draw it off the thread: the event loop is never held past 200 ms', async () => {
    // The cheap call once before, so that its first answer's one-time costs are not counted.
    expect((await get('/api/dashboard/totals', staff)).statusCode).toBe(200);
    const loop = watchEventLoop();
    const statement = get(LEDGER, viewer);
    // A cheap call, again and again while the statement is drawn: each answers quickly.
    let drawn = false;
    void statement.finally(() => (drawn = true));
    const waits: number[] = [];
    while (!drawn) {
      const started = performance.now();
      const totals = await get('/api/dashboard/totals', staff);
      expect(totals.statusCode).toBe(200);
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const held = await loop.stop();
    const response = await statement;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(waits.length).toBeGreaterThan(3);
    // The loop's hold, not each call's wall time: the calls' waits also count the machine's
    // other processes (the bench, bench:hostile, measures those on a machine of its own).
    expect(held).toBeLessThan(200);

    if (pdftotext) {
      const text = await pdfToText(response.rawPayload);
      expect(text).toContain('Client: Acme Buyer');
      expect(text).toContain(`Entry ${ROWS} with a long description`);
      // 5,000 Debits and 5,000 Credits of 10.25: the balance ends where it began.
      expect(text).toMatch(/Closing balance\s+0\.00/);
      expect(text).toMatch(/Page (\d+) of \1\s*$/);
    }
  });
});

describe('heavy exports per user', () => {
  it('should refuse a third export at once with 429 and the message, and let another user through', async () => {
    // Two exports under way: January's statement as a PDF (some 850 rows, a second's drawing; the
    // whole year's is the test above's) and the whole year's as an Excel file.
    const first = get(LEDGER.replace('2025-12-31', '2025-01-31'), viewer);
    const second = get(LEDGER.replace('pdf?', 'excel?'), viewer);
    // The next requests go the moment both have taken their slots (past sign-in), as the app
    // counts them: not after a pause that a busy machine may outlast or a quick one outrun.
    const [user] = await rows<{ id: number }>(
      ctx,
      `SELECT id FROM users WHERE email = '${VIEWER.email}'`,
    );
    // Bounded by the two answers: one that came before both slots were counted ends the wait, and
    // the test fails saying so, rather than waiting for jest's limit.
    let answered = false;
    const end = () => {
      answered = true;
    };
    // Either outcome ends the wait; a failed request is left to the test's own await of it.
    void Promise.race([first, second]).then(end, end);
    while (!answered && ctx.app.exportSlots.inUse(Number(user?.id)) < 2)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect({ answeredBeforeBothSlotsWereTaken: answered }).toEqual({
      answeredBeforeBothSlotsWereTaken: false,
    });
    const third = await get('/api/journal/csv', viewer);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: 'export_busy', message: apiMessages.exportBusy });
    const payslip = await get('/api/payroll/payslip?employeeId=1&month=2025-01', viewer);
    expect(payslip.statusCode).toBe(429);
    // Another user's export is not held up by these.
    const other = await get('/dashboard/finance/pdf'.replace(/^/, '/api'), staff);
    expect(other.statusCode).toBe(200);
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    // The slots are given back with the answers.
    expect((await get('/api/journal/csv', viewer)).statusCode).toBe(200);
    expect((await get('/api/journal/csv', viewer)).statusCode).toBe(200);
  });

  it('should give the slot back when the export is refused', async () => {
    for (let i = 0; i < 3; i += 1) {
      const missing = await get('/api/dashboard/getClientLedger/pdf?clientId=999', viewer);
      expect(missing.statusCode).toBe(404);
    }
    expect((await get('/api/dashboard/finance/pdf', viewer)).statusCode).toBe(200);
  });
});

describe('a statement too long for a PDF', () => {
  it('should be refused with 400 and a message, the Excel file still given', async () => {
    await sql`
      INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description,
                           entry_date, created_at)
      SELECT 'income', 1, 'Acme Buyer', 1.00, 'Debit', 'More ' || g,
             DATE '2025-06-01', TIMESTAMPTZ '2025-06-01 09:00:00+00'
      FROM generate_series(1, ${PDF_MAX_ROWS - ROWS + 1}::int) g`.execute(ctx.database.db);
    await sql`SELECT rebuild_entry_rollups()`.execute(ctx.database.db);
    const refused = await get(LEDGER, viewer);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'pdf_too_many_rows',
      message: apiMessages.pdfTooManyRows,
    });
    expect((await get(LEDGER.replace('pdf?', 'excel?'), viewer)).statusCode).toBe(200);
  });
});
