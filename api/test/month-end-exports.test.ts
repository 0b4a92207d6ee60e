// The month-end downloads (issue 34): comparisons in the report files, Budget vs actual,
// receivables aging, the aging line of a client's statement, and the month-end pack.
import ExcelJS from 'exceljs';
import { hasTool, pdfToText, pdfWords } from './office-tools.js';
import { bearer, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import { insertEntries, seedParties } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  await insertEntries(ctx, [
    { kind: 'income', party: 1, amount: '300.00', cd: 'Debit', day: '2025-01-20' },
    { kind: 'income', party: 1, amount: '1000.00', cd: 'Debit', day: '2025-03-10' },
    { kind: 'income', party: 1, amount: '500.00', cd: 'Credit', day: '2025-03-15' },
    { kind: 'salary', party: 1, amount: '700.00', day: '2025-02-28' },
    { kind: 'salary', party: 1, amount: '700.00', day: '2025-03-31' },
    { kind: 'expense', party: 1, amount: '400.00', day: '2025-02-03' },
    { kind: 'expense', party: 1, amount: '650.00', day: '2025-03-03' },
    { kind: 'expense', party: 2, amount: '25.50', day: '2025-03-04' },
    // A month of large figures for the pack: June against May.
    { kind: 'income', party: 1, amount: '13994045.00', cd: 'Debit', day: '2025-06-02' },
    { kind: 'income', party: 1, amount: '13994045.00', cd: 'Credit', day: '2025-06-20' },
    { kind: 'salary', party: 1, amount: '2500000.00', day: '2025-06-30' },
    { kind: 'expense', party: 1, amount: '12345678.90', day: '2025-05-05' },
    { kind: 'expense', party: 1, amount: '9876543.21', day: '2025-06-05' },
    { kind: 'expense', party: 2, amount: '4117502.79', day: '2025-06-06' },
    // A month of figures in the hundreds of billions, the most an amount holds: August against July.
    { kind: 'expense', party: 1, amount: '987654321098.76', day: '2025-08-07' },
    { kind: 'expense', party: 2, amount: '4117502.79', day: '2025-08-06' },
    { kind: 'expense', party: 2, amount: '12345678901.23', day: '2025-07-08' },
  ]);
  ({ admin, staff } = await signInBoth(ctx.app));
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/expance/1/budget',
    headers: bearer(admin),
    payload: { monthly: 600 },
  });
});
afterAll(() => db.close());

const download = async (url: string, headers: Record<string, string> = {}) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(staff), ...headers },
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

const sheetText = (sheet: ExcelJS.Worksheet) => {
  const lines: string[] = [];
  sheet.eachRow((row) =>
    lines.push(
      (row.values as unknown[])
        .slice(1)
        .map((value) =>
          value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? ''),
        )
        .join('|'),
    ),
  );
  return lines;
};

const workbook = async (url: string, headers: Record<string, string> = {}) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await download(url, headers)) as unknown as ArrayBuffer);
  return book;
};

describe('the report files with a comparison', () => {
  it('Expense Vs Type: the other period, the change and the percent, with totals', async () => {
    const book = await workbook(
      '/api/dashboard/getExpenseVsType/excel?startDate=2025-03-01&endDate=2025-03-31&compare=previous',
    );
    const lines = sheetText(book.worksheets[0] as ExcelJS.Worksheet);
    expect(lines).toContain('Expense type|Total Expense|Other period|Change|Change %');
    expect(lines).toContain('Fuel|25.5|0|25.5');
    expect(lines).toContain('Rent|650|400|250|62.5');
    expect(lines).toContain('Totals|675.5|400|275.5|68.88');
    expect(lines).toContain('Compared with: 2025-02-01 to 2025-02-28');
  });

  it('Finance: profit/loss as the totals row, against the month before', async () => {
    const book = await workbook(
      '/api/dashboard/finance/excel?from=2025-03-01&to=2025-03-31&compare=previous',
    );
    const lines = sheetText(book.worksheets[0] as ExcelJS.Worksheet);
    expect(lines).toContain('Income|500|0|500');
    expect(lines).toContain('Profit/Loss|-875.5|-1100|224.5|20.41');
  });
});

