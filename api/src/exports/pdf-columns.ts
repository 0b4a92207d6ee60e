// The page's measures and the widths of a table's columns (issue 42): a column of figures is as
// wide as its widest figure, so that no amount is broken across lines or set smaller than the
// figures above it; the room comes from the columns of text beside it.
import type { PdfColumn, PdfTable } from './pdf.js';

export type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89, margin: 40, footer: 30 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const BOTTOM = PAGE.height - PAGE.margin - PAGE.footer;
export const CELL_PADDING = 2;

/**
 * Forgets the glyph layouts pdfkit keeps of every word a font has set (`layoutCache`, for the
 * document's life): on a long statement each amount, date and line number is a word of its own,
 * some 35 MB over 10,000 rows. Emptied at each page, it keeps only what the page repeats.
 */
export function forgetLayouts(doc: Doc): void {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })
    ._fontFamilies;
  for (const font of Object.values(fonts ?? {}))
    if (font.layoutCache) font.layoutCache = Object.create(null) as object;
}

export const TABLE_SIZE = 9;

/** The size at which `text` fits `width` on one line: the table's size, or smaller (never below 5). */
export function fittedSize(doc: Doc, text: string, width: number, bold: boolean): number {
  doc.font(bold ? 'bold' : 'regular').fontSize(TABLE_SIZE);
  const room = width - 2 * CELL_PADDING - 1;
  const needed = doc.widthOfString(text);
  if (needed <= room) return TABLE_SIZE;
  return Math.max(5, Math.floor((TABLE_SIZE * room * 10) / needed) / 10);
}

/** The columns' widths in points, '*' sharing what the fixed ones leave. */
function widthsOf(columns: PdfColumn[], fixed: number[] = []): number[] {
  const width = (c: PdfColumn, i: number) => fixed[i] ?? (c.width === '*' ? 0 : c.width);
  const taken = columns.reduce((sum, c, i) => sum + width(c, i), 0);
  const stars = columns.filter((c) => c.width === '*').length;
  return columns.map((c, i) =>
    c.width === '*' ? (CONTENT_WIDTH - taken) / (stars || 1) : width(c, i),
  );
}

/** The least a '*' column of text keeps when figures beside it need more room. */
const MIN_TEXT_WIDTH = 90;

/**
 * The columns' widths with each fixed column of figures widened to its widest figure (set at the
 * table's size, bold in bold rows), the room taken from the '*' columns down to MIN_TEXT_WIDTH:
 * a total is then never set smaller than the figures above it. Where even that is not enough the
 * widening stops at what there is, and fittedSize sets the figures that still do not fit smaller.
 */
export function fittedWidths(doc: Doc, table: PdfTable): number[] {
  const { columns } = table;
  const needed = columns.map(() => 0);
  const measured = new Map<string, number>();
  table.rows.forEach((row, rowIndex) => {
    const bold = table.boldRows?.has(rowIndex) ?? false;
    row.forEach((cell, i) => {
      if (typeof cell !== 'string' || !cell || columns[i]?.align !== 'right') return;
      const key = `${bold ? 'b' : 'r'}${cell}`;
      let width = measured.get(key);
      if (width === undefined) {
        doc.font(bold ? 'bold' : 'regular').fontSize(TABLE_SIZE);
        width = doc.widthOfString(cell) + 2 * CELL_PADDING + 1;
        measured.set(key, width);
      }
      needed[i] = Math.max(needed[i] ?? 0, width);
    });
  });
  forgetLayouts(doc);
  const fixed = columns.map((c, i) =>
    c.width === '*' ? 0 : Math.max(c.width, c.align === 'right' ? (needed[i] ?? 0) : 0),
  );
  const stars = columns.filter((c) => c.width === '*').length;
  const over = fixed.reduce((a, b) => a + b, 0) + stars * MIN_TEXT_WIDTH - CONTENT_WIDTH;
  // Then the widening itself gives way, each column back towards its own width.
  const grown = columns.map((c, i) => (c.width === '*' ? 0 : (fixed[i] ?? 0) - c.width));
  const growth = grown.reduce((a, b) => a + Math.max(b, 0), 0);
  if (over > 0 && growth > 0) {
    const share = Math.min(1, over / growth);
    columns.forEach((_c, i) => {
      if ((grown[i] ?? 0) > 0) fixed[i] = (fixed[i] ?? 0) - (grown[i] ?? 0) * share;
    });
  }
  return widthsOf(columns, fixed);
}
