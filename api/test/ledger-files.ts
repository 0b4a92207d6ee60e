// The ledger's downloads read back as a client reads them: the response, and a workbook's first
// sheet as rows of cells (exceljs).
import ExcelJS from 'exceljs';
import type { TestContext } from './helpers.js';
import { bearer } from './helpers.js';

/** Download helpers for the app and default token `current()` answers at each call. */
export function ledgerFiles(current: () => { app: TestContext['app']; token: string }) {
  const download = async (url: string, token = current().token) => {
    const response = await current().app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response;
  };

  /** The sheet's rows as cells (dates as YYYY-MM-DD, empty cells null), `width` columns each. */
  async function sheetRows(url: string, width: number, token = current().token) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(url, token)).rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const lines: unknown[][] = [];
    sheet.eachRow((row) => {
      const cells: unknown[] = [];
      for (let column = 1; column <= width; column += 1) {
        const value = row.getCell(column).value;
        cells.push(value instanceof Date ? value.toISOString().slice(0, 10) : (value ?? null));
      }
      lines.push(cells);
    });
    return { name: sheet.name, lines };
  }

  /** The rows after the column headers (those whose first cell is `header`). */
  const after = (lines: unknown[][], header: string) =>
    lines.slice(lines.findIndex((line) => line[0] === header) + 1);

  return { download, sheetRows, after };
}
