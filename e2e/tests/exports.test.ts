// Excel and PDF downloads in Chromium against the built product (issue 22): the Journal's
// Download Excel gives an .xlsx whose cells are typed (text stays text, amounts are numbers) and
// whose totals are the journal's; the Client Ledger's Download PDF gives the client's statement.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, downloaded, launch, openPage, signInAt } from '../support/browser';
import { apiAs, type ApiCall } from '../support/api';

let browser: Browser;
let page: Page;
let call: ApiCall;
let clientId: number;
const stamp = Date.now().toString(36);
const CLIENT = `Exports client ${stamp}`;

beforeAll(async () => {
  call = await apiAs();
  clientId = (
    await call<{ user: { id: number } }>('POST', '/clients/addClient', {
      name: CLIENT,
      email: `exports-${stamp}@e2e.local`,
      companyName: 'Exports Ltd',
    })
  ).user.id;
  await call('POST', '/incoms/addIncome', {
    clientId,
    amount: 500,
    description: `=1+1 billed ${stamp}`,
    Creditdebit: 'Debit',
  });
  await call('POST', '/incoms/addIncome', {
    clientId,
    amount: 120.5,
    description: `paid ${stamp}`,
    Creditdebit: 'Credit',
  });
  browser = await launch();
  page = (await openPage(browser)).page;
  await signInAt(page, `/Journal?q=${stamp}`);
});
afterAll(() => browser?.close());

describe('Excel and PDF downloads', () => {
  it("should download the Journal's Excel with typed cells and the journal's totals", async () => {
    // beforeAll opened the page there, signed in.
    await page.getByRole('cell', { name: `paid ${stamp}` }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('journal.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await downloaded(download)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row) => rows.push(row));
    expect(rows.map((row) => row.getCell(1).value)).toContain('Journal');
    const billed = rows.find((row) => row.getCell(7).value === `=1+1 billed ${stamp}`);
    expect(billed?.getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(billed?.getCell(6).value).toBe(500);
    expect(billed?.getCell(6).numFmt).toBe('#,##0.00');
    const totals = rows.find((row) => row.getCell(1).value === 'Totals');
    expect(totals?.getCell(4).value).toBe('2 entries');
    expect(totals?.getCell(6).value).toBe(120.5);
  });

  it("should download the client's statement as a PDF with its balances", async () => {
    await page.goto(`${baseUrl()}/ClientLedgerPage?clientId=${clientId}`);
    await page.getByRole('cell', { name: `paid ${stamp}` }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('client-statement.pdf');
    const file = await downloaded(download);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Client: ${CLIENT}`);
    expect(text).toMatch(/Opening balance\s+0\.00/);
    expect(text).toMatch(/Closing balance\s+379\.50/);
    expect(text).toContain('Page 1 of 1');
  });
});
