// Builds .xlsx workbooks (and plain zips) byte by byte for the import's tests and benchmarks: the
// parts in any order (Excel's, or LibreOffice's with the sheets before the shared strings), sizes
// in the zip's headers that lie, and parts that inflate far beyond their packed size without ever
// being held whole. Nothing here is a spreadsheet library: each byte of the zip is chosen.
import { constants, deflateRawSync } from 'node:zlib';

/** A part already deflated: its packed bytes, its real unpacked size and CRC-32. */
export interface Deflated {
  bytes: Buffer;
  size: number;
  crc: number;
}

export interface ZipPart {
  name: string;
  /** The part's content, deflated by the builder; or already deflated. */
  data: string | Buffer | Deflated;
  /** The unpacked size the zip's headers claim (the real one when left out). */
  claimedSize?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_unused, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Buffer, crc = 0): number {
  let c = ~crc >>> 0;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

const isDeflated = (data: ZipPart['data']): data is Deflated =>
  typeof data === 'object' && !Buffer.isBuffer(data);

function deflate(data: string | Buffer): Deflated {
  const raw = typeof data === 'string' ? Buffer.from(data) : data;
  return { bytes: deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
}

/**
 * `prefix`, then `unit` repeated `times` times, deflated without ever being whole: the unit is deflated once
 * and its blocks repeated (each run ends on a sync flush, so runs join into one stream). A
 * megabyte of repeated XML packs to about a kilobyte, so a gigabyte costs about a megabyte.
 */
export function repeatedDeflate(unit: string | Buffer, times: number, prefix = ''): Deflated {
  const raw = typeof unit === 'string' ? Buffer.from(unit) : unit;
  const first = Buffer.from(prefix);
  const flushed = (bytes: Buffer) => deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });
  const block = flushed(raw);
  const blocks: Buffer[] = Array.from({ length: times }, () => block);
  return {
    bytes: Buffer.concat([flushed(first), ...blocks, deflateRawSync(Buffer.alloc(0))]),
    size: first.length + raw.length * times,
    // Not computed: it would cost a pass over the whole unpacked size, and yauzl does not check it.
    crc: 0,
  };
}

/** A zip of the parts, in the order given (deflated; local headers, central directory, end). */
export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const packed = isDeflated(part.data) ? part.data : deflate(part.data);
    const name = Buffer.from(part.name);
    const size = part.claimedSize ?? packed.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(packed.crc, 14);
    local.writeUInt32LE(packed.bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.crc, 16);
    central.writeUInt32LE(packed.bytes.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed.bytes);
    centrals.push(central, name);
    offset += local.length + name.length + packed.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Column letters of an index from 0 (0 -> A, 16383 -> XFD). */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A cell: a number, a shared string's index, inline text, a formula with its cached value. */
export type XlsxCell =
  | { number: number; formula?: string }
  | { shared: number }
  | { inline: string }
  | { text: string; formula: string }
  | { boolean: boolean }
  | { empty: true };

/** A cell's XML at a column (from 0) of a row (from 1). */
export function cellXml(column: number, row: number, cell: XlsxCell): string {
  const ref = `${columnName(column)}${row}`;
  if ('number' in cell) {
    const formula = cell.formula ? `<f>${escapeXml(cell.formula)}</f>` : '';
    return `<c r="${ref}">${formula}<v>${cell.number}</v></c>`;
  }
  if ('shared' in cell) return `<c r="${ref}" t="s"><v>${cell.shared}</v></c>`;
  if ('inline' in cell)
    return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell.inline)}</t></is></c>`;
  if ('formula' in cell)
    return `<c r="${ref}" t="str"><f>${escapeXml(cell.formula)}</f><v>${escapeXml(cell.text)}</v></c>`;
  if ('boolean' in cell) return `<c r="${ref}" t="b"><v>${cell.boolean ? 1 : 0}</v></c>`;
  return `<c r="${ref}"/>`;
}

/** A row's XML: its number (from 1) and its cells' XML. */
export const rowXml = (row: number, cells: string) => `<row r="${row}">${cells}</row>`;

/** A worksheet part around the rows' XML. */
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${RELS}"><sheetData>${rows}</sheetData></worksheet>`;

/** A shared strings part of the texts. */
export const sharedStringsXml = (texts: string[]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}" count="${texts.length}" uniqueCount="${texts.length}">${texts
    .map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`)
    .join('')}</sst>`;

export interface XlsxSheet {
  name: string;
  /** The worksheet part (see sheetXml), or already deflated. */
  xml: string | Buffer | Deflated;
}

export interface XlsxOptions {
  sheets: XlsxSheet[];
  /** The shared strings: texts, or the part itself (or already deflated). */
  sharedStrings?: string[] | string | Buffer | Deflated;
  /** Excel puts the workbook and shared strings before the sheets; LibreOffice, after. */
  order?: 'excel' | 'libreoffice';
  /** Unpacked sizes the zip's headers claim, by part name (`xl/worksheets/sheet1.xml`). */
  claimedSizes?: Record<string, number>;
}

/** A workbook as an .xlsx file's bytes. */
export function buildXlsx({
  sheets,
  sharedStrings,
  order = 'excel',
  claimedSizes = {},
}: XlsxOptions): Buffer {
  const sheetParts = sheets.map((sheet, index) => ({
    name: `xl/worksheets/sheet${index + 1}.xml`,
    data: sheet.xml,
  }));
  const strings =
    sharedStrings === undefined
      ? []
      : [
          {
            name: 'xl/sharedStrings.xml',
            data: Array.isArray(sharedStrings) ? sharedStringsXml(sharedStrings) : sharedStrings,
          },
        ];
  const types = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheetParts
    .map(
      (part) =>
        `<Override PartName="/${part.name}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join(
      '',
    )}${strings.length ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`;
  const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets>${sheets
    .map(
      (sheet, index) =>
        `<sheet name="${escapeXml(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
    )
    .join('')}</sheets></workbook>`;
  const workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELS}">${sheetParts
    .map(
      (part, index) =>
        `<Relationship Id="rId${index + 1}" Type="${RELS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
    )
    .join(
      '',
    )}${strings.length ? `<Relationship Id="rId${sheets.length + 1}" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`;
  const head = [
    { name: '[Content_Types].xml', data: types },
    { name: '_rels/.rels', data: rootRels },
  ];
  const index = [
    { name: 'xl/workbook.xml', data: workbook },
    { name: 'xl/_rels/workbook.xml.rels', data: workbookRels },
  ];
  const parts: ZipPart[] =
    order === 'excel'
      ? [...head, ...index, ...strings, ...sheetParts]
      : [...head, ...sheetParts, ...strings, ...index];
  return buildZip(parts.map((part) => ({ ...part, claimedSize: claimedSizes[part.name] })));
}