describe('Budget vs actual and receivables', () => {
  it('as Excel files', async () => {
    const budget = sheetText(
      (await workbook('/api/reports/budget/excel?month=2025-03'))
        .worksheets[0] as ExcelJS.Worksheet,
    );
    expect(budget).toContain('Fuel|0|25.5|-25.5');
    expect(budget).toContain('Rent|600|650|-50|108.33|Over budget');
    const aging = sheetText(
      (await workbook('/api/reports/receivables/excel?date=2025-03-31'))
        .worksheets[0] as ExcelJS.Worksheet,
    );
    expect(aging).toContain('Acme Buyer|800|800|0|0|0|2025-03-10');
  });
});

const pdftotext = await hasTool('pdftotext', ['-v']);
(pdftotext ? describe : describe.skip)('PDF files', () => {
  it("Budget vs actual, receivables, and the aging line of a client's statement", async () => {
    const budget = await pdfToText(await download('/api/reports/budget/pdf?month=2025-03'));
    expect(budget).toMatch(/Rent \(over budget\)\s+600\.00\s+650\.00\s+-50\.00\s+108\.33%/);
    const aging = await pdfToText(await download('/api/reports/receivables/pdf?date=2025-03-31'));
    expect(aging).toMatch(/Acme Buyer\s+800\.00\s+800\.00\s+0\.00\s+0\.00\s+0\.00/);
    const statement = await pdfToText(
      await download(
        '/api/dashboard/getClientLedger/pdf?clientId=1&startDate=2025-03-01&endDate=2025-03-31',
      ),
    );
    expect(statement).toContain(
      'Aging on 2025-03-31: 0–30 days 800.00 · 31–60 days 0.00 · 61–90 days 0.00 · over 90 days 0.00',
    );
  });

  it('Expense Vs Type, Employees Vs Salary and the Income Report as PDFs, alone and compared', async () => {
    const byType = await pdfToText(
      await download(
        '/api/dashboard/getExpenseVsType/pdf?startDate=2025-03-01&endDate=2025-03-31&compare=previous',
      ),
    );
    expect(byType).toContain('Expense Vs Type');
    expect(byType).toContain('Compared with: 2025-02-01 to 2025-02-28');
    expect(byType).toMatch(/Rent\s+650\.00\s+400\.00\s+250\.00\s+62\.50%/);
    expect(byType).toMatch(/Fuel\s+25\.50\s+0\.00\s+25\.50/);
    expect(byType).toMatch(/Totals\s+675\.50\s+400\.00\s+275\.50\s+68\.88%/);
    const plain = await pdfToText(
      await download('/api/dashboard/getExpenseVsType/pdf?startDate=2025-03-01&endDate=2025-03-31'),
    );
    expect(plain).toMatch(/Rent\s+650\.00/);
    expect(plain).toMatch(/Totals\s+675\.50/);
    expect(plain).not.toContain('Compared with');
    const salaries = await pdfToText(
      await download(
        '/api/dashboard/getEmployeesVsSalary/pdf?startDate=2025-03-01&endDate=2025-03-31&compare=previous',
      ),
    );
    expect(salaries).toMatch(/Totals\s+700\.00\s+700\.00\s+0\.00\s+0\.00%/);
    const income = await pdfToText(
      await download('/api/dashboard/getIncomeReport/pdf?startDate=2025-03-01&endDate=2025-03-31'),
    );
    expect(income).toContain('Income Report');
    // Money received: the credit of 15 March; the invoices (debits) are not income received.
    expect(income).toMatch(/2025-03-15\s+500\.00/);
    expect(income).toMatch(/Totals\s+500\.00/);
  });

  it('the month-end pack: every part in one PDF and one workbook', async () => {
    const text = await pdfToText(await download('/api/month-end/pack.pdf?month=2025-03'));
    for (const part of [
      'Month-end pack – 2025-03',
      'Finance Report',
      'Expense Vs Type',
      'Budget vs actual',
      'Receivables aging on 2025-03-31',
      'Still open',
      'Expenses without a receipt',
    ])
      expect(text).toContain(part);
    expect(text).toMatch(/Profit\/Loss\s+-875\.50\s+-1,100\.00\s+224\.50\s+20\.41%/);
    const book = await workbook('/api/month-end/pack.xlsx?month=2025-03');
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Finance',
      'Expense Vs Type',
      'Budget vs actual',
      'Receivables aging',
      'Trial balance',
      'Balance sheet',
      'Reconciliation',
      'Still open',
    ]);
    const link = stillOpenLink(book, 'Expenses without a receipt');
    expect(link?.count).toBe(2);
    expect(link?.hyperlink).toBe(
      'http://localhost/Journal?from=2025-03-01&to=2025-03-31&kind=expense&receipt=without',
    );
  });
});

