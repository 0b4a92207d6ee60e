// Hostile requests against the features that write batches (payroll runs, repeating entries,
// undoing a batch): races between them answer 2xx or a clear 409, never a 500, and leave the
// books consistent. Runs on PGlite and, in the PostgreSQL run, with real concurrency.
import { apiMessages } from 'contract';
import { addDays, monthStart, todayIn } from '../src/lib/dates.js';
import { postDueAutomatically } from '../src/repositories/recurring-auto.js';
import { insertEntries, seedParties } from './fixtures.js';
import { bearer, rows, setupDatabase, signInBoth, type TestContext, requestAs } from './helpers.js';

const db = await setupDatabase();
let ctx: TestContext;
let staff: string;
afterAll(() => db.close());

const today = todayIn('UTC');
const lastMonth = addDays(monthStart(today), -1).slice(0, 7);

const call = (method: 'GET' | 'POST', url: string, payload?: object, who = staff) =>
  requestAs(ctx.app, who, method, url, payload);

const addEmployee = async (name: string) =>
  (
    await call('POST', '/api/employees/addEmployee', {
      name,
      email: `${name.toLowerCase()}@test.local`,
      number: '0300',
      monthlySalary: 1000,
    })
  ).body.user.id as number;

beforeEach(async () => {
  ctx = await db.resetKeepingApp({ autoPostRecurring: false });
  await seedParties(ctx);
  ({ staff } = await signInBoth(ctx.app));
});

describe('payroll, repeating entries and undo at once', () => {
  it('answers every payroll run with 2xx or 409 while the server posts and runs are undone', async () => {
    const ids = [await addEmployee('Ali'), await addEmployee('Bina'), await addEmployee('Chen')];
    const added = await call('POST', '/api/recurring', {
      kind: 'salary',
      partyId: ids[0],
      creditDebit: 'Credit',
      amount: 50,
      description: 'Bonus',
      repeats: 'weekly',
      starts: addDays(today, -21),
    });
    expect(added.status).toBe(201);
    await call('POST', `/api/recurring/${added.body.schedule.id}/auto-post`, { autoPost: true });
    const lines = ids.map((employeeId) => ({ employeeId, amount: 1000 }));
    const first = await call('POST', '/api/payroll', { month: lastMonth, lines });
    expect(first.status).toBe(201);

    const runs = await Promise.all([
      ...Array.from({ length: 8 }, () => call('POST', '/api/payroll', { month: lastMonth, lines })),
      call('POST', `/api/batches/${first.body.batchId}/reverse`, { reason: 'wrong' }),
      call('POST', `/api/batches/${first.body.batchId}/reverse`, { reason: 'wrong' }),
      postDueAutomatically(ctx.database.db, today).then(() => ({ status: 200, body: {} })),
      postDueAutomatically(ctx.database.db, today).then(() => ({ status: 200, body: {} })),
    ]);
    for (const run of runs) expect([200, 201, 409]).toContain(run.status);
    // Each employee is paid by one run not undone, once.
    const paid = await rows<{ employee_id: number; n: string }>(
      ctx,
      `SELECT employee_id, count(*)::text AS n FROM payroll_payments
       WHERE reversed_at IS NULL GROUP BY employee_id ORDER BY employee_id`,
    );
    for (const row of paid) expect(row.n).toBe('1');
  });
});

describe('a multipart upload cut short', () => {
  const boundary = 'hostile-boundary';
  const pdfPart =
    `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="a.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n';

  it('is refused with 400 and stores no receipt', async () => {
    await insertEntries(ctx, [
      { kind: 'expense', party: 1, amount: '40.00', day: today, description: 'Paper' },
    ]);
    const [entry] = await rows<{ id: number }>(ctx, 'SELECT id FROM entries ORDER BY id LIMIT 1');
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/journal/${entry!.id}/receipts`,
      // The body stops inside the file: no closing boundary.
      payload: pdfPart,
      headers: { ...bearer(staff), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'upload_body_malformed',
      message: apiMessages.uploadBodyMalformed,
    });
    expect(await rows(ctx, 'SELECT id FROM receipts')).toEqual([]);
    expect(await rows(ctx, 'SELECT 1 FROM receipt_blobs')).toEqual([]);
  });
});

describe('an import file name with a null character', () => {
  it('is read without it and without direction overrides', async () => {
    const boundary = 'hostile-boundary';
    const csv = `Date,Client,Amount,Credit/Debit,Description\n${today},Acme Buyer,10,Debit,x\n`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/preview',
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n` +
        `${JSON.stringify({ kind: 'income' })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bank\u0000\u202E.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      headers: { ...bearer(staff), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().fileName).toBe('bank.csv');
  });
});
