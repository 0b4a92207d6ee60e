// What every statement reader shares: the lines it answers, the limits, and the checks of an
// amount, a text and a day. Every refusal is a 400 naming the line of the file.
import iconv from 'iconv-lite';
import {
  accountMessages as m,
  AMOUNT_MAX_CENTS,
  statementMessages as sm,
  type DateFormat,
  type NumberFormat,
  type StatementFormat,
  type StatementMapping,
} from 'contract';
import { badRequest } from '../../lib/errors.js';
import { detectEncoding } from '../../imports/read-file.js';

/** Lines one statement may hold. */
export const STATEMENT_MAX_LINES = 100_000;
/** Characters of a description or reference kept (longer is refused with its line). */
export const MAX_TEXT = 1000;
export const MAX_REFERENCE = 200;

export interface StatementLineRead {
  /** The line (or row) of the file it starts on, from 1. */
  line: number;
  date: string;
  cents: bigint;
  description: string;
  reference: string;
  /** The bank's balance after the line, where given. */
  balance: bigint | null;
}

export interface StatementRead {
  format: StatementFormat;
  lines: StatementLineRead[];
  opening: bigint | null;
  closing: bigint | null;
  /** The ISO 4217 code the file gives its amounts in; null when it gives none (CSV, Excel). */
  currency: string | null;
}

/** How a CSV or Excel statement is read: its header, the columns used, the formats. */
export interface StatementLayout {
  headers: string[];
  /** An Excel file's sheets and the one read; none for a CSV. */
  sheets: string[];
  sheet: string | null;
  mapping: StatementMapping;
  /** Null while no column is mapped to the date (or to an amount, for the number format). */
  dateFormat: DateFormat | null;
  numberFormat: NumberFormat | null;
}

export const refuse = (line: number, what: string) => badRequest(`Line ${line}: ${what}`);

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Exact cents of a decimal text (a comma or a point before the decimals, at most two of them),
 * refused with its line past the money bounds (999,999,999,999.99: what the books hold).
 */
export function centsOfText(value: string, line: number): bigint {
  const text = value.trim().replace(',', '.');
  const match = /^([-+]?)(\d{1,40})(?:\.(\d{0,40}))?$/.exec(text);
  if (!match) throw refuse(line, `the amount "${value.slice(0, 40)}" is not an amount`);
  const fraction = match[3] ?? '';
  if (fraction.length > 2) throw badRequest(sm.tooManyDecimals(line, value.trim().slice(0, 40)));
  const whole = match[2]!.replace(/^0+(?=\d)/, '');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (cents > AMOUNT_MAX_CENTS) {
    const shown = whole.length > 20 ? `${whole.slice(0, 20)}...` : grouped(whole);
    throw badRequest(sm.tooLarge(line, `${shown}.${fraction.padEnd(2, '0')}`));
  }
  return match[1] === '-' ? -cents : cents;
}

/** A text as stored: NFC, its white space as single spaces; refused with a null or too long. */
export function checkText(text: string, line: number, max = MAX_TEXT): string {
  if (text.includes('\u0000')) throw refuse(line, 'the file holds a null character');
  if (text.length > max * 4) throw refuse(line, `a text is longer than ${max} characters`);
  const clean = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (clean.length > max) throw refuse(line, `a text is longer than ${max} characters`);
  return clean;
}

export function checkCount(count: number): void {
  if (count > STATEMENT_MAX_LINES) throw badRequest(m.statementTooManyLines);
}

/** The file's text: UTF-16 by its mark or its zeros, UTF-8 when valid as such, else cp1252. */
export function decode(bytes: Buffer): string {
  const { name, start } = detectEncoding(bytes);
  return iconv.decode(bytes.subarray(start), name);
}

/**
 * The line of the file at a position, for positions asked in increasing order: the text between
 * two asks is counted once, so a whole file costs one walk over it.
 */
export function lineCounter(text: string): (index: number) => number {
  let line = 1;
  /** The first line end not yet counted. */
  let next = text.indexOf('\n');
  return (index) => {
    while (next !== -1 && next < index) {
      line += 1;
      next = text.indexOf('\n', next + 1);
    }
    return line;
  };
}

/** The statement's currency: one code for all its amounts, or a refusal naming the line. */
export function currencyKeeper(): {
  see(code: string | undefined, line: number): void;
  readonly code: string | null;
} {
  let first: string | null = null;
  return {
    see(code, line) {
      const clean = code?.trim().toUpperCase();
      if (!clean) return;
      if (!/^[A-Z]{3}$/.test(clean))
        throw refuse(line, `"${clean.slice(0, 20)}" is not a currency code`);
      if (first === null) first = clean;
      else if (clean !== first) throw badRequest(sm.mixedCurrencies(line, clean, first));
    },
    get code() {
      return first;
    },
  };
}

/** The checks every format shares once its lines are read: none dated after today. */
export function checkDays(read: StatementRead, today: string): StatementRead {
  for (const line of read.lines)
    if (line.date > today) throw badRequest(sm.future(line.line, line.date));
  if (read.lines.length === 0) throw badRequest(m.statementEmpty);
  return read;
}
