// Excel and PDF exports (issue 22): each file read back as people's tools read it (exceljs for
// cell types and formats, LibreOffice Calc for what a spreadsheet makes of it, pdftotext for
// the PDFs), its figures checked against the API's own answers to the cent; the Company tab's
// details and logo, who may change them, and the bad input every export must survive.
import { crc32, deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { convertInCalc, hasTool, pdfToText } from './office-tools.js';
import { bearer, login, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import { insertEntries, seedParties } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin = '';
let staff = '';
let viewer = '';
afterAll(() => db.close());

const LONG = 'Long description '.repeat(12).trim().slice(0, 200);
const HOSTILE = [
  '=1+1',
  '+SUM(A1:A2)',
  '@cmd',
  'He said "hello", then left',
  'first line\nsecond line',
  'کرایہ کی ادائیگی',
  'paid 😀 in cash',
  LONG,
];

/** A 1x1 PNG, made here so the test needs no file. */
function tinyPng(compressed = deflateSync(Buffer.from([0, 20, 80, 160, 255]))): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', compressed),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const get = (url: string, token = staff) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

async function workbookOf(url: string, token = staff) {
  return workbookFrom(await get(url, token));
}

async function workbookFrom(response: Awaited<ReturnType<typeof get>>) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return { sheet, bytes: response.rawPayload };
}

/** The rows of a sheet as arrays of cell values (index 0 = column A). */
function valuesOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    out[number - 1] = (row.values as unknown[]).slice(1);
  });
  return out;
}

/**
 * The Journal's workbook for the year, downloaded once (it is drawn in a worker of its own) and
 * read by exceljs in one test and by LibreOffice Calc in another.
 */
let journalDownload: ReturnType<typeof get> | undefined;
const journalWorkbook = async () =>
  workbookFrom(await (journalDownload ??= get('/api/journal/excel?from=2026-01-01&to=2026-12-31')));

const rowWith = (sheet: ExcelJS.Worksheet, first: string) => {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (!found && row.getCell(1).value === first) found = row;
  });
  if (!found) throw new Error(`no row starting with ${first}`);
  return found;
};

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  ({ admin, staff } = await signInBoth(ctx.app));
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: bearer(admin),
    payload: {
      name: 'Auditor',
      email: 'auditor@test.local',
      password: 'auditor-pass-1',
      role: 'viewer',
    },
  });
  expect(made.statusCode).toBe(201);
  viewer = await login(ctx.app, { email: 'auditor@test.local', password: 'auditor-pass-1' });
  await insertEntries(ctx, [
    { kind: 'income', party: 1, amount: '1000.10', cd: 'Debit', day: '2026-01-10' },
    { kind: 'income', party: 1, amount: '250.05', cd: 'Credit', day: '2026-02-03' },
    { kind: 'income', party: 1, amount: '99.99', cd: 'Debit', day: '2026-02-20' },
    { kind: 'salary', party: 1, amount: '300.00', day: '2026-02-05' },
    { kind: 'expense', party: 1, amount: '45.50', day: '2026-02-07' },
  ]);
  for (const [index, description] of HOSTILE.entries()) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/incoms/addIncome',
      headers: bearer(staff),
      payload: {
        clientId: 1,
        amount: 10 + index,
        description,
        Creditdebit: 'Credit',
        date: '2026-02-15',
      },
    });
    expect(response.statusCode).toBe(201);
  }
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/company',
    headers: bearer(admin),
    payload: {
      name: 'Noor & Sons "Trading"',
      address: '12 Mall Road\nLahore',
      phone: '+92 42 111 222',
      email: 'office@noor.test',
      taxNumber: 'NTN-1234567',
    },
  });
  expect(saved.statusCode).toBe(200);
});

