// Reading an Excel .xlsx workbook's sheet into rows, in memory only. The zip is read from the
// uploaded bytes (yauzl), each part needed (the workbook, its relationships, the shared strings,
// the sheet) is inflated piece by piece while the bytes actually inflated are counted, and each
// piece goes straight into a streaming XML parser (saxes: no DTD, no entity beyond XML's own).
//
// Written here rather than with exceljs's reader, which spools a sheet that comes before the
// shared strings in the zip (LibreOffice's order) to the OS temp folder, trusts the sizes the
// zip's directory claims, and hands rows over as dense arrays (one cell in column XFD makes
// 16,384 slots). Here nothing is written anywhere, a row holds only the cells that have a value
// (and at most IMPORT_LIMITS.columns of them), and every row element read counts, blank or not.
import { posix } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { IMPORT_LIMITS, importMessages } from 'contract';
import { badRequest, HttpError } from '../lib/errors.js';
import { pacer } from './pace.js';
import type { Cell, FileRow } from './read-file.js';

/** Parts a workbook may hold: a real one has a few dozen. */
const MAX_PARTS = 10_000;
/** The workbook part and its relationships: names of sheets and where they are. */
const MAX_INDEX_BYTES = 5 * 1024 * 1024;
/** Sheets a workbook may list (their names are in the preview). */
const MAX_SHEETS = 1000;
/** Text, a tag or an attribute longer than this between two tags is no cell of an import. */
const MAX_RUN_CHARS = 1024 * 1024;
/** A part unpacking to more than this may be checked against its packed size. */
const RATIO_FLOOR = 1024 * 1024;

export interface Sheet {
  sheets: string[];
  sheet: string;
  rows: FileRow[];
}

/** Unpacked bytes left for the whole workbook; shared by every part read. */
interface Budget {
  left: number;
}

const refusal = (error: unknown, otherwise: string): Error =>
  error instanceof HttpError ? error : badRequest(otherwise);

const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    );
  });

/**
 * The zip's parts by name. Refuses a zip bomb on what the directory claims (more than
 * IMPORT_LIMITS allows in all, or a part over 1 MB unpacking to more than `zipRatio` times its
 * packed size); what is actually unpacked is counted again as it is read.
 */
async function listParts(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > MAX_PARTS) throw badRequest(importMessages.unreadableXlsx);
  const parts = new Map<string, yauzl.Entry>();
  let claimed = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      claimed += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        claimed > IMPORT_LIMITS.unzippedBytes ||
        (entry.uncompressedSize > RATIO_FLOOR && ratio > IMPORT_LIMITS.zipRatio)
      ) {
        reject(badRequest(importMessages.zipBomb));
        return;
      }
      parts.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return parts;
}

const openStream = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    );
  });

/**
 * A part's text, piece by piece as it is inflated. The bytes are counted as they come out of
 * the inflater: past the workbook's budget, past `max` for this part, or more than `zipRatio`
 * times the part's packed size, and the part is a zip bomb. yauzl also stops a part that
 * inflates past the size the directory claims for it.
 */
async function* partText(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: Budget,
  max = Infinity,
): AsyncGenerator<string> {
  let stream: Readable;
  try {
    stream = await openStream(zip, entry);
  } catch {
    throw badRequest(importMessages.unreadableXlsx);
  }
  const decoder = new StringDecoder('utf8');
  let size = 0;
  let first = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      budget.left -= chunk.length;
      if (
        budget.left < 0 ||
        size > max ||
        (size > RATIO_FLOOR && size > IMPORT_LIMITS.zipRatio * Math.max(entry.compressedSize, 1))
      )
        throw badRequest(importMessages.zipBomb);
      let text = decoder.write(chunk);
      if (first && text) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      if (text) yield text;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // yauzl: "too many bytes in the stream" when a part inflates past its claimed size.
    const message = error instanceof Error ? error.message : '';
    throw badRequest(
      /too many bytes/.test(message) ? importMessages.zipBomb : importMessages.unreadableXlsx,
    );
  } finally {
    stream.destroy();
  }
}

/** A tag's name without its namespace prefix (`x:row` in some writers). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/**
 * Feeds a part's text to a streaming XML parser. A document type declaration is refused (no
 * entity of its own can be declared, none from outside fetched); an entity XML does not define
 * is an error of the parser. Gives the event loop a turn while it reads.
 */
