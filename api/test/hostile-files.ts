// Hostile files, generated in code (nothing large is committed): workbooks that are wide, blank,
// ordered as LibreOffice writes them or zips that lie about their sizes; CSVs of millions of
// commas or mixed line breaks; a huge progressive JPEG; big PDFs; and small spoilt files. Used
// by the event-loop guard, the hostile upload suite and `npm run bench:hostile`, each at its own
// size.
//
// The zips are written here by hand (local headers, data, central directory) with node:zlib:
// none of the zip libraries installed lets a caller choose the sizes a header claims, and a zip
// bomb that lies about them is one of the files this module has to make.
import { randomBytes } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';

// ------------------------------------------------------------------------------------ zips

/** An entry's data already deflated (raw), with the CRC and length of what it inflates to. */
export interface Deflated {
  bytes: Buffer;
  crc: number;
  size: number;
}

export interface ZipEntry {
  name: string;
  /** The entry's content, deflated on writing; or `deflated` when it was deflated already. */
  data?: Buffer | string;
  deflated?: Deflated;
  /** The uncompressed size the local header and the central directory claim (a lie if set). */
  claimedSize?: number;
}

const deflate = (data: Buffer): Deflated => ({
  bytes: deflateRawSync(data),
  crc: crc32(data),
  size: data.length,
});

/** A zip of `entries` in their order, each deflated. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed =
      entry.deflated ??
      deflate(
        typeof entry.data === 'string' ? Buffer.from(entry.data) : (entry.data ?? Buffer.alloc(0)),
      );
    const name = Buffer.from(entry.name);
    const claimed = entry.claimedSize ?? packed.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // flags: UTF-8 names
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    local.writeUInt32LE(packed.crc >>> 0, 14);
    local.writeUInt32LE(packed.bytes.length, 18);
    local.writeUInt32LE(claimed >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(packed.crc >>> 0, 16);
    central.writeUInt32LE(packed.bytes.length, 20);
    central.writeUInt32LE(claimed >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed.bytes);
    centrals.push(central, name);
    offset += local.length + name.length + packed.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `head`, then `unit` repeated until about `bytes` in all, then `tail`, deflated without ever
 * holding the whole text: each piece is deflated on its own and flushed to a byte boundary, so
 * the pieces join into one valid stream (a megabyte of repeats packs to about a kilobyte).
 */
export function deflatedRepeat(head: string, unit: string, bytes: number, tail: string): Deflated {
  const sync = { finishFlush: constants.Z_SYNC_FLUSH, level: 9 };
  const chunk = Buffer.from(unit.repeat(Math.max(1, Math.floor((1024 * 1024) / unit.length))));
  const times = Math.max(1, Math.round((bytes - head.length - tail.length) / chunk.length));
  const packedChunk = deflateRawSync(chunk, sync);
  const headBytes = Buffer.from(head);
  const tailBytes = Buffer.from(tail);
  let crc = crc32(headBytes);
  for (let i = 0; i < times; i += 1) crc = crc32(chunk, crc);
  crc = crc32(tailBytes, crc);
  return {
    bytes: Buffer.concat([
      deflateRawSync(headBytes, sync),
      ...Array.from({ length: times }, () => packedChunk),
      deflateRawSync(tailBytes),
    ]),
    crc,
    size: headBytes.length + times * chunk.length + tailBytes.length,
  };
}

// ---------------------------------------------------------------------------------- workbooks

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const contentTypes =
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
  '</Types>';
const packageRels =
  `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" ` +
  `Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const workbook =
  `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets>` +
  '<sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const workbookRels =
  `${XML}<Relationships xmlns="${RELS}">` +
  `<Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/>` +
  '</Relationships>';
const SHEET_HEAD = `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';
const SST_HEAD = `${XML}<sst xmlns="${MAIN}">`;
const SST_TAIL = '</sst>';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A column's letters from its number (1 = A, 16,384 = XFD). */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * A workbook of one sheet, "Sheet1". `order` is the order of the parts in the zip: Excel's puts
 * the shared strings before the sheet; LibreOffice's writes the sheet first.
 */
