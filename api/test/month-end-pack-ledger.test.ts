// The month-end pack's ledger parts (issue 40): the trial balance, the balance sheet and each
// money account's bank reconciliation at the month's last day, in the PDF (titled tables before
// "Still open") and the workbook (a sheet each), with the figures of the books recorded through
// the API: an invoice, a payment into the bank, rent paid from it, a bank charge on the statement
// not yet recorded, and an entry of the next month that the pack leaves out.
import ExcelJS from 'exceljs';
import { hasTool, pdfToText } from './office-tools.js';
import {
  bearer,
  requestAs,
  setupDatabase,
  signInAll,
  uploadBody,
  type TestContext,
} from './helpers.js';
import { seedParties } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let viewer: string;

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  const users = await signInAll(ctx.app);
  viewer = users.viewer;
  const call = (token: string, url: string, payload: object) =>
    requestAs(ctx.app, token, 'POST', url, payload);
  const bank = await call(users.admin, '/api/accounts', {
    name: 'HBL',
    kind: 'Bank',
    bankName: 'Habib Bank',
    last4: '4321',
    openingBalance: '100000.00',
    openingDate: '2026-01-01',
  });
  expect(bank.status).toBe(201);
  const accountId = bank.body.account.id as number;
  const made = [
    // An invoice of 1,234,567.89 (Dr Accounts receivable, Cr Sales).
    await call(users.staff, '/api/incoms/addIncome', {
      clientId: 1,
      amount: '1234567.89',
      Creditdebit: 'Debit',
      date: '2026-03-05',
    }),
    // Its payment in part, 1,000,000.50, into HBL.
    await call(users.staff, '/api/incoms/addIncome', {
      clientId: 1,
      amount: '1000000.50',
      Creditdebit: 'Credit',
      date: '2026-03-12',
      accountId,
    }),
    // Rent of 45,000.25 paid from HBL.
    await call(users.staff, '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: '45000.25',
      Creditdebit: 'Credit',
      date: '2026-03-20',
      accountId,
    }),
    // April's rent: after the month's last day, in none of March's figures.
    await call(users.staff, '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: '999.00',
      Creditdebit: 'Credit',
      date: '2026-04-02',
      accountId,
    }),
  ];
  for (const answer of made) expect(answer.status).toBe(201);
  // The bank's statement: a charge of 150.00 the books have not recorded.
  const boundary = '----pack-boundary';
  const imported = await ctx.app.inject({
    method: 'POST',
    url: `/api/accounts/${accountId}/statements`,
    headers: {
      ...bearer(users.staff),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: uploadBody(
      boundary,
      'statement.csv',
      Buffer.from('Date,Description,Amount\n2026-03-31,SERVICE CHARGES MAR,-150.00\n'),
      {},
    ),
  });
  expect(imported.statusCode).toBe(201);
});
afterAll(() => db.close());

const download = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(viewer) });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

/** A sheet's rows as `a|b|c` lines, as the pack's other tests read them. */
const sheetText = (sheet: ExcelJS.Worksheet) => {
  const lines: string[] = [];
  sheet.eachRow((row) =>
    lines.push(
      (row.values as unknown[])
        .slice(1)
        .map((value) => String(value ?? ''))
        .join('|'),
    ),
  );
  return lines;
};

describe('the pack workbook', () => {
  let book: ExcelJS.Workbook;
  const sheet = (name: string) => sheetText(book.getWorksheet(name) as ExcelJS.Worksheet);
  beforeAll(async () => {
    book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await download('/api/month-end/pack.xlsx?month=2026-03')) as unknown as ArrayBuffer,
    );
  });

  it('has a sheet for the trial balance, the balance sheet and the reconciliations, before Still open', () => {
    expect(book.worksheets.map((ws) => ws.name)).toEqual([
      'Finance',
      'Expense Vs Type',
      'Budget vs actual',
      'Receivables aging',
      'Trial balance',
      'Balance sheet',
      'Reconciliation',
      'Still open',
    ]);
  });

  it("the trial balance at the month's last day: every account's balance, totals equal", () => {
    const lines = sheet('Trial balance');
    expect(lines).toContain('Trial balance at 2026-03-31');
    expect(lines).toContain('Code|Account|Type|Debit|Credit');
    // The opening balance of HBL is owner's capital; April's rent is left out.
    expect(lines.slice(lines.indexOf('Code|Account|Type|Debit|Credit') + 1)).toEqual([
      '1002|HBL|Asset|1055000.25',
      '1100|Accounts receivable|Asset|234567.39',
      "3000|Owner's capital|Equity||100000",
      '4000|Sales|Income||1234567.89',
      '6001|Rent|Expense|45000.25',
      'Totals|||1334567.89|1334567.89',
    ]);
  });

  it('the balance sheet: total assets equal liabilities and equity', () => {
    const lines = sheet('Balance sheet');
    expect(lines).toContain('Balance sheet at 2026-03-31');
    expect(lines).toContain('Assets|1002|HBL|1055000.25');
    expect(lines).toContain('Equity||Profit for the year|1189567.64');
    expect(lines).toContain('Total assets|||1289567.64');
    expect(lines).toContain('Liabilities and equity|||1289567.64');
  });

  it("each money account's reconciliation in a row: the bank's balance, the lists' totals, the books'", () => {
    const lines = sheet('Reconciliation');
    expect(lines).toContain('Bank reconciliation at 2026-03-31');
    expect(lines).toContain(
      'Account|Balance as per bank statement|Total recorded, not yet on the statement|' +
        'Total on the statement, not yet recorded|Adjusted bank balance|Balance as per books|Difference',
    );
    // Bank 100,000 − 150 = 99,850; recorded, not on the statement: 1,000,000.50 − 45,000.25;
    // on the statement, not recorded: −150; adjusted 99,850 + 955,000.25 + 150 = the books'.
    expect(lines).toContain('HBL (…4321)|99850|955000.25|-150|1055000.25|1055000.25|0');
    expect(lines).toContain('Cash|0|0|0|0|0|0');
    expect(lines.some((line) => line.startsWith('Totals'))).toBe(false);
  });
});

