// The month-end checklist's bank items (issue 34 item 5 with the money accounts of issue 33):
// statement lines of the month not matched, and accounts not reconciled through its last day.
// Everything is made through the bank's own calls: accounts, a statement import, a match, an
// exclusion and "reconciled through".
import ExcelJS from 'exceljs';
import {
  bearer,
  requestAs,
  rows,
  setupDatabase,
  signInBoth,
  signInViewer,
  type TestContext,
} from './helpers.js';
import { seedParties } from './fixtures.js';
import { hasTool, pdfToText } from './office-tools.js';
import { multipartBody } from './hostile-files.js';

const pdftotext = await hasTool('pdftotext', ['-v']);

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
let hbl: number;
let meezan: number;
let petty: number;

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => requestAs(ctx.app, token, method, url, payload);

async function account(name: string, kind: 'Bank' | 'Cash', openingDate: string) {
  const made = await call(admin, 'POST', '/api/accounts', {
    name,
    kind,
    openingBalance: '1000.00',
    openingDate,
  });
  expect(made.status).toBe(201);
  return made.body.account.id as number;
}

async function importCsv(accountId: number, text: string) {
  const form = multipartBody([
    { name: 'options', value: '{}' },
    { name: 'file', fileName: 'statement.csv', value: text },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/accounts/${accountId}/statements`,
    headers: { ...bearer(staff), 'content-type': form.contentType },
    payload: form.body,
  });
  expect(response.statusCode).toBe(201);
}

const lineOf = async (accountId: number, description: string): Promise<number> => {
  const { body } = await call(staff, 'GET', `/api/accounts/${accountId}/reconcile?status=all`);
  return (body.lines as { id: number; description: string }[]).find(
    (line) => line.description === description,
  )!.id;
};

const bankItems = (body: { items: { key: string }[] }) =>
  body.items.filter((item) =>
    ['statementLinesUnmatched', 'accountsNotReconciled'].includes(item.key),
  );

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  ({ admin, staff } = await signInBoth(ctx.app));
  viewer = await signInViewer(ctx.app, admin);

  hbl = await account('HBL', 'Bank', '2025-12-01');
  meezan = await account('Meezan', 'Bank', '2025-12-01');
  petty = await account('Petty cash', 'Cash', '2025-12-01');
  // Opened after January: nothing of January to reconcile.
  await account('New bank', 'Bank', '2026-03-01');

  // HBL's January: two lines unmatched, one matched, one excluded; a December and a February
  // line unmatched, outside the month.
  const { status, body } = await call(staff, 'POST', '/api/incoms/addIncome', {
    clientId: 1,
    amount: 200,
    Creditdebit: 'Credit',
    date: '2026-01-05',
    accountId: hbl,
  });
  expect(status).toBe(201);
  await importCsv(
    hbl,
    [
      'Date,Description,Amount',
      '2025-12-30,December fee,-2.00',
      '2026-01-01,New year charge,-5.00',
      '2026-01-05,Payment,200.00',
      '2026-01-12,Reversal pair,-40.00',
      '2026-01-31,Month-end interest,1.25',
      '2026-02-01,February fee,-3.00',
    ].join('\n'),
  );
  const matched = await call(staff, 'POST', `/api/accounts/${hbl}/matches`, {
    lineId: await lineOf(hbl, 'Payment'),
    entryIds: [body.entry.id],
  });
  expect(matched.status).toBe(201);
  const excluded = await call(
    staff,
    'POST',
    `/api/accounts/${hbl}/lines/${await lineOf(hbl, 'Reversal pair')}/exclude`,
    { reason: "the bank's internal reversal" },
  );
  expect(excluded.status).toBe(200);
  // HBL reconciled through a day before January's end, Meezan through a day after it.
  const early = await call(staff, 'POST', `/api/accounts/${hbl}/reconciled`, {
    through: '2026-01-20',
    closingBalance: '1200.00',
  });
  expect(early.status).toBe(200);
  const late = await call(staff, 'POST', `/api/accounts/${meezan}/reconciled`, {
    through: '2026-02-05',
    closingBalance: '1000.00',
  });
  expect(late.status).toBe(200);
});
afterAll(() => db.close());

describe('the bank items of the month-end checklist', () => {
  it('one account concerned: counts and links to its reconcile worklist; a viewer reads it', async () => {
    const { status, body } = await call(viewer, 'GET', '/api/month-end?month=2026-01');
    expect(status).toBe(200);
    // Cash (the default, no statement) and Petty cash (no statement yet) are not counted;
    // Meezan is reconciled past January; the new bank opened after it.
    expect(bankItems(body)).toEqual([
      {
        key: 'statementLinesUnmatched',
        label: 'Statement lines not matched',
        count: 2,
        link: `/Accounts/${hbl}/reconcile`,
      },
      {
        key: 'accountsNotReconciled',
        label: "Accounts not reconciled through the month's last day",
        count: 1,
        link: `/Accounts/${hbl}/reconcile`,
      },
    ]);
    // The worklist the link opens lists those two lines (beside the other months' ones).
    const worklist = await call(viewer, 'GET', `/api/accounts/${hbl}/reconcile`);
    const january = (worklist.body.lines as { date: string; description: string }[]).filter(
      (line) => line.date.startsWith('2026-01'),
    );
    expect(january.map((line) => line.description)).toEqual([
      'New year charge',
      'Month-end interest',
    ]);
    // February: Meezan reconciled through the 5th only, so both banks are behind.
    const february = await call(staff, 'GET', '/api/month-end?month=2026-02');
    expect(bankItems(february.body)).toEqual([
      expect.objectContaining({ count: 1, link: `/Accounts/${hbl}/reconcile` }),
      expect.objectContaining({ count: 2, link: '/Accounts' }),
    ]);
  });

  it('a cash account with a statement counts too; several accounts link to /Accounts', async () => {
    await importCsv(petty, 'Date,Description,Amount\n2026-01-15,Float top-up,50.00\n');
    const { body } = await call(staff, 'GET', '/api/month-end?month=2026-01');
    expect(bankItems(body)).toEqual([
      expect.objectContaining({ key: 'statementLinesUnmatched', count: 3, link: '/Accounts' }),
      expect.objectContaining({ key: 'accountsNotReconciled', count: 2, link: '/Accounts' }),
    ]);
    expect(body.openCount).toBe(
      (body.items as { count: number }[]).reduce((sum, item) => sum + item.count, 0),
    );
  });

  it('the pack lists them under Still open, in Excel and PDF', async () => {
    const download = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(viewer) });
      expect(response.statusCode).toBe(200);
      return response.rawPayload;
    };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await download('/api/month-end/pack.xlsx?month=2026-01')) as unknown as ArrayBuffer,
    );
    const lines: string[] = [];
    book.getWorksheet('Still open')!.eachRow((row) =>
      lines.push(
        (row.values as unknown[])
          .slice(1)
          // A link is a full address, from the request's origin (PUBLIC_URL unset).
          .map((value) =>
            typeof value === 'object' && value !== null && 'text' in value
              ? String((value as { text: unknown }).text)
              : String(value ?? ''),
          )
          .join('|'),
      ),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        'Statement lines not matched|3|http://localhost/Accounts',
        "Accounts not reconciled through the month's last day|2|http://localhost/Accounts",
      ]),
    );
    if (pdftotext) {
      const text = await pdfToText(await download('/api/month-end/pack.pdf?month=2026-01'));
      expect(text).toMatch(/Statement lines not matched\s+3/);
      expect(text).toMatch(/Accounts not reconciled through the month's last day\s+2/);
    }
  });

  it("the close records the bank items' counts in its Activity line", async () => {
    const closed = await call(admin, 'POST', '/api/month-end/close', { month: '2026-01' });
    expect(closed.status).toBe(200);
    expect(closed.body.open).toMatchObject({
      statementLinesUnmatched: 3,
      accountsNotReconciled: 2,
    });
    const [activity] = await rows<{ after: string }>(
      ctx,
      `SELECT after::text FROM audit_log WHERE entity = 'books' ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.parse(activity?.after ?? '{}')).toMatchObject({
      closedThrough: '2026-01-31',
      monthClosed: '2026-01',
      open: { statementLinesUnmatched: 3, accountsNotReconciled: 2 },
    });
    // As the Activity screen reads it.
    const page = await call(admin, 'GET', '/api/activity?kind=books');
    expect(page.status).toBe(200);
    const [line] = page.body.users as { changes: { field: string; after: unknown }[] }[];
    expect(line!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'open',
          after: expect.objectContaining({ statementLinesUnmatched: 3, accountsNotReconciled: 2 }),
        }),
      ]),
    );
  });
});