async function parseXml(
  pieces: AsyncIterable<string>,
  handlers: XmlHandlers,
  overlong: () => Error,
): Promise<void> {
  const parser = new SaxesParser();
  let sinceTag = 0;
  parser.on('doctype', () => {
    throw badRequest(importMessages.unreadableXlsx);
  });
  parser.on('opentag', (tag) => {
    sinceTag = 0;
    handlers.open?.(local(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag) => {
    sinceTag = 0;
    handlers.close?.(local(tag.name));
  });
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const pace = pacer();
  try {
    for await (const piece of pieces) {
      parser.write(piece);
      // The parser holds a text, a tag or an attribute whole until it ends: bound it.
      sinceTag += piece.length;
      if (sinceTag > MAX_RUN_CHARS) throw overlong();
      await pace();
    }
    parser.close();
  } catch (error) {
    throw refusal(error, importMessages.unreadableXlsx);
  }
}

const unreadable = () => badRequest(importMessages.unreadableXlsx);

/** The sheets' names and parts (relationship ids) from the workbook part. */
async function readWorkbook(
  zip: yauzl.ZipFile,
  parts: Map<string, yauzl.Entry>,
  budget: Budget,
): Promise<{ name: string; id: string | undefined }[]> {
  const entry = parts.get('xl/workbook.xml');
  if (!entry) throw badRequest(importMessages.notXlsx);
  const sheets: { name: string; id: string | undefined }[] = [];
  await parseXml(
    partText(zip, entry, budget, MAX_INDEX_BYTES),
    {
      open: (name, attributes) => {
        if (name !== 'sheet') return;
        if (sheets.length >= MAX_SHEETS) throw unreadable();
        const id = Object.entries(attributes).find(([key]) => local(key) === 'id' && key !== 'id');
        sheets.push({ name: attributes.name ?? '', id: id?.[1] });
      },
    },
    unreadable,
  );
  return sheets;
}

/** The workbook's relationships: id to part name, and the shared strings' part. */
async function readRelationships(
  zip: yauzl.ZipFile,
  parts: Map<string, yauzl.Entry>,
  budget: Budget,
): Promise<{ targets: Map<string, string>; sharedStrings: string }> {
  const targets = new Map<string, string>();
  let sharedStrings: string | undefined;
  const entry = parts.get('xl/_rels/workbook.xml.rels');
  if (entry) {
    await parseXml(
      partText(zip, entry, budget, MAX_INDEX_BYTES),
      {
        open: (name, { Id, Type, Target }) => {
          if (name !== 'Relationship' || !Target) return;
          const part = Target.startsWith('/')
            ? Target.slice(1)
            : posix.normalize(posix.join('xl', Target));
          if (Id) targets.set(Id, part);
          if (Type?.endsWith('/sharedStrings')) sharedStrings = part;
        },
      },
      unreadable,
    );
  }
  return { targets, sharedStrings: sharedStrings ?? 'xl/sharedStrings.xml' };
}

/**
 * The shared strings: each `<si>`'s text, its rich-text runs joined (phonetic runs left out).
 * Bounded by the count of strings and their characters in all, beside the bytes inflated.
 */
async function readSharedStrings(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry | undefined,
  budget: Budget,
): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  const tooMany = () => badRequest(importMessages.tooManySharedStrings);
  let chars = 0;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await parseXml(
    partText(zip, entry, budget),
    {
      open: (name) => {
        if (name === 'si') current = '';
        else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && current !== null && phonetic === 0) inText = true;
      },
      close: (name) => {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'si' && current !== null) {
          if (strings.length >= IMPORT_LIMITS.sharedStrings) throw tooMany();
          strings.push(current);
          current = null;
        }
      },
      text: (text) => {
        if (!inText || current === null) return;
        chars += text.length;
        if (chars > IMPORT_LIMITS.sharedStringChars) throw tooMany();
        current += text;
      },
    },
    tooMany,
  );
  return strings;
}

/** Column letters (`A`, `XFD`) of a cell reference (`XFD7`) to an index from 0; -1 if none. */
function columnIndex(reference: string): number {
  let index = 0;
  let at = 0;
  for (; at < reference.length && at < 4; at += 1) {
    const code = reference.charCodeAt(at);
    if (code >= 65 && code <= 90) index = index * 26 + (code - 64);
    else if (code >= 97 && code <= 122) index = index * 26 + (code - 96);
    else break;
  }
  return at === 0 ? -1 : index - 1;
}

/** Days from Excel's day 0 (1899-12-30, its 1900 leap-year slip included) to 1970-01-01. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A cell's value from its type and text: a shared string, an inline string (rich text joined), a
 * formula's cached value (never evaluated), a boolean, an error's text, a number (dates are
 * numbers: Excel serials), or an ISO date (type `d`) as its serial.
 */
function cellValue(type: string | undefined, value: string, shared: string[]): Cell {
  switch (type) {
    case 's': {
      const index = Number(value);
      return Number.isInteger(index) ? (shared[index] ?? '') : '';
    }
    case 'inlineStr':
    case 'str':
    case 'e':
      return value;
    case 'b':
      return value === '' ? '' : value.trim() === '1' || value.trim() === 'true' ? 'TRUE' : 'FALSE';
    case 'd': {
      const time = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
      return Number.isNaN(time) ? value : (time - EXCEL_EPOCH_MS) / 86_400_000;
    }
    default: {
      if (value.trim() === '') return '';
      const number = Number(value);
      return Number.isFinite(number) ? number : value;
    }
  }
}

