// CSV text as the product writes it, in the browser (report exports) and on the server (the
// activity export): RFC 4180 (CRLF line ends, fields quoted when they hold a comma, quote or line
// break, quotes doubled) so that spreadsheets and scripts read it alike.

export type CsvCell = string | number | null | undefined;

/**
 * Spreadsheets run a text cell that starts with one of these as a formula; a description typed
 * as "=HYPERLINK(...)" must not become a live link in the accountant's copy (OWASP "CSV
 * injection"), so such text gets a leading apostrophe. Numbers are never touched.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number written as text (`-150.00`) is data, not a formula, and stays as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One field, quoted and escaped where needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: one line per row, the first row being the header. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