export function xlsx(
  sheet: ZipEntry['data'] | Deflated,
  sharedStrings: ZipEntry['data'] | Deflated = `${SST_HEAD}${SST_TAIL}`,
  order: 'excel' | 'libreoffice' = 'excel',
  claimed: { sheet?: number; sharedStrings?: number } = {},
): Buffer {
  const part = (name: string, data: ZipEntry['data'] | Deflated, claimedSize?: number) =>
    typeof data === 'string' || Buffer.isBuffer(data) || data === undefined
      ? { name, data, claimedSize }
      : { name, deflated: data, claimedSize };
  const sheetPart = part('xl/worksheets/sheet1.xml', sheet, claimed.sheet);
  const stringsPart = part('xl/sharedStrings.xml', sharedStrings, claimed.sharedStrings);
  return zip([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: '_rels/.rels', data: packageRels },
    { name: 'xl/workbook.xml', data: workbook },
    { name: 'xl/_rels/workbook.xml.rels', data: workbookRels },
    ...(order === 'excel' ? [stringsPart, sheetPart] : [sheetPart, stringsPart]),
  ]);
}

/** A sheet's XML from rows of cells (numbers as numbers, text inline), row 1 first. */
export function sheetXml(rows: Array<Array<string | number>>): string {
  const body = rows
    .map((cells, r) => {
      const row = r + 1;
      const xml = cells
        .map((cell, c) => {
          const ref = `${columnName(c + 1)}${row}`;
          return typeof cell === 'number'
            ? `<c r="${ref}"><v>${cell}</v></c>`
            : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`;
        })
        .join('');
      return `<row r="${row}">${xml}</row>`;
    })
    .join('');
  return `${SHEET_HEAD}${body}${SHEET_TAIL}`;
}

/** A plain workbook of the given rows (Excel's order). */
export const importXlsx = (rows: Array<Array<string | number>>): Buffer => xlsx(sheetXml(rows));

/** `rows` rows, each with one number in `column` (XFD, the last, by default) and nothing else. */
export function wideXlsx(rows: number, column = 'XFD'): Buffer {
  const parts: string[] = [SHEET_HEAD];
  for (let row = 1; row <= rows; row += 1)
    parts.push(`<row r="${row}"><c r="${column}${row}"><v>1</v></c></row>`);
  parts.push(SHEET_TAIL);
  return xlsx(parts.join(''));
}

/** `rows` blank rows: each holds one empty, styled cell in `column` and no value. */
export function blankRowsXlsx(rows: number, column = 'XFD'): Buffer {
  const parts: string[] = [SHEET_HEAD];
  for (let row = 1; row <= rows; row += 1)
    parts.push(`<row r="${row}"><c r="${column}${row}" s="0"/></row>`);
  parts.push(SHEET_TAIL);
  return xlsx(parts.join(''));
}

/**
 * A workbook as LibreOffice writes it: the sheet part before sharedStrings.xml, its text in
 * shared strings. `rows` are the cells (the first is the header), all text.
 */
export function libreOfficeOrderXlsx(rows: string[][] = sampleIncomeRows()): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const at = (text: string) => {
    if (!index.has(text)) {
      index.set(text, strings.length);
      strings.push(text);
    }
    return index.get(text)!;
  };
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">` +
        cells
          .map((cell, c) => `<c r="${columnName(c + 1)}${r + 1}" t="s"><v>${at(cell)}</v></c>`)
          .join('') +
        '</row>',
    )
    .join('');
  const sst =
    `${XML}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">` +
    strings.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('') +
    SST_TAIL;
  return xlsx(`${SHEET_HEAD}${body}${SHEET_TAIL}`, sst, 'libreoffice');
}

/** A few income rows as a person's file holds them: header, then date, client, amount... */
export function sampleIncomeRows(count = 3, day = '2026-01-15', client = 'Acme Buyer'): string[][] {
  return [
    ['Date', 'Client', 'Amount', 'Credit/Debit', 'Description'],
    ...Array.from({ length: count }, (_, i) => [
      day,
      client,
      `${100 + i}.00`,
      'Debit',
      `Office figures line ${i + 1}`,
    ]),
  ];
}

export interface LyingZipOptions {
  /** The part that inflates beyond what it claims. */
  via: 'sheet' | 'sharedStrings';
  /** What it inflates to (default 1 GiB). */
  inflatedBytes?: number;
  /** What its headers claim (default 100,000 bytes). */
  claimedBytes?: number;
}

/**
 * A zip bomb that lies: the sheet part (written first, as LibreOffice orders it, so a reader
 * that waits for the shared strings has to put it somewhere) or the shared strings (thousands
 * of short strings, first, as Excel orders them, so a reader keeps them all) inflate to
 * `inflatedBytes` while the local header and the central directory both claim `claimedBytes`.
 * About a kilobyte of file per megabyte inflated.
 */
export function lyingZipXlsx(options: LyingZipOptions): Buffer {
  const inflated = options.inflatedBytes ?? 1024 * 1024 * 1024;
  const claimed = options.claimedBytes ?? 100_000;
  const rows = sheetXml(sampleIncomeRows(2));
  if (options.via === 'sheet') {
    // Spaces between the rows: XML a reader must go through, that no row count bounds.
    const head = rows.slice(0, rows.length - SHEET_TAIL.length);
    const bomb = deflatedRepeat(head, ' '.repeat(1024), inflated, SHEET_TAIL);
    return xlsx(bomb, undefined, 'libreoffice', { sheet: claimed });
  }
  const bomb = deflatedRepeat(SST_HEAD, `<si><t>${'x'.repeat(100)}</t></si>`, inflated, SST_TAIL);
  return xlsx(rows, bomb, 'excel', { sharedStrings: claimed });
}

/** The start of a zip (its first local header and some data) without its central directory. */
export const truncatedXlsx = (): Buffer => {
  const whole = importXlsx(sampleIncomeRows(5));
  return whole.subarray(0, Math.floor(whole.length / 2));
};

// ---------------------------------------------------------------------------------------- CSV

/** A header of `commas` commas (so `commas + 1` empty column names), then one ordinary row. */
export function commaCsv(commas: number): Buffer {
  return Buffer.concat([
    Buffer.alloc(commas, ','),
    Buffer.from('\n2026-01-15,Acme Buyer,10,Debit,x\n'),
  ]);
}

/** A header and three rows, the lines ended by \r\n, \n and \r in turn: three rows, not one. */
export function mixedLineBreakCsv(day = '2026-01-15', client = 'Acme Buyer'): Buffer {
  return Buffer.from(
    'Date,Client,Amount,Credit/Debit,Description\r\n' +
      `${day},${client},100.00,Debit,first\n` +
      `${day},${client},101.00,Debit,second\r` +
      `${day},${client},102.00,Debit,third\r\n`,
  );
}

/** `rows` income rows at the largest amount a form takes (999,999,999,999.99 by default). */
export function bigAmountsCsv(
  rows = 101,
  amount = '999999999999.99',
  day = '2026-01-15',
  client = 'Acme Buyer',
): Buffer {
  const lines = ['Date,Client,Amount,Credit/Debit,Description'];
  for (let i = 1; i <= rows; i += 1) lines.push(`${day},${client},${amount},Debit,Large ${i}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Cells a spreadsheet would run as formulas, and a null character. */
export const formulaCsv = (day = '2026-01-15', client = 'Acme Buyer'): Buffer =>
  Buffer.from(
    'Date,Client,Amount,Credit/Debit,Description\n' +
      `${day},${client},10,Debit,=HYPERLINK("http://example.invalid")\n` +
      `${day},${client},11,Debit,@SUM(1+1)\n` +
      `${day},${client},12,Debit,+cmd|' /C calc'!A0\n`,
  );

export const nullByteCsv = (day = '2026-01-15', client = 'Acme Buyer'): Buffer =>
  Buffer.from(`Date,Client,Amount,Credit/Debit,Description\n${day},${client},10,Debit,a\u0000b\n`);

// ------------------------------------------------------------------------------ images and PDFs

/**
 * A progressive JPEG `side` pixels square (7,745: just under 60 megapixels), small on disk: a
 * tiny gradient resized up and saved at a low quality, so its bytes say little and its pixels
 * are many. Loaded lazily: sharp is the server's, and costs a start-up. Enlarged by a cubic
 * filter, or by repeating pixels (`'nearest'`): as costly to decode (at 7,745 a side 0.7 s of
 * processor time against 0.8 s), under half as costly to make (1.6 s against 3.6 s).
 */
export async function hugeProgressiveJpeg(
  side = 7745,
  quality = 10,
  kernel: 'cubic' | 'nearest' = 'cubic',
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const tiny = Buffer.alloc(8 * 8 * 3);
  for (let i = 0; i < tiny.length; i += 1) tiny[i] = (i * 37) % 256;
  return sharp(tiny, { raw: { width: 8, height: 8, channels: 3 } })
    .resize(side, side, { kernel })
    .jpeg({ progressive: true, quality })
    .toBuffer();
}

/**
 * A `side` x `side` image of a kind a decoder holds whole (files/images.ts, decodeBytes), with
 * detail in every block (a plain colour would cost the encoder, not the decoder, nothing): a
 * progressive JPEG with chroma at full size, a WebP image, or an interlaced 16-bit RGBA PNG; or,
 * for comparison, an ordinary baseline JPEG as a phone writes it.
 */
export async function costlyImage(
  kind: 'jpeg-baseline' | 'jpeg-444' | 'webp' | 'png16-interlaced',
  side: number,
  height = side,
): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const tiny = Buffer.alloc(8 * 8 * 4);
  for (let i = 0; i < tiny.length; i += 1) tiny[i] = (i * 37) % 256;
  // Smooth for the lossy kinds; blocks of one colour for the PNG, which must stay under the
  // 10 MB a receipt may have (a smooth 16-bit picture does not compress well).
  const image = sharp(tiny, { raw: { width: 8, height: 8, channels: 4 } }).resize(side, height, {
    kernel: kind === 'png16-interlaced' ? 'nearest' : 'cubic',
  });
  if (kind === 'jpeg-baseline') return image.removeAlpha().jpeg({ quality: 80 }).toBuffer();
  if (kind === 'jpeg-444')
    return image
      .removeAlpha()
      .jpeg({ progressive: true, quality: 10, chromaSubsampling: '4:4:4' })
      .toBuffer();
  if (kind === 'webp') return image.webp({ quality: 10 }).toBuffer();
  return image.toColourspace('rgb16').png({ progressive: true }).toBuffer();
}

/**
 * A file that starts and ends as a PDF does, `bytes` long: random bytes in between, as a PDF's
 * compressed streams are (nothing a database can shrink). `tag` makes each one distinct.
 */
export function bigPdf(bytes: number, tag: string | number = Math.random()): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${tag}\n`);
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, randomBytes(Math.max(0, bytes - head.length - tail.length)), tail]);
}

/** A PDF's first line followed by an HTML page: a file that lies about its type. */
export const htmlAsPdf = (): Buffer =>
  Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n');

/** A PNG signature and nothing else that makes an image. */
export const brokenPng = (): Buffer =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);

