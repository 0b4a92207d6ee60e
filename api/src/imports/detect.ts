// What an imported file's rows mean: the header row, which column holds which field (from the
// headers' names), and the date and number formats, detected from every row: a format is kept
// only if it reads every value, and when two remain that read some value differently the file
// leaves it open and the person importing chooses.
import {
  DATE_FORMATS,
  hasAtMostTwoDecimals,
  IMPORT_KIND_FIELDS,
  NUMBER_FORMATS,
  type DateFormat,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type NumberFormat,
} from 'contract';
import { isRealDay } from '../lib/dates.js';
import type { Cell, FileRow } from './read-file.js';

const text = (cell: Cell | undefined): string =>
  cell === undefined ? '' : typeof cell === 'number' ? String(cell) : cell.trim();

/** A header names a column: it is text, and reads as neither an amount nor a day. */
const isHeaderCell = (cell: Cell) =>
  typeof cell === 'string' &&
  (cell.trim() === '' ||
    (NUMBER_FORMATS.every((format) => parseAmount(cell, format) === null) &&
      DATE_FORMATS.every((format) => format === 'Excel' || parseDate(cell, format) === null)));

/**
 * The header row: the first of the top rows that is as wide as most of them and all headers.
 * Most, not the widest: one row wider than the rest (a value past the last column) would
 * otherwise be taken for the header, and the rows above it lost without a word.
 */
export function findHeader(rows: FileRow[]): number {
  const top = rows.slice(0, 20);
  const filled = (row: FileRow) => row.cells.filter((cell) => text(cell) !== '').length;
  const widths = new Map<number, number>();
  for (const row of top) widths.set(filled(row), (widths.get(filled(row)) ?? 0) + 1);
  // The most common width; of two as common, the wider.
  let usual = 0;
  for (const [width, count] of widths)
    if (count > (widths.get(usual) ?? 0) || (count === widths.get(usual) && width > usual))
      usual = width;
  const index = top.findIndex(
    (row) => filled(row) >= Math.max(1, Math.ceil(usual * 0.8)) && row.cells.every(isHeaderCell),
  );
  return index === -1 ? 0 : index;
}

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Header names each field is recognised by (squashed: lower case, letters and digits). */
const NAMES: Record<ImportField, string[]> = {
  date: ['date', 'day', 'entrydate', 'valuedate', 'bookingdate', 'transactiondate', 'datum'],
  party: ['party', 'payee', 'payer', 'counterparty'],
  creditDebit: ['creditdebit', 'debitcredit', 'crdr', 'drcr', 'direction'],
  amount: ['amount', 'sum', 'value', 'total', 'amountrs'],
  debit: ['debit', 'withdrawal', 'withdrawals', 'moneyout', 'dr'],
  credit: ['credit', 'deposit', 'deposits', 'moneyin', 'cr'],
  description: ['description', 'memo', 'details', 'narration', 'note', 'notes', 'particulars'],
  name: ['name', 'fullname', 'clientname', 'employeename'],
  email: ['email', 'mail', 'emailaddress'],
  number: ['number', 'no', 'phone', 'employeenumber', 'staffnumber'],
  companyName: ['companyname', 'company'],
  expenseType: ['expensetype', 'expancetype', 'type', 'category', 'name'],
};

const PARTY_NAMES: Record<ImportKind, string[]> = {
  income: ['client', 'customer', 'clientname'],
  salary: ['employee', 'staff', 'employeename'],
  expense: ['expensetype', 'expancetype', 'category', 'type'],
  clients: [],
  employees: [],
  expenseTypes: [],
};

/** The mapping the headers' names suggest; each column is used once. */
export function guessMapping(kind: ImportKind, headers: string[]): ImportMapping {
  const squashed = headers.map(squash);
  const used = new Set<number>();
  const mapping: ImportMapping = {};
  for (const field of IMPORT_KIND_FIELDS[kind]) {
    const names = field === 'party' ? [...PARTY_NAMES[kind], ...NAMES.party] : NAMES[field];
    if ((field === 'debit' || field === 'credit') && mapping.amount !== undefined) continue;
    const index = names
      .map((name) => squashed.findIndex((header, at) => header === name && !used.has(at)))
      .find((at) => at !== -1);
    if (index !== undefined) {
      mapping[field] = index;
      used.add(index);
    }
  }
  return mapping;
}

/** A mapping whose columns all exist in the file. */
export const fitsHeaders = (mapping: ImportMapping, headers: string[]) =>
  Object.values(mapping).every((index) => index !== undefined && index < headers.length);

// ----------------------------------------------------------------------------------- dates