/** An item of the pack's "Still open" sheet: its count, and its link as Excel follows it. */
function stillOpenLink(book: ExcelJS.Workbook, label: string) {
  let found: { count: unknown; text: unknown; hyperlink: unknown } | undefined;
  (book.getWorksheet('Still open') as ExcelJS.Worksheet).eachRow((row) => {
    if (row.getCell(1).value !== label) return;
    const cell = row.getCell(3);
    found = { count: row.getCell(2).value, text: cell.text, hyperlink: cell.hyperlink };
  });
  return found;
}

/** The pack of June 2025 (figures in the millions, against May), read as pdftotext reads it. */
(pdftotext ? describe : describe.skip)('the month-end pack as an accountant reads it', () => {
  const COMPANY = 'Northwind Traders Ltd';
  let lines: string[];
  beforeAll(async () => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/company',
      headers: bearer(admin),
      payload: { name: COMPANY },
    });
    expect(saved.statusCode).toBe(200);
    lines = (await pdfToText(await download('/api/month-end/pack.pdf?month=2025-06'))).split('\n');
  });
  afterAll(async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/company',
      headers: bearer(admin),
      payload: { name: 'Office' },
    });
  });
  const text = () => lines.join('\n');
  /** The line index of the only line that is exactly `title`. */
  const titleLine = (title: string) => {
    const found = lines.flatMap((line, index) => (line.trim() === title ? [index] : []));
    expect({ title, times: found.length }).toEqual({ title, times: 1 });
    return found[0] as number;
  };
  const lineMatching = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
  /**
   * The June pack's workbook as asked for at office.example.com:8080, downloaded once for the
   * two tests that read it (each download starts the workbook's worker thread, some 1.5 s of
   * processor time): the links come from that address, the rest of the workbook from the books.
   */
  let june: Promise<ExcelJS.Workbook> | undefined;
  const juneWorkbook = () =>
    (june ??= workbook('/api/month-end/pack.xlsx?month=2025-06', {
      host: 'office.example.com:8080',
    }));

  it('opens with the company name', () => {
    expect(lines.find((line) => line.trim() !== '')?.trim()).toBe(COMPANY);
  });

  it('keeps every figure on one line, the largest totals among them', () => {
    // A figure broken across lines leaves a line ending in its digits and a separator, or a
    // figure with fewer than its two decimals.
    expect(text()).not.toMatch(/\d[.,][ \t]*\n/);
    expect(text()).not.toMatch(/(^|\s)-?[\d,]+\.\d?%?(?=\s|$)/m);
    expect(text()).toMatch(/Totals\s+600\.00\s+13,994,046\.00\s+-13,993,446\.00\s+2332341\.00%/);
    expect(text()).toMatch(/Income\s+13,994,045\.00\s+0\.00\s+13,994,045\.00/);
    expect(text()).toMatch(/Totals\s+13,994,046\.00\s+12,345,678\.90\s+1,648,367\.10\s+13\.35%/);
    expect(text()).toMatch(/Profit\/Loss\s+-2,500,001\.00\s+-12,345,678\.90\s+9,845,677\.90/);
  });

  it('sets every figure at one size: each column as wide as its widest figure', async () => {
    const pdf = await download('/api/month-end/pack.pdf?month=2025-08');
    const text = await pdfToText(pdf);
    expect(text).toMatch(/Totals\s+987,658,438,601\.55\s+12,345,678,901\.23\s+975,312,759,700\.32/);
    expect(text).toMatch(
      /Rent \(over budget\)\s+600\.00\s+987,654,321,098\.76\s+-987,654,320,498\.76/,
    );
    expect(text).not.toMatch(/\d[.,][ \t]*\n/);
    const figures = (await pdfWords(pdf)).filter((word) => /^-?[\d,]+\.\d\d%?$/.test(word.text));
    expect(figures.length).toBeGreaterThan(20);
    // Before, a figure wider than its column was set smaller (here down to 7.8 of 10.5 high).
    const sizes = new Set(figures.map((word) => word.height));
    expect({ sizes: [...sizes] }).toEqual({ sizes: [figures[0]?.height] });
  });

  it('prints each section title once, above its column headers', () => {
    const sections: Array<[string, RegExp]> = [
      ['Finance Report', /Figure\s+Amount\s+Other period\s+Change\s+Change %/],
      ['Expense Vs Type', /Expense type\s+Expense\s+Other period\s+Change\s+Change %/],
      ['Budget vs actual', /Expense type\s+Budget\s+Actual\s+Difference\s+% used/],
      ['Receivables aging on 2025-06-30', /Client\s+Balance\s+0–30 days/],
      ['Trial balance at 2025-06-30', /Code\s+Account\s+Type\s+Debit\s+Credit/],
      ['Balance sheet at 2025-06-30', /Code\s+Account\s+Amount/],
      ['Bank reconciliation at 2025-06-30', /Account and item\s+Amount/],
      ['Still open', /Item\s+Count/],
    ];
    let previous = -1;
    for (const [title, header] of sections) {
      const at = titleLine(title);
      const headerAt = lineMatching(header);
      expect({ title, after: at > previous }).toEqual({ title, after: true });
      expect({ title, headerRightAfter: headerAt - at }).toEqual({ title, headerRightAfter: 1 });
      previous = headerAt;
    }
  });

  it('totals the expense types, and not the open items, which count unlike things', () => {
    const expenseAt = titleLine('Expense Vs Type');
    const budgetAt = titleLine('Budget vs actual');
    const totals = lines.slice(expenseAt, budgetAt).filter((line) => /^\s*Totals\b/.test(line));
    expect(totals).toHaveLength(1);
    const open = lines.slice(titleLine('Still open'));
    expect(open.some((line) => /Totals/.test(line))).toBe(false);
    expect(open.join('\n')).toMatch(/Expenses without a receipt\s+2/);
  });

  it('the workbook: the company name on top of every sheet, no total of the open items', async () => {
    const book = await juneWorkbook();
    for (const sheet of book.worksheets)
      expect({ sheet: sheet.name, first: sheet.getRow(1).getCell(1).value }).toEqual({
        sheet: sheet.name,
        first: COMPANY,
      });
    const open = sheetText(book.getWorksheet('Still open') as ExcelJS.Worksheet);
    expect(open.some((line) => line.startsWith('Totals'))).toBe(false);
    expect(sheetText(book.getWorksheet('Expense Vs Type') as ExcelJS.Worksheet)).toContain(
      'Totals|13994046|12345678.9|1648367.1|13.35',
    );
  });

  it('the links are full addresses: from the request, or PUBLIC_URL when set', async () => {
    const fromRequest = await juneWorkbook();
    const expected =
      'http://office.example.com:8080/Journal?from=2025-06-01&to=2025-06-30&kind=expense&receipt=without';
    expect(stillOpenLink(fromRequest, 'Expenses without a receipt')).toEqual({
      count: 2,
      text: expected,
      hyperlink: expected,
    });
    // Every link of the workbook, on every sheet, is a full address Excel can follow.
    const links: string[] = [];
    for (const sheet of fromRequest.worksheets)
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (cell.hyperlink) links.push(cell.hyperlink);
        }),
      );
    expect(links.length).toBeGreaterThanOrEqual(6);
    expect(links.filter((link) => !link.startsWith('http://office.example.com:8080/'))).toEqual([]);
    ctx.app.config.publicUrl = 'https://books.example.com/office/';
    try {
      const configured = await workbook('/api/month-end/pack.xlsx?month=2025-06', {
        host: 'internal:8080',
      });
      expect(stillOpenLink(configured, 'Expenses without a receipt')?.hyperlink).toBe(
        'https://books.example.com/office/Journal?from=2025-06-01&to=2025-06-30&kind=expense&receipt=without',
      );
    } finally {
      ctx.app.config.publicUrl = undefined;
    }
  });
});
