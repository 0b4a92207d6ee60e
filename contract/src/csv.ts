// CSV text as the product writes it, in the browser (report exports) and on the server (the
// activity export; the journal's export applies the same rule in SQL, api migration 010):
// RFC 4180 (CRLF line ends, fields quoted when they hold a comma, quote or line break, quotes
// doubled) so that spreadsheets and scripts read it alike. Files start with a UTF-8 byte-order
// mark (CSV_BOM) so that Excel reads non-ASCII names right.
//
// Formula injection (docs/decisions/010-csv-cells.md): a spreadsheet runs a cell that starts with
// `=`, `+`, `-` or `@` as a formula. The separator it splits a line on is its own choice (`;` and
// TAB are the default in many locales), and the quotes written for the `,` separator do not
// protect a value from another one, so every place in a value where a piece of such a split can
// begin is treated as the start of a cell: the start of the value, and the character after a `,`,
// `;`, TAB, CR or LF. Where white space (trimmed by an import option) and quotes (which open a
// quoted field) lead from there to a formula character, an apostrophe is put before that
// character, so the piece is text whatever the separator. Nothing else in a value changes.

export type CsvCell = string | number | null | undefined;

/** Put before the text of every CSV file: the UTF-8 byte-order mark. */
export const CSV_BOM = '\uFEFF';

/**
 * White space a spreadsheet may skip at the start of a cell (JavaScript's `\s`, spelt out so that
 * the SQL of migration 010 can use the same class).
 */
export const CSV_SPACE_CLASS =
  ' \\t\\n\\v\\f\\r\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/**
 * A formula character at the start of a piece: at the start of the value or after a separator
 * or line break, with only white space and quotes between. Groups: what comes before it.
 */
const FORMULA_PIECE = new RegExp(`(^|[,;\\t\\r\\n])([${CSV_SPACE_CLASS}"]*)([=+\\-@])`, 'g');
/** A plain number written as text (`-150.00`) is data, not a formula, and stays as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** Fields quoted as RFC 4180 asks, and those with white space at an end (kept by readers). */
const NEEDS_QUOTES = new RegExp(`[",\\r\\n]|^[${CSV_SPACE_CLASS}]|[${CSV_SPACE_CLASS}]$`);

/** The value with an apostrophe before each formula character that could start a cell. */
export function defuseFormulas(value: string): string {
  return PLAIN_NUMBER.test(value) ? value : value.replace(FORMULA_PIECE, "$1$2'$3");
}

/** One field, defused, quoted and escaped where needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = defuseFormulas(value);
  return NEEDS_QUOTES.test(value) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of fields, CRLF at its end. */
export function csvLine(cells: ReadonlyArray<CsvCell>): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** The whole file without its byte-order mark: one line per row, the first being the header. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return rows.map(csvLine).join('');
}