const pad = (value: string) => value.padStart(2, '0');
const day = (year: string, month: string, date: string) => {
  const iso = `${year}-${pad(month)}-${pad(date)}`;
  return isRealDay(iso) && iso >= '1900-01-01' ? iso : null;
};

const DAY_MS = 86_400_000;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A day (YYYY-MM-DD) read in the given format, or null. */
export function parseDate(cell: Cell, format: DateFormat): string | null {
  if (typeof cell === 'number' || (format === 'Excel' && /^\d{4,6}(\.\d+)?$/.test(cell.trim()))) {
    if (format !== 'Excel') return null;
    const serial = Math.floor(typeof cell === 'number' ? cell : Number(cell.trim()));
    if (serial < 1 || serial > 2_958_465) return null;
    return new Date(EXCEL_EPOCH_MS + serial * DAY_MS).toISOString().slice(0, 10);
  }
  // A time after the day (an export's "2026-01-05 00:00:00") is left aside.
  const value = cell.trim().split(/[ T]/)[0] ?? '';
  let match: RegExpExecArray | null;
  switch (format) {
    case 'YYYY-MM-DD':
      match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
      return match ? day(match[1]!, match[2]!, match[3]!) : null;
    case 'DD/MM/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
      return match ? day(match[3]!, match[2]!, match[1]!) : null;
    case 'MM/DD/YYYY':
      match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
      return match ? day(match[3]!, match[1]!, match[2]!) : null;
    case 'DD.MM.YYYY':
      match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
      return match ? day(match[3]!, match[2]!, match[1]!) : null;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------- amounts

const DOT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
const COMMA = /^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/;

/** A signed amount read in the given format (RS / Rs. and spaces allowed), or null. */
export function parseAmount(cell: Cell, format: NumberFormat): number | null {
  if (typeof cell === 'number') {
    // A spreadsheet's computed cell carries binary noise (=0.1+0.2 is 0.30000000000000004): read
    // to 15 significant digits, as the spreadsheet shows it, then held to the forms' two decimals.
    const shown = Number(cell.toPrecision(15));
    return hasAtMostTwoDecimals(shown) ? shown : null;
  }
  let value = cell.trim().replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  for (let pass = 0; pass < 2; pass += 1) {
    if (value.startsWith('-')) {
      negative = !negative;
      value = value.slice(1);
    } else if (value.startsWith('+')) value = value.slice(1);
    value = value.replace(/^rs\.?/i, '').replace(/rs\.?$/i, '');
  }
  if (value.endsWith('-')) {
    negative = !negative;
    value = value.slice(0, -1);
  }
  let plain: string;
  if (format === '1,234.56') {
    if (!DOT.test(value)) return null;
    plain = value.replace(/,/g, '');
  } else {
    if (!COMMA.test(value)) return null;
    plain = value.replace(/\./g, '').replace(',', '.');
  }
  const amount = Number(plain);
  if (!Number.isFinite(amount)) return null;
  return negative ? -amount : amount;
}

// ---------------------------------------------------------------------------------- formats

export interface Detected<F> {
  /** The format used (the first candidate), or null when no value was there to read. */
  format: F | null;
  /** More than one: the file leaves it open. */
  candidates: F[];
}

/**
 * The formats that read every value of a column. None reading all: the one reading the most
 * (the rest are errors of their rows). Formats that read every value alike are one.
 */
function detect<F extends string, V>(
  formats: readonly F[],
  values: Cell[],
  parse: (cell: Cell, format: F) => V | null,
): Detected<F> {
  const filled = values.filter((cell) => text(cell) !== '');
  if (filled.length === 0) return { format: null, candidates: [] };
  const reads = formats.map((format) => ({
    format,
    read: filled.map((cell) => parse(cell, format)),
  }));
  const counts = reads.map(({ read }) => read.filter((value) => value !== null).length);
  const best = Math.max(...counts);
  const top = reads.filter((_read, index) => counts[index] === best && best > 0);
  if (top.length === 0) return { format: formats[0] ?? null, candidates: [] };
  const first = top[0]!;
  const differing = top.filter(
    (other) => other === first || other.read.some((value, index) => value !== first.read[index]),
  );
  return { format: first.format, candidates: differing.map(({ format }) => format) };
}

export const detectDateFormat = (values: Cell[]) => detect(DATE_FORMATS, values, parseDate);

export function detectNumberFormat(values: Cell[]): Detected<NumberFormat> {
  return detect(NUMBER_FORMATS, values, parseAmount);
}

/** A cell's text, trimmed; numbers as written. */
export const cellText = text;