// ----------------------------------------------------------------------------------- requests

export interface FormPart {
  name: string;
  /** A file part: its name (sent as it is, hostile or not) and type. */
  fileName?: string;
  contentType?: string;
  value: Buffer | string;
}

/** A multipart/form-data body of `parts`, and the content type that names its boundary. */
export function multipartBody(
  parts: FormPart[],
  boundary = `----hostile-${randomBytes(6).toString('hex')}`,
): { body: Buffer; contentType: string } {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      `Content-Disposition: form-data; name="${part.name}"` +
      (part.fileName === undefined ? '' : `; filename="${part.fileName}"`);
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    pieces.push(Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`));
    pieces.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(pieces),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The import's form: the options, then the file. */
export const importForm = (fileName: string, file: Buffer, options: object = { kind: 'income' }) =>
  multipartBody([
    { name: 'options', value: JSON.stringify(options) },
    { name: 'file', fileName, contentType: 'application/octet-stream', value: file },
  ]);

/** The receipts' form: each file in a field named `receipt`. */
export const receiptForm = (files: Array<{ fileName: string; bytes: Buffer; type?: string }>) =>
  multipartBody(
    files.map((file) => ({
      name: 'receipt',
      fileName: file.fileName,
      contentType: file.type ?? 'application/octet-stream',
      value: file.bytes,
    })),
  );
