// Reading an imported file into rows of cells, each with the line of the file it starts on:
// CSV/TXT (encoding and delimiter detected, quoted fields with line breaks) and Excel .xlsx (the
// first sheet or a named one, formulas read as their cached values, never evaluated; see
// read-xlsx.ts). The limits (rows read and kept, columns, cell length, null characters, the bytes
// a zip actually unpacks to) are checked while reading, so a hostile file is refused before it is
// held whole in any other form. Nothing is written anywhere: the file stays in memory.
import { isUtf8 } from 'node:buffer';
import Papa from 'papaparse';
import iconv from 'iconv-lite';
import { IMPORT_LIMITS, importMessages } from 'contract';
import { badRequest } from '../lib/errors.js';
import { pacer } from './pace.js';
import { readXlsxSheet } from './read-xlsx.js';

/** A cell: text, or a number an Excel file holds as one (dates included, as Excel serials). */
export type Cell = string | number;

export interface FileRow {
  /** The line (CSV) or row (Excel) of the file the row starts on, from 1. */
  line: number;
  cells: Cell[];
  /** Why this row cannot be trusted as read (a row error in the preview; never imported). */
  problem?: string;
}

export interface ReadFile {
  format: 'CSV' | 'Excel';
  encoding: string | null;
  delimiter: string | null;
  sheets: string[];
  sheet: string | null;
  rows: FileRow[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Rows kept: the data rows plus a few lines above the header. */
const MAX_ROWS = IMPORT_LIMITS.rows + 20;

export async function readImportFile(
  fileName: string,
  bytes: Buffer,
  sheet?: string,
): Promise<ReadFile> {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'xlsx') return readXlsx(bytes, sheet);
  if (extension === 'csv' || extension === 'txt') return readCsv(bytes);
  throw badRequest(importMessages.wrongType);
}

/** Refuses a row as soon as it is read: a null character or an overlong cell. */
function checkCells(line: number, cells: Cell[]): void {
  for (const cell of cells) {
    if (typeof cell !== 'string') continue;
    if (cell.includes('\u0000')) throw badRequest(importMessages.nullByte(line));
    if (cell.length > IMPORT_LIMITS.cellChars) throw badRequest(importMessages.cellTooLong(line));
  }
}

const isBlank = (cells: Cell[]) =>
  cells.every((cell) => typeof cell === 'string' && cell.trim() === '');

// ---------------------------------------------------------------------------------------- CSV

/** A file that is plainly not text: a zip (an Excel file renamed), a PDF, an image... */
function looksBinary(bytes: Buffer): boolean {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC) || bytes.subarray(0, 4).toString() === '%PDF')
    return true;
  const head = bytes.subarray(0, 4096);
  let control = 0;
  for (const byte of head) if (byte < 9 || (byte > 13 && byte < 32)) control += 1;
  return head.length > 0 && control / head.length > 0.1;
}

/**
 * The encoding of the file, and where its text starts (after a byte order mark). UTF-8 is told
 * from Windows-1252 by checking the bytes, without decoding them.
 */
