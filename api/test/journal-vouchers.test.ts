// Vouchers in the Journal (issue 40): one row per voucher beside the entries, with its figures,
// found by the Journal's filters, paged by position across it, reversed as an entry is, and in
// the Journal's CSV and Excel files.
import ExcelJS from 'exceljs';
import { ADMIN, bearer, setupDatabase, signInAll, type TestContext } from './helpers.js';
import { insertEntries, seedParties } from './fixtures.js';
import { ledgerHelpers } from './ledger-support.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
afterAll(() => db.close());

const { call, ledgerAccount } = ledgerHelpers(() => ({ ctx, staff }));

interface Row {
  id: number;
  date: string;
  kind: string;
  partyId: number | null;
  partyName: string;
  Creditdebit: string | null;
  amount: number;
  description: string;
  recordedBy: { name: string } | null;
  reversesId: number | null;
  reversedById: number | null;
  receipts: number;
  lines?: { code: string; debit: number; credit: number }[];
}

const journal = async (query = '', who = viewer) => {
  const answer = await call(who, 'GET', `/api/journal${query ? `?${query}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body as { entries: Row[]; next: string | null };
};
/** The Journal's CSV as a viewer downloads it, line by line. */
const csvLines = async (query: string) => {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/journal/csv?${query}`,
    headers: bearer(viewer),
  });
  expect(answer.statusCode).toBe(200);
  return answer.body.split('\r\n');
};
/** Each row as `kind #id amount`, in the journal's order. */
const brief = (entries: Row[]) => entries.map((row) => `${row.kind} #${row.id} ${row.amount}`);

/** Owner's capital of 250,000.50 into Cash, and a bank charge of 75 from Cash (2025-01-06). */
async function postVouchers() {
  const [cash, capital, charges] = [
    await ledgerAccount('1001'),
    await ledgerAccount('3000'),
    await ledgerAccount('5100'),
  ];
  const capitalIn = await call(admin, 'POST', '/api/ledger/vouchers', {
    date: '2025-01-06',
    description: 'Opening capital, Meezan cheque',
    lines: [
      { accountId: cash, debit: '250000.50' },
      { accountId: capital, credit: '250000.50' },
    ],
  });
  const charge = await call(admin, 'POST', '/api/ledger/vouchers', {
    date: '2025-01-06',
    description: 'Cheque book',
    lines: [
      { accountId: charges, debit: 75 },
      { accountId: cash, credit: 75 },
    ],
  });
  expect([capitalIn.status, charge.status]).toEqual([201, 201]);
  return [capitalIn.body.voucher.id as number, charge.body.voucher.id as number];
}

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  ({ admin, staff, viewer } = await signInAll(ctx.app));
  // Entries #1 to #3 around the vouchers' day, so entry and voucher numbers overlap.
  await insertEntries(ctx, [
    { kind: 'income', party: 1, amount: '1000.10', cd: 'Debit', day: '2025-01-05' },
    { kind: 'expense', party: 1, amount: '20.00', day: '2025-01-06', description: 'Tea' },
    { kind: 'expense', party: 2, amount: '30.00', day: '2025-01-07', description: 'Fuel' },
  ]);
  await postVouchers();
});

describe('a voucher in the Journal', () => {
  test('is one row: its day, kind voucher, its accounts, its total debit, who posted it, its lines', async () => {
    const { entries } = await journal();
    // Newest first; on one day the entries, then the vouchers.
    expect(brief(entries)).toEqual([
      'expense #3 30',
      'expense #2 20',
      'voucher #2 75',
      'voucher #1 250000.5',
      'income #1 1000.1',
    ]);
    expect(entries[3]).toMatchObject({
      id: 1,
      date: '2025-01-06',
      kind: 'voucher',
      partyId: null,
      partyName: "Cash, Owner's capital",
      Creditdebit: null,
      amount: 250000.5,
      description: 'Opening capital, Meezan cheque',
      recordedBy: { name: 'Admin', email: ADMIN.email },
      reversesId: null,
      reversedById: null,
      receipts: 0,
      lines: [
        { code: '1001', name: 'Cash', debit: 250000.5, credit: 0 },
        { code: '3000', name: "Owner's capital", debit: 0, credit: 250000.5 },
      ],
    });
    // An entry has no lines.
    expect(entries[0]).not.toHaveProperty('lines');
  });

  test('is found by the kind, the text and the dates, and left out by filters only entries have', async () => {
    expect(brief((await journal('kind=voucher')).entries)).toEqual([
      'voucher #2 75',
      'voucher #1 250000.5',
    ]);
    expect(brief((await journal('kind=expense')).entries)).toEqual([
      'expense #3 30',
      'expense #2 20',
    ]);
    // In the description, case aside, or in the name of one of its accounts.
    expect(brief((await journal('q=meezan')).entries)).toEqual(['voucher #1 250000.5']);
    expect(brief((await journal('q=bank%20charges')).entries)).toEqual(['voucher #2 75']);
    expect(brief((await journal('from=2025-01-06&to=2025-01-06')).entries)).toEqual([
      'expense #2 20',
      'voucher #2 75',
      'voucher #1 250000.5',
    ]);
    expect(brief((await journal('to=2025-01-05')).entries)).toEqual(['income #1 1000.1']);
    expect(brief((await journal('minAmount=75&maxAmount=1000.10')).entries)).toEqual([
      'voucher #2 75',
      'income #1 1000.1',
    ]);
    // Neither Credit nor Debit, no party, no receipt, no batch.
    expect(brief((await journal('Creditdebit=Debit')).entries)).toEqual(['income #1 1000.1']);
    expect(brief((await journal('receipt=without&from=2025-01-06')).entries)).toEqual([
      'expense #3 30',
      'expense #2 20',
    ]);
    // A money account's movements: the vouchers with a line on Cash, as its register has them.
    expect(brief((await journal('accountId=1&from=2025-01-06')).entries)).toEqual([
      'expense #3 30',
      'expense #2 20',
      'voucher #2 75',
      'voucher #1 250000.5',
    ]);
  });

  test('counts in the totals, its sum apart from Credit and Debit', async () => {
    const totals = async (query: string) =>
      (await call(viewer, 'GET', `/api/journal/totals?${query}`)).body;
    expect(await totals('')).toEqual({ count: 5, credit: 50, debit: 1000.1, vouchers: 250075.5 });
    expect(await totals('kind=voucher&q=cheque')).toEqual({
      count: 2,
      credit: 0,
      debit: 0,
      vouchers: 250075.5,
    });
    // Without a voucher among the matches, the totals are as they were.
    expect(await totals('kind=income')).toEqual({ count: 1, credit: 0, debit: 1000.1 });
    expect(await totals('kind=voucher&to=2025-01-05')).toEqual({ count: 0, credit: 0, debit: 0 });
  });

  test('pages by position across vouchers and entries of one day, whatever the page size', async () => {
    const whole = brief((await journal('limit=500')).entries);
    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page: { entries: Row[]; next: string | null } = await journal(
          `limit=${limit}${after ? `&after=${after}` : ''}`,
        );
        seen.push(...brief(page.entries));
        after = page.next;
      } while (after);
      expect(seen).toEqual(whole);
    }
    // A page that ends on a voucher goes on with the day's voucher before it, then the day before.
    const first = await journal('limit=3');
    expect(brief(first.entries).at(-1)).toBe('voucher #2 75');
    expect(brief((await journal(`limit=2&after=${first.next}`)).entries)).toEqual([
      'voucher #1 250000.5',
      'income #1 1000.1',
    ]);
    // A journal cursor is refused by another list, and one altered is refused.
    const cursor = first.next as string;
    expect((await call(viewer, 'GET', `/api/ledger/vouchers?after=${cursor}`)).status).toBe(400);
    const bad = Buffer.from('journal:2025-01-06_v0', 'utf8').toString('base64url');
    expect((await call(viewer, 'GET', `/api/journal?after=${bad}`)).status).toBe(400);
  });
});