describe('the Company tab', () => {
  it('answers the saved details to everyone signed in and records the change', async () => {
    const response = await get('/api/settings/company', viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Noor & Sons "Trading"',
      address: '12 Mall Road\nLahore',
      phone: '+92 42 111 222',
      email: 'office@noor.test',
      taxNumber: 'NTN-1234567',
      logo: null,
    });
    const audit = await rows<{ entity: string; action: string }>(
      ctx,
      `SELECT entity, action FROM audit_log WHERE entity = 'company'`,
    );
    expect(audit).toEqual([{ entity: 'company', action: 'update' }]);
  });

  it('refuses changes from a viewer and from staff, and bad input, changing nothing', async () => {
    const body = { name: 'Other' };
    const asViewer = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/company',
      headers: bearer(viewer),
      payload: body,
    });
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json().message).toBe(
      'Your account can only view: ask an admin to change your role',
    );
    const asStaff = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/company',
      headers: bearer(staff),
      payload: body,
    });
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json().message).toBe('Only admins can change the company details');
    for (const payload of [
      { name: '' },
      { name: 'X', email: 'not-an-email' },
      { name: 'X', colour: 'red' },
    ]) {
      const bad = await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings/company',
        headers: bearer(admin),
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
    expect((await get('/api/settings/company')).json().name).toBe('Noor & Sons "Trading"');
  });

  it('takes a PNG logo checked by its bytes, and refuses anything else', async () => {
    const put = (logo: string, token = admin) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/settings/company/logo',
        headers: bearer(token),
        payload: { logo },
      });
    const text = await put(Buffer.from('just some text, not an image').toString('base64'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('The logo must be a PNG or JPEG image');
    const fake = Buffer.concat([
      tinyPng().subarray(0, 8),
      Buffer.from('garbage after the signature'),
    ]);
    const broken = await put(fake.toString('base64'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(
      'The logo could not be read as an image: save it again as PNG or JPEG',
    );
    // Well-formed chunks around compressed data that is not: refused, and the server lives on.
    const damaged = tinyPng(Buffer.from('not zlib data'));
    const unreadable = await put(damaged.toString('base64'));
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toBe(
      'The logo could not be read as an image: save it again as PNG or JPEG',
    );
    const huge = Buffer.concat([tinyPng(), Buffer.alloc(41 * 1024)]);
    const tooLarge = await put(huge.toString('base64'));
    expect(tooLarge.statusCode).toBe(400);
    expect((await put(tinyPng().toString('base64'), viewer)).statusCode).toBe(403);
    expect((await get('/api/settings/company')).json().logo).toBeNull();

    const ok = await put(tinyPng().toString('base64'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().company.logo).toEqual({ mediaType: 'image/png', bytes: expect.any(Number) });
    // It heads the PDFs.
    const statement = await get('/api/dashboard/getClientLedger/pdf?clientId=1');
    expect(statement.statusCode).toBe(200);
    expect(statement.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    // It heads the Excel files too (excel-logo.test.ts); removed, so the header below is text only.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/settings/company/logo',
      headers: bearer(admin),
    });
    expect(removed.statusCode).toBe(200);
  });
});

