// The PDF building blocks of every statement and report (issue 22), kept together so that other
// documents (a payslip) are made of the same parts: the letterhead (logo, company, title, lines),
// a table whose header row repeats on every page, page numbers, and the render itself on A4.
// Drawn with pdfkit (the engine under pdfmake) directly: pdfmake's layout of a 5,000-row table
// took 8-9 s here, pdfkit's 1.2-1.9 s (docs/decisions/016-exports.md). Fonts are embedded in
// every file, so every viewer and printer shows the same: DejaVu Sans (the `dejavu-fonts-ttf`
// package) for Latin and most other text, and Noto Naskh Arabic
// (`@fontsource/noto-naskh-arabic`) for runs of Arabic script, which it covers with Urdu's
// letters and shaping. Nothing is fetched: fonts and the logo are read from memory.
import { messages } from 'contract';
import type { CompanyWithLogo } from '../repositories/company.js';
import { companyLines, generatedLine } from './excel.js';
import { loadDrawing, scriptRuns, type FontName } from './pdf-fonts.js';
import {
  BOTTOM,
  CELL_PADDING,
  CONTENT_WIDTH,
  PAGE,
  TABLE_SIZE,
  fittedSize,
  fittedWidths,
  forgetLayouts,
  type Doc,
} from './pdf-columns.js';

export interface PdfColumn {
  header: string;
  /** A width in points, or '*' for a share of what the fixed columns leave. */
  width: number | '*';
  align?: 'left' | 'right';
}

/** A cell: its text, or its text spanning `colSpan` columns (the cells it covers are ''). */
export type PdfCell = string | { text: string; colSpan?: number };

/** A table whose header row is repeated at the top of every page it spans. */
export interface PdfTable {
  /** A title printed above the column headers, on the page of the table's first row. */
  title?: string;
  columns: PdfColumn[];
  rows: PdfCell[][];
  boldRows?: Set<number>;
}

/** What a document holds below its letterhead. */
export type PdfContent = PdfTable;

export function repeatedHeaderTable(
  columns: PdfColumn[],
  rows: PdfCell[][],
  options: { boldRows?: Set<number>; title?: string } = {},
): PdfTable {
  return { columns, rows, boldRows: options.boldRows, title: options.title };
}

async function newDocument(title: string, author: string): Promise<Doc> {
  const { Pdf, fonts } = await loadDrawing();
  // Each page is written out when the next begins (no bufferPages): the page numbers' total is
  // known beforehand from a first pass that lays the document out without drawing it. A
  // 10,000-row statement kept whole until its end held some 140 MB of page content.
  const doc = new Pdf({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: title, Author: author, Creator: 'Office finance' },
  });
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);
  return doc;
}

/**
 * A document's pages as it is laid out: in the first pass only measured (nothing is drawn and a
 * new page is only counted), in the second drawn, each page with its number of the total the
 * first pass counted.
 */
interface Pages {
  doc: Doc;
  /** Measuring only: the first pass. */
  dry: boolean;
  /** The page being laid out, from 1. */
  page: number;
  /** How many pages the document has (the second pass: what the first counted). */
  total: number;
  /** Each table's row heights, measured in the first pass and drawn with in the second. */
  rowHeights: number[][];
  /** Each table's column widths, fitted to its figures in the first pass. */
  columnWidths: number[][];
}

interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right';
}

const fontOf = (arabic: boolean, bold = false): FontName =>
  arabic ? (bold ? 'arabicBold' : 'arabic') : bold ? 'bold' : 'regular';

/** The height `text` takes in `width` (Arabic script's taller line counted where present). */
function heightOf(doc: Doc, text: string, width: number, style: TextStyle): number {
  const runs = scriptRuns(text);
  doc.font(fontOf(false, style.bold)).fontSize(style.size);
  const height = doc.heightOfString(text, { width });
  return runs.some((run) => run.arabic) ? height * 1.4 : height;
}