describe('a reversed voucher in the Journal', () => {
  test('shows reversed, beside its reversal with the opposite amount; the pair cancels in the totals', async () => {
    const reversed = await call(admin, 'POST', '/api/ledger/vouchers/2/reverse', {
      reason: 'Charged twice',
    });
    expect(reversed.status).toBe(201);
    const { entries } = await journal('kind=voucher');
    expect(
      entries.map((row) => [row.id, row.amount, row.description, row.reversesId, row.reversedById]),
    ).toEqual([
      [3, -75, 'Charged twice', 2, null],
      [2, 75, 'Cheque book', null, 3],
      [1, 250000.5, 'Opening capital, Meezan cheque', null, null],
    ]);
    expect((await call(viewer, 'GET', '/api/journal/totals?kind=voucher')).body).toEqual({
      count: 3,
      credit: 0,
      debit: 0,
      vouchers: 250000.5,
    });
    // The size of the amount: a voucher and its reversal match together.
    expect(brief((await journal('minAmount=75&maxAmount=75')).entries)).toEqual([
      'voucher #3 -75',
      'voucher #2 75',
    ]);
  });
});

describe("the Journal's files", () => {
  test('the CSV has a line per voucher and their sum in the totals line', async () => {
    const lines = await csvLines('from=2025-01-06&to=2025-01-06');
    // (when each was recorded: now)
    const at = (line: string | undefined) => /,(\d{4}-\d\d-\d\dT[\d:.]+Z),/.exec(line ?? '')?.[1];
    expect(lines.slice(1)).toEqual([
      '2,2025-01-06,expense,Rent,Credit,20.00,Tea,,2025-01-06T12:00:00.000Z,,Cash',
      `3,2025-01-06,voucher,"Bank charges, Cash",,-75.00,Charged twice,Admin <${ADMIN.email}>,${at(lines[2])},reverses #2,`,
      `2,2025-01-06,voucher,"Bank charges, Cash",,75.00,Cheque book,Admin <${ADMIN.email}>,${at(lines[3])},reversed by #3,`,
      `1,2025-01-06,voucher,"Cash, Owner's capital",,250000.50,"Opening capital, Meezan cheque",Admin <${ADMIN.email}>,${at(lines[4])},,`,
      'Totals,4 entries,,,Credit,20.00,Debit,0.00,Vouchers,250000.50,',
      '',
    ]);
    // Without vouchers the totals line is as it was.
    expect((await csvLines('kind=expense')).at(-2)).toBe(
      'Totals,2 entries,,,Credit,50.00,Debit,0.00,,,',
    );
  });

  test('the Excel file has a row per voucher and their sum under the totals', async () => {
    const excel = await ctx.app.inject({
      method: 'GET',
      url: '/api/journal/excel?kind=voucher',
      headers: bearer(viewer),
    });
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const header = values.findIndex((row) => row[0] === 'id');
    expect(
      values
        .slice(header + 1, header + 4)
        .map((row) => [...row.slice(2, 7)].map((cell) => cell ?? '')),
    ).toEqual([
      ['voucher', 'Bank charges, Cash', '', -75, 'Charged twice'],
      ['voucher', 'Bank charges, Cash', '', 75, 'Cheque book'],
      ['voucher', "Cash, Owner's capital", '', 250000.5, 'Opening capital, Meezan cheque'],
    ]);
    const after = values.slice(header + 4).map((row) => [row[4], row[5]]);
    expect(after).toContainEqual(['Vouchers', 250000.5]);
  });
});
