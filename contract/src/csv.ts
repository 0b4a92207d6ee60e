// CSV text as the product writes it, in the browser (report exports) and on the server (the
// activity export; the journal's export applies the same rule in SQL, api migration 010):
// RFC 4180 (CRLF line ends, fields quoted when they hold a comma, quote or line break, quotes
// doubled) so that spreadsheets and scripts read it alike. Files start with a UTF-8 byte-order
// mark (CSV_BOM) so that Excel reads non-ASCII names right.
//
// Formula injection (docs/decisions/010-csv-cells.md): a spreadsheet runs a cell that starts with
// `=`, `+`, `-` or `@` as a formula, and some skip a leading TAB or CR first (OWASP "CSV
// injection"). The separator it splits a line on is its own choice (`;` and TAB are the default
// in many locales), and the quotes written for the comma do not protect a value from another
// one, so every place in a value where a piece of such a split can begin is treated as the start
// of a cell: the start of the value and the character after a `,`, `;`, TAB, CR or LF. Where
// such a place, past any spaces (trimmed by an import option) and quotes (which open a quoted
// field), has one of `= + - @` TAB CR, an apostrophe is put before that character, so the piece
// is text whatever the separator. A plain number (`-150.00`) stays as it is, and nothing else in
// a value changes.

export type CsvCell = string | number | null | undefined;

/** Put before the text of every CSV file: the UTF-8 byte-order mark. */
export const CSV_BOM = '\uFEFF';

/**
 * White space (JavaScript's `\s`, spelt out so that the SQL of api migration 010 can use the
 * same class): quoted at either end of a field; passed over, with quotes, at the start of a piece.
 */
const SPACE = '\\v\\f \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const LINE_SPACE = `\\t\\r\\n${SPACE}`;

/**
 * Where an apostrophe goes: at the start of a piece (no character before it, or a separator or
 * line break), past spaces and quotes, before a character that makes the piece a formula. TAB
 * and CR are themselves starts of pieces, so what follows them is checked too.
 */
const FORMULA_PIECE = new RegExp(`(?<![^,;\\t\\r\\n])([${SPACE}"]*)(?=[=+\\-@\\t\\r])`, 'g');
/** A plain number written as text (`-150.00`) is data, not a formula, and stays as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** Fields quoted as RFC 4180 asks, and those with white space at an end (kept by readers). */
const NEEDS_QUOTES = new RegExp(`[",\\r\\n]|^[${LINE_SPACE}]|[${LINE_SPACE}]$`);

/** The value with an apostrophe before each formula character that could start a cell. */
export function defuseFormulas(value: string): string {
  return PLAIN_NUMBER.test(value) ? value : value.replace(FORMULA_PIECE, "$1'");
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