export function detectEncoding(bytes: Buffer): { encoding: string; name: string; start: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { encoding: 'UTF-8 with BOM', name: 'utf8', start: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { encoding: 'UTF-16LE', name: 'utf16le', start: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { encoding: 'UTF-16BE', name: 'utf16be', start: 2 };
  // UTF-16 without a byte order mark: ASCII letters leave every other byte zero.
  const head = bytes.subarray(0, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < head.length; i += 1) {
    if (head[i] !== 0) continue;
    if (i % 2 === 0) evenZeros += 1;
    else oddZeros += 1;
  }
  const half = head.length / 2;
  if (half > 0 && oddZeros / half > 0.4 && evenZeros / half < 0.05)
    return { encoding: 'UTF-16LE', name: 'utf16le', start: 0 };
  if (half > 0 && evenZeros / half > 0.4 && oddZeros / half < 0.05)
    return { encoding: 'UTF-16BE', name: 'utf16be', start: 0 };
  if (looksBinary(bytes)) throw badRequest(importMessages.notCsv);
  return isUtf8(bytes)
    ? { encoding: 'UTF-8', name: 'utf8', start: 0 }
    : { encoding: 'Windows-1252', name: 'win1252', start: 0 };
}

/** The text of the file piece by piece: it is never held whole as one string. */
function* decodedPieces(bytes: Buffer, name: string, start: number): Generator<string> {
  const decoder = iconv.getDecoder(name, { stripBOM: false });
  const PIECE = 64 * 1024;
  for (let at = start; at < bytes.length; at += PIECE) {
    const text = decoder.write(bytes.subarray(at, at + PIECE));
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** The delimiter of the file, guessed (papaparse) from its first piece of text. */
function guessDelimiter(sample: string): string {
  const guessed = Papa.parse<string[]>(sample, {
    delimitersToGuess: [',', ';', '\t'],
    preview: 10,
  }).meta.delimiter;
  return [',', ';', '\t'].includes(guessed) ? guessed : ',';
}

/** A line break ending a row: CR LF, LF or CR. */
type LineBreak = 'CRLF' | 'LF' | 'CR';

const CR = 13;
const LF = 10;
const QUOTE = 34;
const SPACE = 32;
const TAB = 9;

/**
 * Splits CSV text into rows, fed piece by piece. Quoted cells (`""` for a quote) may hold the
 * delimiter and line breaks; outside quotes, each of CR LF, LF and CR ends a row, and the row is
 * handed over with the line break that ended it. A row is refused as soon as it passes the
 * column limit or one of its cells the length limit, so a line of millions of delimiters costs
 * no more than its first hundred.
 *
 * Hand-written: papaparse takes the first line ending it meets as the whole file's (a file mixing
 * them has rows folded into cells without a word) and builds a row's every cell before any check
 * can see it.
 */
class CsvRows {
  private cells: string[] = [];
  private field = '';
  private quoted = false;
  /** In a quoted cell, a quote: it closes the cell, or is the first of `""`. */
  private quote = false;
  /** After a quoted cell's closing quote: only spaces, the delimiter or a line break may follow. */
  private closed = false;
  /** Outside quotes, a CR: LF may follow it, in this piece or the next. */
  private cr = false;
  /** The last character was a CR (for counting lines inside quotes too). */
  private afterCr = false;
  private line = 1;
  private rowLine = 1;

  constructor(
    private readonly delimiter: number,
    private readonly onRow: (line: number, cells: string[], ending: LineBreak | null) => void,
  ) {}

  push(text: string): void {
    let start = 0;
    for (let at = 0; at < text.length; at += 1) {
      const code = text.charCodeAt(at);
      if (this.cr) {
        this.cr = false;
        if (code === LF) {
          this.afterCr = false;
          this.endRow('CRLF');
          start = at + 1;
          continue;
        }
        this.endRow('CR');
        start = at;
      }
      if (code === CR) this.line += 1;
      else if (code === LF && !this.afterCr) this.line += 1;
      this.afterCr = code === CR;
      if (this.quoted) {
        if (this.quote) {
          this.quote = false;
          if (code === QUOTE) {
            // `""`: the second quote is the cell's.
            start = at;
            continue;
          }
          this.quoted = false;
          this.closed = true;
        } else {
          if (code === QUOTE) {
            this.take(text, start, at);
            start = at + 1;
            this.quote = true;
          }
          continue;
        }
      }
      if (code === this.delimiter) {
        this.take(text, start, at);
        this.endField();
        if (this.cells.length >= IMPORT_LIMITS.columns)
          throw badRequest(importMessages.tooManyColumns(this.rowLine));
        start = at + 1;
      } else if (code === CR || code === LF) {
        this.take(text, start, at);
        this.endField();
        start = at + 1;
        if (code === CR) this.cr = true;
        else this.endRow('LF');
      } else if (this.closed) {
        if (code !== SPACE && code !== TAB) throw badRequest(importMessages.unclosedQuote);
        start = at + 1;
      } else if (code === QUOTE && start === at && this.field === '') {
        this.quoted = true;
        start = at + 1;
      }
    }
    this.take(text, start, text.length);
  }

  end(): void {
    if (this.quote) {
      this.quote = false;
      this.quoted = false;
      this.closed = true;
    }
    if (this.quoted) throw badRequest(importMessages.unclosedQuote);
    if (this.cr) {
      this.cr = false;
      this.endRow('CR');
    } else if (this.cells.length > 0 || this.field !== '' || this.closed) {
      this.endField();
      this.endRow(null);
    }
  }

  private take(text: string, from: number, to: number): void {
    if (to <= from) return;
    this.field += text.slice(from, to);
    if (this.field.length > IMPORT_LIMITS.cellChars)
      throw badRequest(importMessages.cellTooLong(this.rowLine));
  }

  private endField(): void {
    this.cells.push(this.field);
    this.field = '';
    this.closed = false;
  }

  private endRow(ending: LineBreak | null): void {
    const cells = this.cells;
    this.cells = [];
    this.onRow(this.rowLine, cells, ending);
    this.rowLine = this.line;
  }
}

async function readCsv(bytes: Buffer): Promise<ReadFile> {
  const { encoding, name, start } = detectEncoding(bytes);
  const rows: FileRow[] = [];
  // The line breaks before and after each row kept, and how often each ends a row.
  const before: (LineBreak | null)[] = [];
  const after: (LineBreak | null)[] = [];
  const endings = new Map<LineBreak, number>();
  let previous: LineBreak | null = null;
  let read = 0;
  let delimiter: string | undefined;
  let parser: CsvRows | undefined;
  const pace = pacer();
  const onRow = (line: number, cells: string[], ending: LineBreak | null) => {
    read += 1;
    if (read > IMPORT_LIMITS.rowsRead) throw badRequest(importMessages.tooManyRowsRead);
    if (ending) endings.set(ending, (endings.get(ending) ?? 0) + 1);
    checkCells(line, cells);
    if (!isBlank(cells)) {
      if (rows.length >= MAX_ROWS) throw badRequest(importMessages.tooManyRows);
      rows.push({ line, cells });
      before.push(previous);
      after.push(ending);
    }
    previous = ending;
  };
  for (const piece of decodedPieces(bytes, name, start)) {
    delimiter ??= guessDelimiter(piece);
    parser ??= new CsvRows(delimiter.charCodeAt(0), onRow);
    parser.push(piece);
    await pace();
  }
  parser?.end();
  // A file mixing line breaks: every one ends a row, but a row beside a line break unlike the
  // file's usual one may be a piece of a row an odd line break cut in two.
  if (endings.size > 1) {
    let usual: LineBreak | undefined;
    for (const [ending, count] of endings)
      if (!usual || count > endings.get(usual)!) usual = ending;
    rows.forEach((row, index) => {
      const odd = (ending: LineBreak | null | undefined) => ending && ending !== usual;
      if (odd(before[index]) || odd(after[index])) row.problem = importMessages.mixedLineBreaks;
    });
  }
  return {
    format: 'CSV',
    encoding,
    delimiter: delimiter ?? ',',
    sheets: [],
    sheet: null,
    rows,
  };
}

// -------------------------------------------------------------------------------------- Excel

async function readXlsx(bytes: Buffer, sheetName?: string): Promise<ReadFile> {
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(importMessages.notXlsx);
  const rows: FileRow[] = [];
  const { sheets, sheet } = await readXlsxSheet(bytes, sheetName, (line, cells) => {
    checkCells(line, cells);
    if (isBlank(cells)) return;
    if (rows.length >= MAX_ROWS) throw badRequest(importMessages.tooManyRows);
    rows.push({ line, cells });
  });
  return { format: 'Excel', encoding: null, delimiter: null, sheets, sheet, rows };
}
