// Reading a bank statement file into lines (issue 33): CSV and Excel through the import's reader
// and detection (imports/read-file.ts, detect.ts: encodings, BOM, line ends, delimiters, date and
// number formats, amounts in parentheses), MT940 with mt940-js, and OFX/QFX and CAMT.053 with the
// small readers below. Every refusal is a 400 naming the line of the file; nothing is stored here.
//
// OFX: the maintained npm readers either rewrite OFX 1.x SGML into JSON text with regular
// expressions (ofx-data-extractor: it breaks on the usual aggregates without closing tags) or go
// through an XML library with entity support; OFX is a flat list of <TAG>value fields per
// <STMTTRN>, so it is read here field by field. CAMT.053: no maintained reader exists on npm; it
// is read with saxes (as the Excel reader is), which expands no entity but XML's own five and
// reads no DTD, and a document with a DOCTYPE is refused outright.
import iconv from 'iconv-lite';
import { read as readMt940 } from 'mt940-js';
import { SaxesParser } from 'saxes';
import {
  accountMessages as m,
  DATE_FORMATS,
  NUMBER_FORMATS,
  type DateFormat,
  type NumberFormat,
  type StatementFormat,
  type StatementMapping,
  type StatementOptions,
} from 'contract';
import { badRequest } from '../lib/errors.js';
import { isRealDay } from '../lib/dates.js';
import {
  cellText,
  detectDateFormat,
  detectNumberFormat,
  findHeader,
  parseAmount,
  parseDate,
} from '../imports/detect.js';
import { detectEncoding, readImportFile, type Cell } from '../imports/read-file.js';

/** Lines one statement may hold. */
export const STATEMENT_MAX_LINES = 100_000;
/** Characters of a description or reference kept (longer is refused with its line). */
const MAX_TEXT = 1000;
const MAX_REFERENCE = 200;

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

const refuse = (line: number, what: string) => badRequest(`Line ${line}: ${what}`);