const pdftotext = await hasTool('pdftotext', ['-v']);
(pdftotext ? describe : describe.skip)('the pack PDF', () => {
  let lines: string[];
  beforeAll(async () => {
    lines = (await pdfToText(await download('/api/month-end/pack.pdf?month=2026-03'))).split('\n');
  });
  const text = () => lines.join('\n');
  const titleLine = (title: string) => {
    const found = lines.flatMap((line, index) => (line.trim() === title ? [index] : []));
    expect({ title, times: found.length }).toEqual({ title, times: 1 });
    return found[0] as number;
  };
  const between = (from: string, to: string) =>
    lines.slice(titleLine(from), titleLine(to)).join('\n');

  it('titles each statement once, above its column headers, after receivables and before Still open', () => {
    const sections: Array<[string, RegExp]> = [
      ['Receivables aging on 2026-03-31', /Client\s+Balance\s+0–30 days/],
      ['Trial balance at 2026-03-31', /Code\s+Account\s+Type\s+Debit\s+Credit/],
      ['Balance sheet at 2026-03-31', /Code\s+Account\s+Amount/],
      ['Bank reconciliation at 2026-03-31', /Account and item\s+Amount/],
      ['Still open', /Item\s+Count/],
    ];
    let previous = -1;
    for (const [title, header] of sections) {
      const at = titleLine(title);
      expect({ title, after: at > previous }).toEqual({ title, after: true });
      expect({ title, header: header.test(lines[at + 1] ?? '') }).toEqual({ title, header: true });
      previous = at;
    }
  });

  it('the trial balance: its accounts and one totals row, debits equal to credits', () => {
    const part = between('Trial balance at 2026-03-31', 'Balance sheet at 2026-03-31');
    expect(part).toMatch(/1002\s+HBL\s+Asset\s+1,055,000\.25/);
    expect(part).toMatch(/4000\s+Sales\s+Income\s+1,234,567\.89/);
    expect(part.match(/Totals/g)).toHaveLength(1);
    expect(part).toMatch(/Totals\s+1,334,567\.89\s+1,334,567\.89/);
    expect(part).not.toContain('999.00');
  });

  it('the balance sheet: total assets, and liabilities and equity, to the cent', () => {
    const part = between('Balance sheet at 2026-03-31', 'Bank reconciliation at 2026-03-31');
    expect(part).toMatch(/Total assets\s+1,289,567\.64/);
    expect(part).toMatch(/Profit for the year\s+1,189,567\.64/);
    expect(part).toMatch(/Liabilities and equity\s+1,289,567\.64/);
  });

  it("each money account's reconciliation under its name, without a total across accounts", () => {
    const part = between('Bank reconciliation at 2026-03-31', 'Still open');
    const hbl = part.slice(part.indexOf('HBL (…4321)'));
    expect(hbl).toMatch(/Balance as per bank statement\s+99,850\.00/);
    expect(hbl).toMatch(/Total recorded, not yet on the statement\s+955,000\.25/);
    expect(hbl).toMatch(/Total on the statement, not yet recorded\s+-150\.00/);
    expect(hbl).toMatch(/Adjusted bank balance\s+1,055,000\.25/);
    expect(hbl).toMatch(/Balance as per books\s+1,055,000\.25/);
    expect(hbl).toMatch(/Difference\s+0\.00/);
    expect(part).toMatch(/^\s*Cash\s*$/m);
    expect(part).not.toContain('Totals');
  });

  it('keeps every figure on one line', () => {
    expect(text()).not.toMatch(/\d[.,][ \t]*\n/);
    expect(text()).not.toMatch(/(^|\s)-?[\d,]+\.\d?%?(?=\s|$)/m);
  });
});
