// Reading an imported file into rows of cells, each with the line of the file it starts on:
// CSV/TXT (encoding and delimiter detected, quoted fields with line breaks) and Excel .xlsx (the
// first sheet or a named one, formulas read as their cached values, never evaluated). The limits
// (rows, cell length, null characters, an unzipped size far beyond the file's) are checked while
// reading, so a hostile file is refused before it is held whole in any other form.
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';
import { IMPORT_LIMITS, importMessages } from 'contract';
import { badRequest } from '../lib/errors.js';

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
function decodedPieces(bytes: Buffer, name: string, start: number): Readable {
  const decoder = iconv.getDecoder(name, { stripBOM: false });
  const PIECE = 64 * 1024;
  return Readable.from(
    (function* pieces() {
      for (let at = start; at < bytes.length; at += PIECE) {
        const text = decoder.write(bytes.subarray(at, at + PIECE));
        if (text) yield text;
      }
      const rest = decoder.end();
      if (rest) yield rest;
    })(),
  );
}

const lineBreaks = (cells: string[]) =>
  cells.reduce((count, cell) => {
    let found = 0;
    for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) found += 1;
    return count + found;
  }, 0);

async function readCsv(bytes: Buffer): Promise<ReadFile> {
  const { encoding, name, start } = detectEncoding(bytes);
  const rows: FileRow[] = [];
  let line = 1;
  let refusal: Error | undefined;
  let unclosed = false;
  let delimiter = ',';
  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(decodedPieces(bytes, name, start), {
      delimitersToGuess: [',', ';', '\t'],
      skipEmptyLines: false,
      step: (result, parser) => {
        // A row takes one line, and one more for each line break inside its quoted cells.
        const first = line;
        const cells = result.data;
        line += 1 + lineBreaks(cells);
        delimiter = result.meta.delimiter;
        if (result.errors.some((error) => error.type === 'Quotes')) unclosed = true;
        try {
          checkCells(first, cells);
          if (isBlank(cells)) return;
          if (rows.length >= MAX_ROWS) throw badRequest(importMessages.tooManyRows);
          rows.push({ line: first, cells });
        } catch (error) {
          refusal = error as Error;
          parser.abort();
        }
      },
      complete: () => resolve(),
      error: (error: Error) => reject(error),
    });
  });
  if (refusal) throw refusal;
  if (unclosed) throw badRequest(importMessages.unclosedQuote);
  return { format: 'CSV', encoding, delimiter, sheets: [], sheet: null, rows };
}

// -------------------------------------------------------------------------------------- Excel

const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    );
  });

const readEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry, max: number) =>
  new Promise<string>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > max) stream.destroy(new Error('too large'));
        else chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  });

const unescapeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Looks into the zip before anything unpacks it: refuses a zip bomb (more unpacked than
 * IMPORT_LIMITS allows in all, or a part that unpacks to more than `zipRatio` times its packed
 * size) and answers the sheets' names from the workbook part.
 */
async function inspectWorkbook(bytes: Buffer): Promise<string[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw badRequest(importMessages.notXlsx);
  }
  let total = 0;
  let workbook: string | undefined;
  let bomb = false;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (
          total > IMPORT_LIMITS.unzippedBytes ||
          (entry.uncompressedSize > 1024 * 1024 && ratio > IMPORT_LIMITS.zipRatio)
        ) {
          bomb = true;
          resolve();
          return;
        }
        if (entry.fileName === 'xl/workbook.xml') {
          readEntry(zip, entry, 5 * 1024 * 1024)
            .then((text) => {
              workbook = text;
              zip.readEntry();
            })
            .catch(reject);
        } else zip.readEntry();
      });
      zip.readEntry();
    });
  } catch {
    throw badRequest(importMessages.notXlsx);
  } finally {
    zip.close();
  }
  if (bomb) throw badRequest(importMessages.zipBomb);
  if (workbook === undefined) throw badRequest(importMessages.notXlsx);
  return [...workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*?\bname="([^"]*)"/g)].map((match) =>
    unescapeXml(match[1] ?? ''),
  );
}

/** Days from Excel's day 0 (1899-12-30, its 1900 leap-year slip included) to 1970-01-01. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A cell's value as read: a formula gives its cached result; a date its Excel serial. */
function cellValue(value: unknown): Cell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return (value.getTime() - EXCEL_EPOCH_MS) / 86_400_000;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if ('result' in object || 'formula' in object || 'sharedFormula' in object)
      return cellValue(object.result);
    if (Array.isArray(object.richText))
      return (object.richText as { text?: string }[]).map((part) => part.text ?? '').join('');
    if ('text' in object) return cellValue(object.text);
    if ('error' in object) return String(object.error);
  }
  return '';
}

async function readXlsx(bytes: Buffer, sheetName?: string): Promise<ReadFile> {
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw badRequest(importMessages.notXlsx);
  const sheets = await inspectWorkbook(bytes);
  const target = sheetName ?? sheets[0];
  if (target === undefined || !sheets.includes(target)) {
    throw badRequest(sheetName === undefined ? importMessages.notXlsx : importMessages.noSheet);
  }
  const input = Readable.from(bytes);
  // Loaded on the first workbook read, not when the server starts.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const rows: FileRow[] = [];
  try {
    for await (const worksheet of reader) {
      const named = (worksheet as unknown as { name?: string }).name;
      if (named !== target) continue;
      for await (const row of worksheet) {
        const values = (row.values as unknown[]).slice(1);
        const cells = Array.from(values, cellValue);
        checkCells(row.number, cells);
        if (isBlank(cells)) continue;
        if (rows.length >= MAX_ROWS) throw badRequest(importMessages.tooManyRows);
        rows.push({ line: row.number, cells });
      }
      break;
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw badRequest(importMessages.unreadableXlsx);
  } finally {
    input.destroy();
  }
  return { format: 'Excel', encoding: null, delimiter: null, sheets, sheet: target, rows };
}