describe('Excel files', () => {
  it('the Journal: header block, typed cells, text never a formula, totals as the API counts them', async () => {
    const { sheet } = await journalWorkbook();
    const values = valuesOf(sheet);
    expect(values[0]?.[0]).toBe('Noor & Sons "Trading"');
    expect(values[1]?.[0]).toBe(
      '12 Mall Road, Lahore · +92 42 111 222 · office@noor.test · Tax number: NTN-1234567',
    );
    expect(values[2]?.[0]).toBe('Journal');
    expect(values[3]?.[0]).toBe('Filters: from 2026-01-01, to 2026-12-31');
    expect(String(values[4]?.[0])).toMatch(
      /^Generated by Staff Member <staff@test\.local> on \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
    const header = rowWith(sheet, 'id');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header.number });
    expect(sheet.autoFilter).toBeDefined();

    // Every hostile text comes back as the same string, in a string cell.
    const descriptions: unknown[] = [];
    sheet.eachRow((row) => {
      if (row.number > header.number && typeof row.getCell(1).value === 'number')
        descriptions.push(row.getCell(7).value);
    });
    for (const text of HOSTILE) expect(descriptions).toContain(text);
    sheet.eachRow((row) =>
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
    );
    const formulaRow = rowWith(
      sheet,
      (() => {
        let id: unknown;
        sheet.eachRow((row) => {
          if (row.getCell(7).value === '=1+1') id = row.getCell(1).value;
        });
        return id as string;
      })(),
    );
    expect(formulaRow.getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(formulaRow.getCell(2).value).toEqual(new Date('2026-02-15T00:00:00.000Z'));
    expect(formulaRow.getCell(2).numFmt).toBe('yyyy-mm-dd');
    expect(formulaRow.getCell(6).value).toBe(10);
    expect(formulaRow.getCell(6).numFmt).toBe('#,##0.00');
    expect(formulaRow.getCell(7).alignment).toMatchObject({ wrapText: true });

    const totals = (await get('/api/journal/totals?from=2026-01-01&to=2026-12-31')).json();
    const totalsRow = rowWith(sheet, 'Totals');
    expect(totalsRow.getCell(4).value).toBe(`${totals.count} entries`);
    expect(totalsRow.getCell(6).value).toBe(totals.credit);
    expect(sheet.getRow(totalsRow.number + 1).getCell(6).value).toBe(totals.debit);
  });

  it("a client's ledger: opening balance, every row, and the closing balance of the API", async () => {
    const query = 'clientId=1&startDate=2026-02-01&endDate=2026-02-28';
    const { sheet } = await workbookOf(`/api/dashboard/getClientLedger/excel?${query}`);
    const ledger = (await get(`/api/dashboard/getClientLedger?${query}`)).json();
    const opening = (
      await get('/api/ledgers/opening?ledger=client&partyId=1&startDate=2026-02-01')
    ).json();
    expect(valuesOf(sheet).map((row) => row?.[0])).toEqual(
      expect.arrayContaining(['Client: Acme Buyer', 'Period: 2026-02-01 to 2026-02-28']),
    );
    expect(rowWith(sheet, 'Opening balance').getCell(6).value).toBe(opening.balance);
    expect(rowWith(sheet, 'Closing balance').getCell(6).value).toBe(
      ledger[ledger.length - 1].balance,
    );
    const credit = ledger
      .filter((row: { Creditdebit: string }) => row.Creditdebit === 'Credit')
      .reduce((sum: number, row: { ammount: number }) => sum + Math.round(row.ammount * 100), 0);
    expect(rowWith(sheet, 'Totals').getCell(5).value).toBe(credit / 100);
  });

  it.each([
    ['/api/dashboard/yearly/excel?year=2026', '/api/dashboard/yearly?year=2026', 'income', 2],
    [
      '/api/dashboard/getExpenseVsType/excel?startDate=2026-02-01&endDate=2026-02-28',
      '/api/dashboard/getExpenseVsType?startDate=2026-02-01&endDate=2026-02-28',
      'totalExpense',
      2,
    ],
    [
      '/api/dashboard/getEmployeesVsSalary/excel',
      '/api/dashboard/getEmployeesVsSalary',
      'totalSalary',
      2,
    ],
    ['/api/dashboard/getClientsVsSales/excel', '/api/dashboard/getClientsVsSales', 'netTotal', 4],
    ['/api/dashboard/getIncomeReport/excel', '/api/dashboard/getIncomeReport', 'totalIncome', 2],
  ])('%s totals its column as the API does', async (excelUrl, jsonUrl, field, column) => {
    const { sheet } = await workbookOf(excelUrl, viewer);
    const answer = (await get(jsonUrl)).json() as Array<Record<string, number>>;
    const cents = answer.reduce((sum, row) => sum + Math.round((row[field] ?? 0) * 100), 0);
    expect(rowWith(sheet, 'Totals').getCell(column).value).toBe(cents / 100);
  });

  it('the Finance Report and System Totals download too', async () => {
    const finance = await workbookOf('/api/dashboard/finance/excel?from=2026-02-01&to=2026-02-28');
    const figures = (await get('/api/dashboard/finance?from=2026-02-01&to=2026-02-28')).json();
    expect(rowWith(finance.sheet, 'Income').getCell(2).value).toBe(figures.income);
    const totals = await workbookOf('/api/dashboard/totals/excel');
    expect(rowWith(totals.sheet, 'Clients').getCell(2).value).toBe(3);
  });

  it('a range with no rows says so', async () => {
    const { sheet } = await workbookOf(
      '/api/dashboard/getExpenseLedger/excel?startDate=2020-01-01&endDate=2020-01-31',
    );
    expect(rowWith(sheet, 'No records found').number).toBeGreaterThan(0);
    expect(rowWith(sheet, 'Closing balance').getCell(6).value).toBe(0);
  });

  it('bad filters and unknown parties are a clear 4xx before any file', async () => {
    const cases: Array<[string, number]> = [
      ['/api/journal/excel?from=2026-02-31', 400],
      ['/api/journal/excel?colour=red', 400],
      ['/api/dashboard/getClientLedger/excel?clientId=999', 404],
      ['/api/dashboard/getEmployeeLedger/pdf?employeeId=999', 404],
      ['/api/dashboard/getClientLedger/pdf?clientId=1&limit=5', 400],
      ['/api/dashboard/yearly/pdf?year=abc', 400],
    ];
    for (const [url, status] of cases) {
      const response = await get(url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/journal/excel' });
    expect(anonymous.statusCode).toBe(401);
  });
});

const soffice = await hasTool('soffice', ['--version']);
const pdftotext = await hasTool('pdftotext', ['-v']);
if (!soffice || !pdftotext)
  console.warn(
    'exports: soffice or pdftotext is missing (apt-get install -y libreoffice-calc-nogui poppler-utils)',
  );

(soffice ? describe : describe.skip)('the Journal opened in LibreOffice Calc', () => {
  it('keeps formulas as text and amounts as numbers', async () => {
    const { bytes } = await journalWorkbook();
    const converted = await convertInCalc(
      { 'journal.xlsx': bytes },
      'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false',
    );
    const csv = converted['journal.csv']?.toString('utf8') ?? '';
    // Formulas would have been computed (=1+1 -> 2); the text survives as typed.
    expect(csv).toContain(',=1+1,');
    expect(csv).toContain('+SUM(A1:A2)');
    expect(csv).toContain('کرایہ کی ادائیگی');
    expect(csv).toContain('paid 😀 in cash');
    expect(csv).toMatch(/,2026-02-15,income,Acme Buyer,Credit,"?10\.00"?,/);
  });
});

async function pdfOf(url: string): Promise<Buffer> {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

const pdfText = async (url: string): Promise<string> => pdfToText(await pdfOf(url));

(pdftotext ? describe : describe.skip)('PDF statements', () => {
  it("a client's statement: letterhead, party, period, balances, page numbers", async () => {
    // One statement, read laid out and in reading order.
    const pdf = await pdfOf(
      '/api/dashboard/getClientLedger/pdf?clientId=1&startDate=2026-02-01&endDate=2026-02-28',
    );
    const text = await pdfToText(pdf);
    expect(text).toContain('Noor & Sons "Trading"');
    expect(text).toContain('Client: Acme Buyer');
    expect(text).toContain('Period: 2026-02-01 to 2026-02-28');
    // January's Debit of 1,000.10 is brought forward; February adds 99.99 and 8 payments
    // of 10..17 (108) and takes 250.05 off: 1,000.10 - 250.05 + 99.99 - 108.00 = 742.04.
    expect(text).toMatch(/Opening balance\s+1,000\.10/);
    expect(text).toMatch(/Closing balance\s+742\.04/);
    expect(text).toMatch(/Page 1 of 1/);
    expect(text).toContain('=1+1');
    // Read in reading order (not laid out), a wrapped cell is one run of words.
    const plain = await pdfToText(pdf, false);
    const words = plain.replace(/\s+/g, ' ');
    expect(words).toContain('He said "hello", then left');
    expect(words).toContain('first line second line');
    expect(words).toContain('paid 😀 in cash');
    // The 200-character description wraps inside its column rather than running off the page.
    expect(words).toContain(LONG);
    expect(text).not.toContain(LONG);
    // Urdu comes out shaped right to left, every word whole (no letter the font lacks).
    for (const word of ['کرایہ', 'کی', 'ادائیگی']) expect(text).toContain(word);
  });

  it('repeats the table header on every page of a long statement', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      kind: 'salary' as const,
      party: 2,
      amount: '10.00',
      day: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
      description: `row ${i + 1}`,
    }));
    await insertEntries(ctx, many);
    const text = await pdfText(
      '/api/dashboard/getEmployeeLedger/pdf?employeeId=2&startDate=2026-03-01&endDate=2026-03-31',
    );
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) {
      expect(page).toMatch(/Date\s+Employee\s+Description\s+Debit\s+Credit\s+Balance/);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    }
    expect(text).toMatch(/Closing balance\s+1,200\.00/);
  });

  it('a statement of a range with no rows says so', async () => {
    const text = await pdfText(
      '/api/dashboard/getExpenseLedger/pdf?startDate=2020-01-01&endDate=2020-01-31',
    );
    expect(text).toContain('No records found');
    expect(text).toMatch(/Closing balance\s+0\.00/);
  });

  it('the Yearly and Finance Reports', async () => {
    const yearly = await pdfText('/api/dashboard/yearly/pdf?year=2026');
    expect(yearly).toMatch(/February\s+358\.05\s+300\.00\s+45\.50\s+12\.55/);
    const finance = await pdfText('/api/dashboard/finance/pdf?from=2026-02-01&to=2026-02-28');
    expect(finance).toMatch(/Income\s+358\.05/);
    expect(finance).toMatch(/Profit\/Loss\s+12\.55/);
  });
});
