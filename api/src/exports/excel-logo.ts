// The company's logo in the header block of a streamed Excel file. exceljs' streaming
// WorkbookWriter stores images (workbook.addImage puts them in xl/media and their type in
// [Content_Types].xml), but its WorksheetWriter can only set a sheet's background, not place a
// picture. So the few parts of a picture are written here by hand, as SpreadsheetML wants them:
// - xl/drawings/drawing1.xml: one oneCellAnchor holding the picture, at the top-left cell, with
//   its size in EMU (so row heights never stretch it);
// - xl/drawings/_rels/drawing1.xml.rels: the drawing's link to xl/media/imageN;
// - the sheet's link to the drawing, and `<drawing r:id>` in the sheet's XML, written when the
//   sheet is committed, after everything the schema puts before it (autoFilter, pageSetup, ...)
//   and before legacyDrawing;
// - an Override in [Content_Types].xml for the drawing part (the writer lists no drawings).
// None of it touches the rows, so the sheet stays streamed whatever its length.
import type ExcelJS from 'exceljs';
import type { CompanyWithLogo } from '../repositories/company.js';

type Logo = NonNullable<CompanyWithLogo['logo']>;

/** Pixels to EMU, the unit of drawings. */
const EMU_PER_PIXEL = 9525;
/** The height of a header line at the sheet's default row height (15 pt = 20 px). */
export const ROW_PIXELS = 20;

const DRAWING = 'xl/drawings/drawing1.xml';
const DRAWING_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing';
const IMAGE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const DRAWING_TYPE = 'application/vnd.openxmlformats-officedocument.drawing+xml';

/** An image's width and height in pixels, read from a PNG's IHDR or a JPEG's frame header. */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.toString('latin1', 12, 16) === 'IHDR')
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), carry the frame's size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

/** Excel's pixel width of a column `width` characters wide (Calibri 11: 7 px a character). */
export const columnPixels = (width: number) => Math.floor(width * 7 + 5);

/** The logo's size: as large as fits the box, its proportions kept, never enlarged. */
export function logoSize(
  logo: Logo,
  box: { width: number; height: number },
): { width: number; height: number } {
  const size = imageSize(logo.data) ?? box;
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** What this file uses of exceljs' streaming writers, beyond their typed API (exceljs 4.4). */
interface WriterInternals {
  zip: { append(source: string, data: { name: string }): void };
  addContentTypes(): Promise<void>;
}
interface SheetInternals {
  _sheetRelsWriter: { addRelationship(rel: { Type: string; Target: string }): string };
  _writeLegacyData(): void;
  stream: { write(xml: string): void };
}

/**
 * Places the logo at the top-left of the sheet, `size` pixels large. Call it before any row is
 * committed; the parts are written when the sheet and the workbook are.
 */
export function addLogo(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: ExcelJS.Worksheet,
  logo: Logo,
  size: { width: number; height: number },
): void {
  const writer = workbook as unknown as WriterInternals;
  const internals = sheet as unknown as SheetInternals;
  if (
    typeof writer.zip?.append !== 'function' ||
    typeof writer.addContentTypes !== 'function' ||
    typeof internals._writeLegacyData !== 'function' ||
    typeof internals._sheetRelsWriter?.addRelationship !== 'function'
  )
    throw new Error('exceljs has changed: the Excel logo cannot be placed');

  const extension = logo.mediaType === 'image/png' ? 'png' : 'jpeg';
  const imageId = workbook.addImage({
    // exceljs types the buffer as its own; a Node Buffer is what its zip takes.
    buffer: logo.data as unknown as ExcelJS.Buffer,
    extension,
  });
  const media = `image${imageId}.${extension}`;
  const cx = size.width * EMU_PER_PIXEL;
  const cy = size.height * EMU_PER_PIXEL;
  writer.zip.append(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"' +
      ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"' +
      ' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<xdr:oneCellAnchor>' +
      '<xdr:from><xdr:col>0</xdr:col><xdr:colOff>0</xdr:colOff>' +
      '<xdr:row>0</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>' +
      `<xdr:ext cx="${cx}" cy="${cy}"/>` +
      '<xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="Logo"/>' +
      '<xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr>' +
      '<xdr:blipFill><a:blip r:embed="rId1"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill>' +
      `<xdr:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm>` +
      '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr></xdr:pic>' +
      '<xdr:clientData/></xdr:oneCellAnchor></xdr:wsDr>',
    { name: DRAWING },
  );
  writer.zip.append(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      `<Relationship Id="rId1" Type="${IMAGE_REL}" Target="../media/${media}"/>` +
      '</Relationships>',
    { name: 'xl/drawings/_rels/drawing1.xml.rels' },
  );

  // The sheet's `<drawing>` comes right before its legacyDrawing, as the schema orders them.
  const writeLegacyData = internals._writeLegacyData.bind(sheet);
  internals._writeLegacyData = () => {
    const rId = internals._sheetRelsWriter.addRelationship({
      Type: DRAWING_REL,
      Target: '../drawings/drawing1.xml',
    });
    internals.stream.write(`<drawing r:id="${rId}"/>`);
    writeLegacyData();
  };

  // The content types are written in one piece at the end: the drawing's Override goes in it.
  const addContentTypes = writer.addContentTypes.bind(workbook);
  writer.addContentTypes = () => {
    const append = writer.zip.append;
    writer.zip.append = (source, data) =>
      append.call(
        writer.zip,
        data.name === '[Content_Types].xml'
          ? source.replace(
              '</Types>',
              `<Override PartName="/${DRAWING}" ContentType="${DRAWING_TYPE}"/></Types>`,
            )
          : source,
        data,
      );
    try {
      return addContentTypes();
    } finally {
      writer.zip.append = append;
    }
  };
}