/**
 * Reads the sheet's rows. Only cells with a value are kept, each at its column; a value past
 * IMPORT_LIMITS.columns refuses the file, and so does a row element past `rowsRead`, blank or
 * not. `onRow` gets each row read (blank rows included) as soon as it ends.
 */
async function readSheet(
  pieces: AsyncIterable<string>,
  shared: string[],
  onRow: (line: number, cells: Cell[]) => void,
): Promise<void> {
  let inData = false;
  let read = 0;
  let line = 0;
  let cells: Cell[] | null = null;
  let width = 0;
  let column = -1;
  // The cell being read: its type, its value's text, and whether text now belongs to it.
  let type: string | undefined;
  let value = '';
  let inCell = false;
  let taking = false;
  let phonetic = 0;
  await parseXml(
    pieces,
    {
      open: (name, attributes) => {
        if (name === 'sheetData') inData = true;
        if (!inData) return;
        if (name === 'row') {
          read += 1;
          if (read > IMPORT_LIMITS.rowsRead) throw badRequest(importMessages.tooManyRowsRead);
          const number = Number(attributes.r);
          line = Number.isInteger(number) && number > line ? number : line + 1;
          cells = [];
          width = 0;
          column = -1;
        } else if (name === 'c' && cells) {
          const at = attributes.r === undefined ? -1 : columnIndex(attributes.r);
          column = at === -1 ? column + 1 : at;
          type = attributes.t;
          value = '';
          inCell = true;
          phonetic = 0;
        } else if (inCell && name === 'rPh') phonetic += 1;
        else if (
          inCell &&
          phonetic === 0 &&
          (name === 'v' || (name === 't' && type === 'inlineStr'))
        )
          taking = true;
      },
      close: (name) => {
        if (name === 'sheetData') inData = false;
        if (!inData || !cells) return;
        if (name === 'v' || name === 't') taking = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'c' && inCell) {
          inCell = false;
          const cell = cellValue(type, value, shared);
          if (cell === '') return;
          if (column >= IMPORT_LIMITS.columns)
            throw badRequest(importMessages.tooManyColumns(line));
          cells[column] = cell;
          width = Math.max(width, column + 1);
        } else if (name === 'row') {
          // Dense up to the last cell with a value, which is within the column limit.
          const row: Cell[] = new Array<Cell>(width);
          for (let at = 0; at < width; at += 1) row[at] = cells[at] ?? '';
          cells = null;
          onRow(line, row);
        }
      },
      text: (text) => {
        if (!taking) return;
        value += text;
        if (value.length > IMPORT_LIMITS.cellChars && type !== 's')
          throw badRequest(importMessages.cellTooLong(line));
      },
    },
    () => badRequest(importMessages.cellTooLong(Math.max(line, 1))),
  );
}

/**
 * The first sheet, or the one named: its rows as read, each checked by `onRow` (which refuses a
 * row by throwing). Nothing of the file leaves memory.
 */
export async function readXlsxSheet(
  bytes: Buffer,
  sheetName: string | undefined,
  onRow: (line: number, cells: Cell[]) => void,
): Promise<{ sheets: string[]; sheet: string }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw badRequest(importMessages.notXlsx);
  }
  try {
    let parts: Map<string, yauzl.Entry>;
    try {
      parts = await listParts(zip);
    } catch (error) {
      throw refusal(error, importMessages.notXlsx);
    }
    const budget: Budget = { left: IMPORT_LIMITS.unzippedBytes };
    const listed = await readWorkbook(zip, parts, budget);
    const sheets = listed.map((sheet) => sheet.name);
    const target = sheetName ?? sheets[0];
    const index = target === undefined ? -1 : sheets.indexOf(target);
    if (target === undefined || index === -1) {
      throw badRequest(sheetName === undefined ? importMessages.notXlsx : importMessages.noSheet);
    }
    const relationships = await readRelationships(zip, parts, budget);
    const id = listed[index]?.id;
    const sheetPart =
      (id === undefined ? undefined : relationships.targets.get(id)) ??
      `xl/worksheets/sheet${index + 1}.xml`;
    const sheetEntry = parts.get(sheetPart);
    if (!sheetEntry) throw badRequest(importMessages.unreadableXlsx);
    const shared = await readSharedStrings(zip, parts.get(relationships.sharedStrings), budget);
    await readSheet(partText(zip, sheetEntry, budget), shared, onRow);
    return { sheets, sheet: target };
  } finally {
    zip.close();
  }
}