/** Draws `text` at (x, y) in `width`, each script run in its font. */
function draw(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle) {
  const runs = scriptRuns(text);
  doc.fillColor(style.color ?? '#000000').fontSize(style.size);
  runs.forEach((run, index) => {
    doc.font(fontOf(run.arabic, style.bold));
    const options = { width, align: style.align ?? 'left', continued: index < runs.length - 1 };
    if (index === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
}

/** Writes `text` at (x, y) in `width` (in the first pass only measures it); returns its height. */
function write(
  pages: Pages,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
): number {
  const height = heightOf(pages.doc, text, width, style);
  if (!pages.dry) draw(pages.doc, text, x, y, width, style);
  return height;
}

/** `Page 2 of 5`, bottom right of the page being drawn. */
function pageNumber(pages: Pages): void {
  const { doc } = pages;
  // Below the bottom margin: without this pdfkit would start a new page for the footer.
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#000000')
    .text(
      `${messages.exportPage} ${pages.page} ${messages.exportOf} ${pages.total}`,
      PAGE.margin,
      PAGE.height - PAGE.margin - 10,
      { width: CONTENT_WIDTH, align: 'right', lineBreak: false },
    );
  doc.page.margins.bottom = bottom;
}

/** Ends the page (its number written, its content out of memory) and begins the next. */
function newPage(pages: Pages): void {
  if (!pages.dry) {
    pageNumber(pages);
    pages.doc.addPage();
  }
  pages.page += 1;
  forgetLayouts(pages.doc);
}

/**
 * The top of the first page: the logo (when there is one) beside the company's name and
 * contacts, a rule, then the document's title and its lines (party, period, ...). Returns the
 * height used below the top margin.
 */
export function letterhead(
  pages: Pages,
  company: CompanyWithLogo,
  title: string,
  details: string[],
): number {
  const { doc } = pages;
  const top = PAGE.margin;
  let left = PAGE.margin;
  let logoBottom = top;
  if (company.logo) {
    if (!pages.dry) doc.image(company.logo.data, left, top, { fit: [120, 60] });
    left += 130;
    logoBottom = top + 60;
  }
  const width = PAGE.width - PAGE.margin - left;
  const [name = '', ...contacts] = companyLines(company);
  let y = top;
  if (name) y += write(pages, name, left, y, width, { size: 14, bold: true });
  for (const line of contacts)
    y += write(pages, line, left, y, width, { size: 8.5, color: '#444444' });
  y = Math.max(y, logoBottom) + 6;
  if (!pages.dry)
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.8)
      .strokeColor('#000000')
      .stroke();
  y += 10;
  y += write(pages, title, PAGE.margin, y, CONTENT_WIDTH, { size: 13, bold: true }) + 4;
  for (const line of details)
    y += write(pages, line, PAGE.margin, y, CONTENT_WIDTH, { size: 9 }) + 2;
  return y;
}

/**
 * Lays out the table (the document's `index`th) from `y`, adding pages as needed with the header
 * row on each; returns y. Its rows' heights are measured in the first pass only.
 */
export function drawTable(pages: Pages, table: PdfTable, index: number, startY: number): number {
  const { doc } = pages;
  const widths = pages.dry
    ? (pages.columnWidths[index] = fittedWidths(doc, table))
    : (pages.columnWidths[index] ?? fittedWidths(doc, table));
  const lefts = widths.map((_w, i) => PAGE.margin + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const rule = (y: number, width: number, color: string) =>
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();

  /**
   * A row's cells with their x, width, text and size (a spanning cell takes its neighbours'
   * room). A right-aligned body cell is a figure: set smaller when it would not fit its column
   * on one line, so that no amount is ever broken across lines.
   */
  const layout = (row: PdfCell[], bold: boolean, fit: boolean) => {
    const cells: Array<{
      x: number;
      width: number;
      text: string;
      align: 'left' | 'right';
      size: number;
    }> = [];
    for (let i = 0; i < row.length; i += 1) {
      const cell = row[i] ?? '';
      const span = typeof cell === 'string' ? 1 : (cell.colSpan ?? 1);
      const text = typeof cell === 'string' ? cell : cell.text;
      const width = widths.slice(i, i + span).reduce((a, b) => a + b, 0);
      const align = span > 1 ? 'left' : (table.columns[i]?.align ?? 'left');
      const size = fit && align === 'right' ? fittedSize(doc, text, width, bold) : TABLE_SIZE;
      if (text) cells.push({ x: lefts[i] ?? PAGE.margin, width, text, align, size });
      i += span - 1;
    }
    return cells;
  };
  const measureRow = (row: PdfCell[], bold: boolean, fit = true) =>
    Math.max(
      ...layout(row, bold, fit).map((c) =>
        heightOf(doc, c.text, c.width - 2 * CELL_PADDING, { size: c.size, bold }),
      ),
      doc.font('regular').fontSize(TABLE_SIZE).currentLineHeight(),
    ) +
    2 * CELL_PADDING;
  const drawRow = (row: PdfCell[], y: number, bold: boolean, fit = true) => {
    for (const c of layout(row, bold, fit))
      draw(doc, c.text, c.x + CELL_PADDING, y + CELL_PADDING, c.width - 2 * CELL_PADDING, {
        size: c.size,
        bold,
        align: c.align,
      });
  };
  const header = table.columns.map((c) => c.header);
  const headerHeight = measureRow(header, true, false);
  const drawHeader = (y: number) => {
    if (!pages.dry) {
      doc.rect(PAGE.margin, y, CONTENT_WIDTH, headerHeight).fillColor('#E8ECF2').fill();
      drawRow(header, y, true, false);
      rule(y + headerHeight, 1, '#000000');
    }
    return y + headerHeight;
  };

  const heights = pages.dry ? (pages.rowHeights[index] = []) : (pages.rowHeights[index] ?? []);
  let y = startY + 8;
  if (table.title) {
    // The title stays with its column headers and first row: a new page when they do not fit.
    const titleStyle = { size: 11, bold: true };
    const titleHeight = heightOf(doc, table.title, CONTENT_WIDTH, titleStyle) + 4;
    const firstRow = table.rows[0] ? measureRow(table.rows[0], table.boldRows?.has(0) ?? false) : 0;
    if (y + titleHeight + headerHeight + firstRow > BOTTOM) {
      newPage(pages);
      y = PAGE.margin;
    }
    y += write(pages, table.title, PAGE.margin, y, CONTENT_WIDTH, titleStyle) + 4;
  }
  y = drawHeader(y);
  table.rows.forEach((row, rowIndex) => {
    const bold = table.boldRows?.has(rowIndex) ?? false;
    const height = pages.dry ? measureRow(row, bold) : (heights[rowIndex] ?? 0);
    if (pages.dry) heights.push(height);
    if (y + height > BOTTOM) {
      newPage(pages);
      y = drawHeader(PAGE.margin);
    }
    if (!pages.dry) {
      drawRow(row, y, bold);
      rule(y + height, 0.3, '#BBBBBB');
    }
    y += height;
  });
  return y + 8;
}

export interface PdfDocument {
  /** The PDF's title (its properties); also printed under the letterhead. */
  title: string;
  company: CompanyWithLogo;
  details: string[];
  generatedBy: string;
  generatedAt: Date;
  content: PdfContent[];
}

/** Lays the document out on its pages: measured only (the first pass) or drawn. */
function layOut(pages: Pages, source: PdfDocument): void {
  let y = letterhead(pages, source.company, source.title, source.details);
  source.content.forEach((table, index) => {
    y = drawTable(pages, table, index, y);
  });
  const line = generatedLine(source.generatedBy, source.generatedAt);
  if (y + 20 > BOTTOM) {
    newPage(pages);
    y = PAGE.margin;
  }
  write(pages, line, PAGE.margin, y, CONTENT_WIDTH, { size: 8.5, color: '#444444' });
  if (!pages.dry) pageNumber(pages);
}

/**
 * Renders a document on A4 with the letterhead, page numbers and the generated-by line. Laid out
 * twice: first measured, which counts the pages (for `Page 2 of 5`) and each row's height, then
 * drawn, each page written out as the next begins: what is held at once is the rows' text and
 * one page, whatever the document's length.
 */
export async function renderPdf(source: PdfDocument): Promise<Buffer> {
  const doc = await newDocument(source.title, source.company.name);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const measured: Pages = {
    doc,
    dry: true,
    page: 1,
    total: 0,
    rowHeights: [],
    columnWidths: [],
  };
  layOut(measured, source);
  forgetLayouts(doc);
  const drawn: Pages = { ...measured, dry: false, page: 1, total: measured.page };
  layOut(drawn, source);
  if (drawn.page !== drawn.total)
    throw new Error(`the PDF took ${drawn.page} pages where ${drawn.total} were counted`);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
