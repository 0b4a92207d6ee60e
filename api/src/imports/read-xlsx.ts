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
import type yauzl from 'yauzl';
import { IMPORT_LIMITS, importMessages } from 'contract';
import { badRequest } from '../lib/errors.js';
import type { Cell, FileRow } from './read-file.js';
import {
  listParts,
  local,
  MAX_INDEX_BYTES,
  MAX_SHEETS,
  openZip,
  parseXml,
  partText,
  refusal,
  type Budget,
} from './xlsx-parts.js';

export interface Sheet {
  sheets: string[];
  sheet: string;
  rows: FileRow[];
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