/** Exact cents of a decimal text or a double read by a library (at most 2 decimals). */
function centsOfText(value: string | number, line: number): bigint {
  const text = (typeof value === 'number' ? String(value) : value).trim().replace(',', '.');
  const match = /^([-+]?)(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw refuse(line, `the amount "${String(value).slice(0, 40)}" is not an amount`);
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

function checkText(text: string, line: number, max = MAX_TEXT): string {
  if (text.includes('\u0000')) throw refuse(line, 'the file holds a null character');
  const clean = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (clean.length > max) throw refuse(line, `a text is longer than ${max} characters`);
  return clean;
}

function checkCount(count: number): void {
  if (count > STATEMENT_MAX_LINES) throw badRequest(m.statementTooManyLines);
}

/** The format from the options, the file's name, or its first bytes. */
export function statementFormat(
  fileName: string,
  bytes: Buffer,
  given?: StatementFormat,
): StatementFormat {
  if (given) return given;
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (extension === 'ofx' || extension === 'qfx') return 'ofx';
  if (['sta', 'mt940', '940', 'swi'].includes(extension)) return 'mt940';
  if (extension === 'xlsx') return 'xlsx';
  const head = bytes.subarray(0, 4096).toString('latin1');
  if (/camt\.053|<BkToCstmrStmt/i.test(head)) return 'camt053';
  if (/OFXHEADER|<OFX>/i.test(head)) return 'ofx';
  if (/^\s*(\{1:|:20:)/.test(head)) return 'mt940';
  if (extension === 'csv' || extension === 'txt') return 'csv';
  if (extension === 'xml') return 'camt053';
  throw badRequest(m.statementUnknownFormat);
}

/**
 * The statement's lines; `onLayout` is told how a CSV or Excel statement is read (its header and
 * the columns used) before any of its lines is checked, so that a preview can show the columns
 * of a file whose lines are refused as mapped.
 */
export async function readStatement(
  fileName: string,
  bytes: Buffer,
  options: StatementOptions,
  onLayout?: (layout: StatementLayout) => void,
): Promise<StatementRead> {
  const format = statementFormat(fileName, bytes, options.format);
  const read =
    format === 'ofx'
      ? readOfx(bytes)
      : format === 'camt053'
        ? readCamt(bytes)
        : format === 'mt940'
          ? await readMt(bytes)
          : await readTable(fileName, bytes, options, format, onLayout);
  if (read.lines.length === 0) throw badRequest(m.statementEmpty);
  return read;
}

// ------------------------------------------------------------------------------ CSV and Excel

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const NAMES: Record<keyof StatementMapping, string[]> = {
  date: [
    'date',
    'transactiondate',
    'bookingdate',
    'postingdate',
    'valuedate',
    'txndate',
    'day',
    'datum',
    'buchungstag',
  ],
  amount: ['amount', 'amountrs', 'value', 'transactionamount', 'sum', 'betrag'],
  debit: ['debit', 'withdrawal', 'withdrawals', 'moneyout', 'paidout', 'dr', 'debits'],
  credit: ['credit', 'deposit', 'deposits', 'moneyin', 'paidin', 'cr', 'credits'],
  description: [
    'description',
    'narration',
    'details',
    'particulars',
    'memo',
    'transactiondetails',
    'payee',
    'remarks',
    'verwendungszweck',
  ],
  reference: [
    'reference',
    'ref',
    'chequeno',
    'chequenumber',
    'refno',
    'referenceno',
    'transactionid',
    'id',
  ],
  balance: ['balance', 'runningbalance', 'closingbalance', 'availablebalance'],
};

function guessStatementMapping(headers: string[]): StatementMapping {
  const mapping: StatementMapping = {};
  const squashed = headers.map(squash);
  for (const field of Object.keys(NAMES) as (keyof StatementMapping)[]) {
    const index = squashed.findIndex(
      (name, i) => NAMES[field].includes(name) && !Object.values(mapping).includes(i),
    );
    if (index !== -1) mapping[field] = index;
  }
  return mapping;
}

async function readTable(
  fileName: string,
  bytes: Buffer,
  options: StatementOptions,
  format: StatementFormat,
  onLayout?: (layout: StatementLayout) => void,
): Promise<StatementRead> {
  // The import's reader knows a file by its extension: a statement named otherwise is read as
  // the format chosen.
  const name =
    format === 'xlsx'
      ? 'statement.xlsx'
      : /\.(csv|txt)$/i.test(fileName)
        ? fileName
        : 'statement.csv';
  const file = await readImportFile(name, bytes, options.sheet);
  const header = findHeader(file.rows);
  const headers = (file.rows[header]?.cells ?? []).map((cell) => cellText(cell));
  // A mapping given is taken as it is (a column left out is not read), as /Import takes one.
  const mapping = options.mapping ?? guessStatementMapping(headers);
  const hasAmount =
    mapping.amount !== undefined || mapping.debit !== undefined || mapping.credit !== undefined;
  const rows = file.rows
    .slice(header + 1)
    .filter((row) => row.cells.some((cell) => cellText(cell) !== ''));
  checkCount(rows.length);
  const at = (cells: Cell[], index: number | undefined): Cell =>
    index === undefined ? '' : (cells[index] ?? '');
  const detectedDate =
    mapping.date === undefined
      ? null
      : (options.dateFormat ??
        detectDateFormat(rows.map((row) => at(row.cells, mapping.date))).format ??
        DATE_FORMATS[0]);
  const moneyCells = rows.flatMap((row) =>
    [mapping.amount, mapping.debit, mapping.credit, mapping.balance].map((index) =>
      at(row.cells, index),
    ),
  );
  const detectedNumber = !hasAmount
    ? null
    : (options.numberFormat ?? detectNumberFormat(moneyCells).format ?? NUMBER_FORMATS[0]);
  onLayout?.({
    headers,
    sheets: file.sheets,
    sheet: file.sheet,
    mapping,
    dateFormat: detectedDate,
    numberFormat: detectedNumber,
  });
  if (detectedDate === null) throw badRequest(m.statementNoDate);
  if (detectedNumber === null) throw badRequest(m.statementNoAmount);
  const dateFormat: DateFormat = detectedDate;
  const numberFormat: NumberFormat = detectedNumber;
  for (const row of rows) if (row.problem) throw refuse(row.line, row.problem);
  const money = (cell: Cell, line: number): bigint | null => {
    if (cellText(cell) === '') return null;
    const amount = parseAmount(cell, numberFormat);
    if (amount === null) throw refuse(line, `"${cellText(cell).slice(0, 40)}" is not an amount`);
    return centsOfText(amount.toFixed(2), line);
  };
  const lines = rows.map((row): StatementLineRead => {
    const date = parseDate(at(row.cells, mapping.date), dateFormat);
    if (!date)
      throw refuse(
        row.line,
        `"${cellText(at(row.cells, mapping.date)).slice(0, 40)}" is not a date (${dateFormat})`,
      );
    let cents: bigint | null;
    if (mapping.amount !== undefined) cents = money(at(row.cells, mapping.amount), row.line);
    else {
      const out = money(at(row.cells, mapping.debit), row.line);
      const into = money(at(row.cells, mapping.credit), row.line);
      // Money out is written positive in its own column (some banks write it negative).
      cents = (into ?? 0n) - (out === null ? 0n : out < 0n ? -out : out);
      if (out === null && into === null) cents = null;
    }
    if (cents === null || cents === 0n) throw refuse(row.line, 'the line has no amount');
    return {
      line: row.line,
      date,
      cents,
      description: checkText(cellText(at(row.cells, mapping.description)), row.line),
      reference: checkText(cellText(at(row.cells, mapping.reference)), row.line, MAX_REFERENCE),
      balance:
        mapping.balance === undefined ? null : money(at(row.cells, mapping.balance), row.line),
    };
  });
  return { format, lines, opening: null, closing: null };
}

// ------------------------------------------------------------------------------------- text

function decode(bytes: Buffer): string {
  const { name, start } = detectEncoding(bytes);
  return iconv.decode(bytes.subarray(start), name);
}

const lineAt = (text: string, index: number) => {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
};

// --------------------------------------------------------------------------------------- OFX

/** A day from an OFX date (YYYYMMDD, then an optional time and zone). */
function ofxDay(value: string, line: number): string {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  const day = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  if (!isRealDay(day)) throw refuse(line, `"${value.slice(0, 30)}" is not an OFX date`);
  return day;
}

/** The fields of one OFX aggregate: <TAG>value (SGML, no closing tag) or <TAG>value</TAG>. */
function ofxFields(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const match of block.matchAll(/<([A-Z0-9.]+)>([^<\r\n]*)/gi)) {
    const value = match[2]!.trim();
    if (value !== '' && !fields.has(match[1]!.toUpperCase()))
      fields.set(match[1]!.toUpperCase(), decodeXmlText(value));
  }
  return fields;
}

const decodeXmlText = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function readOfx(bytes: Buffer): StatementRead {
  const text = decode(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw badRequest(m.statementUnknownFormat);
  if (!/<OFX>/i.test(text)) throw badRequest(m.statementUnknownFormat);
  const starts = [...text.matchAll(/<STMTTRN>/gi)].map((match) => match.index!);
  checkCount(starts.length);
  const lines: StatementLineRead[] = [];
  const closing = /<\/STMTTRN>|<\/BANKTRANLIST>/gi;
  let lineNo = 1;
  let scanned = 0;
  for (let i = 0; i < starts.length; i += 1) {
    const start = starts[i]!;
    closing.lastIndex = start;
    const endTag = closing.exec(text);
    const end = Math.min(starts[i + 1] ?? text.length, endTag ? endTag.index : text.length);
    // Counted from the previous block on, so the whole file is walked once.
    lineNo += lineAt(text.slice(scanned, start), Infinity) - 1;
    scanned = start;
    const fields = ofxFields(text.slice(start, end));
    const posted = fields.get('DTPOSTED');
    const amount = fields.get('TRNAMT');
    if (!posted) throw refuse(lineNo, 'the transaction has no DTPOSTED');
    if (!amount) throw refuse(lineNo, 'the transaction has no TRNAMT');
    const cents = centsOfText(amount, lineNo);
    if (cents === 0n) throw refuse(lineNo, 'the line has no amount');
    const name = fields.get('NAME') ?? fields.get('PAYEE') ?? '';
    const memo = fields.get('MEMO') ?? '';
    lines.push({
      line: lineNo,
      date: ofxDay(posted, lineNo),
      cents,
      description: checkText([name, memo].filter(Boolean).join(' '), lineNo),
      reference: checkText(
        fields.get('FITID') ?? fields.get('CHECKNUM') ?? fields.get('REFNUM') ?? '',
        lineNo,
        MAX_REFERENCE,
      ),
      balance: null,
    });
  }
  const ledger = /<LEDGERBAL>([\s\S]*?)(<\/LEDGERBAL>|<AVAILBAL>|<\/STMTRS>|$)/i.exec(text);
  const closingText = ledger ? ofxFields(ledger[1]!).get('BALAMT') : undefined;
  return {
    format: 'ofx',
    lines,
    opening: null,
    closing: closingText ? centsOfText(closingText, lineAt(text, ledger!.index)) : null,
  };
}

// ------------------------------------------------------------------------------------- MT940

async function readMt(bytes: Buffer): Promise<StatementRead> {
  let statements;
  try {
    statements = await readMt940(bytes);
  } catch (error) {
    throw badRequest(
      `The MT940 file could not be read: ${String((error as Error).message ?? error).slice(0, 200)}`,
    );
  }
  const lines: StatementLineRead[] = [];
  let index = 0;
  const signed = (balance: { isCredit: boolean; value: number } | undefined) =>
    balance === undefined
      ? null
      : (balance.isCredit ? 1n : -1n) * centsOfText(balance.value.toFixed(2), 1);
  for (const statement of statements) {
    for (const transaction of statement.transactions) {
      index += 1;
      checkCount(index);
      const date = transaction.entryDate || transaction.valueDate;
      if (!isRealDay(date)) throw refuse(index, `transaction ${index} has no date`);
      const cents =
        centsOfText(transaction.amount.toFixed(2), index) * (transaction.isCredit ? 1n : -1n);
      if (cents === 0n) throw refuse(index, `transaction ${index} has no amount`);
      lines.push({
        line: index,
        date,
        cents,
        description: checkText(transaction.description ?? '', index),
        reference: checkText(
          [transaction.customerReference, transaction.bankReference]
            .filter((r) => r && r !== 'NONREF')
            .join('/'),
          index,
          MAX_REFERENCE,
        ),
        balance: null,
      });
    }
  }
  return {
    format: 'mt940',
    lines,
    opening: signed(statements[0]?.openingBalance),
    closing: signed(statements[statements.length - 1]?.closingBalance),
  };
}

// ---------------------------------------------------------------------------------- CAMT.053

function readCamt(bytes: Buffer): StatementRead {
  const text = decode(bytes);
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  const lines: StatementLineRead[] = [];
  let entry:
    | {
        line: number;
        amount?: string;
        credit?: boolean;
        date?: string;
        reference: string;
        info: string[];
      }
    | undefined;
  let balance: { type?: string; amount?: string; credit?: boolean; line: number } | undefined;
  let opening: bigint | null = null;
  let closing: bigint | null = null;
  let textBuffer = '';
  const local = (name: string) => name.replace(/^.*:/, '');
  parser.on('doctype', () => {
    throw badRequest(m.statementUnknownFormat);
  });
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    path.push(name);
    textBuffer = '';
    if (name === 'Ntry') {
      entry = { line: parser.line, reference: '', info: [] };
      checkCount(lines.length + 1);
    }
    if (name === 'Bal' && !entry) balance = { line: parser.line };
  });
  parser.on('text', (value) => {
    textBuffer += value;
    if (textBuffer.length > 10_000) throw refuse(parser.line, 'a text is too long');
  });
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    const value = textBuffer.trim();
    const parent = path[path.length - 2] ?? '';
    if (entry) {
      if (name === 'Amt' && parent === 'Ntry') entry.amount = value;
      else if (name === 'CdtDbtInd' && parent === 'Ntry') entry.credit = value === 'CRDT';
      else if ((name === 'Dt' || name === 'DtTm') && parent === 'BookgDt')
        entry.date = value.slice(0, 10);
      else if ((name === 'Dt' || name === 'DtTm') && parent === 'ValDt' && !entry.date)
        entry.date = value.slice(0, 10);
      else if (name === 'AcctSvcrRef' && parent === 'Ntry') entry.reference = value;
      else if (
        (name === 'EndToEndId' || name === 'TxId') &&
        !entry.reference &&
        value !== 'NOTPROVIDED'
      )
        entry.reference = value;
      else if (
        name === 'Ustrd' ||
        name === 'AddtlNtryInf' ||
        (name === 'Nm' && path.includes('RltdPties'))
      )
        entry.info.push(value);
      else if (name === 'Ntry') {
        const line = entry.line;
        if (!entry.amount) throw refuse(line, 'the entry has no Amt');
        if (entry.credit === undefined) throw refuse(line, 'the entry has no CdtDbtInd');
        if (!entry.date || !isRealDay(entry.date))
          throw refuse(line, 'the entry has no booking date');
        const cents = centsOfText(entry.amount, line);
        if (cents <= 0n) throw refuse(line, 'the entry has no amount');
        lines.push({
          line,
          date: entry.date,
          cents: entry.credit ? cents : -cents,
          description: checkText([...new Set(entry.info)].join(' '), line),
          reference: checkText(entry.reference, line, MAX_REFERENCE),
          balance: null,
        });
        entry = undefined;
      }
    } else if (balance) {
      if (name === 'Cd' && path.includes('Tp')) balance.type = value;
      else if (name === 'Amt' && parent === 'Bal') balance.amount = value;
      else if (name === 'CdtDbtInd' && parent === 'Bal') balance.credit = value === 'CRDT';
      else if (name === 'Bal') {
        if (balance.amount) {
          const cents =
            centsOfText(balance.amount, balance.line) * (balance.credit === false ? -1n : 1n);
          if (balance.type === 'OPBD' || balance.type === 'PRCD') opening ??= cents;
          if (balance.type === 'CLBD') closing = cents;
        }
        balance = undefined;
      }
    }
    path.pop();
    textBuffer = '';
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw refuse(parser.line, 'the XML is not well formed');
  }
  if (!text.includes('BkToCstmrStmt')) throw badRequest(m.statementUnknownFormat);
  return { format: 'camt053', lines, opening, closing };
}
