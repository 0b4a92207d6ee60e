// The PDF building blocks of every statement and report (issue 22), kept together so that other
// documents (a payslip) are made of the same parts: the letterhead (logo, company, title, lines),
// a table whose header row repeats on every page, page numbers, and the render itself on A4.
// Drawn with pdfkit (the engine under pdfmake) directly: pdfmake's layout of a 5,000-row table
// took 8-9 s here, pdfkit's 1.2-1.9 s (docs/decisions/016-exports.md). Fonts are embedded in
// every file, so every viewer and printer shows the same: DejaVu Sans (the `dejavu-fonts-ttf`
// package) for Latin and most other text, and Noto Naskh Arabic
// (`@fontsource/noto-naskh-arabic`) for runs of Arabic script, which it covers with Urdu's
// letters and shaping. Nothing is fetched: fonts and the logo are read from memory.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type PDFDocument from 'pdfkit';
import { messages } from 'contract';
import type { CompanyWithLogo } from '../repositories/company.js';
import { companyLines, generatedLine } from './excel.js';

const require = createRequire(import.meta.url);
const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const NASKH = path.join(
  path.dirname(require.resolve('@fontsource/noto-naskh-arabic/package.json')),
  'files',
);
const FONT_FILES = {
  regular: path.join(DEJAVU, 'DejaVuSans.ttf'),
  bold: path.join(DEJAVU, 'DejaVuSans-Bold.ttf'),
  arabic: path.join(NASKH, 'noto-naskh-arabic-arabic-400-normal.woff'),
  arabicBold: path.join(NASKH, 'noto-naskh-arabic-arabic-700-normal.woff'),
};
type FontName = keyof typeof FONT_FILES;

/**
 * pdfkit and each font's bytes, loaded and read once, on the first PDF rather than when the
 * server starts (most processes never draw one). A load that fails is not kept: the next PDF
 * tries again.
 */
let drawing: Promise<{ Pdf: typeof PDFDocument; fonts: Record<FontName, Buffer> }> | undefined;
const loadDrawing = () =>
  (drawing ??= Promise.all([
    import('pdfkit'),
    ...Object.entries(FONT_FILES).map(
      async ([name, file]) => [name, await readFile(file)] as const,
    ),
  ]).then(
    ([{ default: Pdf }, ...fonts]) => ({
      Pdf,
      fonts: Object.fromEntries(fonts) as Record<FontName, Buffer>,
    }),
    (error: unknown) => {
      drawing = undefined;
      throw error;
    },
  ));

const PAGE = { width: 595.28, height: 841.89, margin: 40, footer: 30 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - PAGE.footer;
const CELL_PADDING = 2;

const ARABIC = '\\u0600-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB50-\\uFDFF\\uFE70-\\uFEFF';
/** A run of Arabic-script words, with the spaces and Arabic punctuation between them. */
const ARABIC_RUN = new RegExp(`([${ARABIC}]+(?:[\\s\\u060C\\u061B\\u061F]+[${ARABIC}]+)*)`, 'u');

/** Text in runs, each run of Arabic script (Arabic, Urdu, Persian) in the font that shapes it. */
export function scriptRuns(text: string): Array<{ text: string; arabic: boolean }> {
  return text
    .split(ARABIC_RUN)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, arabic: ARABIC_RUN.test(part) }));
}

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
  columns: PdfColumn[];
  rows: PdfCell[][];
  boldRows?: Set<number>;
}

/** What a document holds below its letterhead. */
export type PdfContent = PdfTable;

export function repeatedHeaderTable(
  columns: PdfColumn[],
  rows: PdfCell[][],
  options: { boldRows?: Set<number> } = {},
): PdfTable {
  return { columns, rows, boldRows: options.boldRows };
}

type Doc = PDFKit.PDFDocument;

async function newDocument(title: string, author: string): Promise<Doc> {
  const { Pdf, fonts } = await loadDrawing();
  const doc = new Pdf({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: title, Author: author, Creator: 'Office finance' },
  });
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);
  return doc;
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

/** Writes `text` at (x, y) in `width`, each script run in its font; returns the height used. */
function write(doc: Doc, text: string, x: number, y: number, width: number, style: TextStyle) {
  const height = heightOf(doc, text, width, style);
  const runs = scriptRuns(text);
  doc.fillColor(style.color ?? '#000000').fontSize(style.size);
  runs.forEach((run, index) => {
    doc.font(fontOf(run.arabic, style.bold));
    const options = { width, align: style.align ?? 'left', continued: index < runs.length - 1 };
    if (index === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
  return height;
}

/**
 * The top of the first page: the logo (when there is one) beside the company's name and
 * contacts, a rule, then the document's title and its lines (party, period, ...). Returns the
 * height used below the top margin.
 */
export function letterhead(
  doc: Doc,
  company: CompanyWithLogo,
  title: string,
  details: string[],
): number {
  const top = PAGE.margin;
  let left = PAGE.margin;
  let logoBottom = top;
  if (company.logo) {
    doc.image(company.logo.data, left, top, { fit: [120, 60] });
    left += 130;
    logoBottom = top + 60;
  }
  const width = PAGE.width - PAGE.margin - left;
  const [name = '', ...contacts] = companyLines(company);
  let y = top;
  if (name) y += write(doc, name, left, y, width, { size: 14, bold: true });
  for (const line of contacts)
    y += write(doc, line, left, y, width, { size: 8.5, color: '#444444' });
  y = Math.max(y, logoBottom) + 6;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.8)
    .strokeColor('#000000')
    .stroke();
  y += 10;
  y += write(doc, title, PAGE.margin, y, CONTENT_WIDTH, { size: 13, bold: true }) + 4;
  for (const line of details) y += write(doc, line, PAGE.margin, y, CONTENT_WIDTH, { size: 9 }) + 2;
  return y;
}

/** The columns' widths in points, '*' sharing what the fixed ones leave. */
function widthsOf(columns: PdfColumn[]): number[] {
  const fixed = columns.reduce((sum, c) => sum + (c.width === '*' ? 0 : c.width), 0);
  const stars = columns.filter((c) => c.width === '*').length;
  return columns.map((c) => (c.width === '*' ? (CONTENT_WIDTH - fixed) / (stars || 1) : c.width));
}

/** Draws the table from `y`, adding pages as needed with the header row on each; returns y. */
export function drawTable(doc: Doc, table: PdfTable, startY: number): number {
  const widths = widthsOf(table.columns);
  const lefts = widths.map((_w, i) => PAGE.margin + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const rule = (y: number, width: number, color: string) =>
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();

  /** A row's cells with their x, width and text (a spanning cell takes its neighbours' room). */
  const layout = (row: PdfCell[]) => {
    const cells: Array<{ x: number; width: number; text: string; align: 'left' | 'right' }> = [];
    for (let i = 0; i < row.length; i += 1) {
      const cell = row[i] ?? '';
      const span = typeof cell === 'string' ? 1 : (cell.colSpan ?? 1);
      const text = typeof cell === 'string' ? cell : cell.text;
      const width = widths.slice(i, i + span).reduce((a, b) => a + b, 0);
      const align = span > 1 ? 'left' : (table.columns[i]?.align ?? 'left');
      if (text) cells.push({ x: lefts[i] ?? PAGE.margin, width, text, align });
      i += span - 1;
    }
    return cells;
  };
  const drawRow = (row: PdfCell[], y: number, bold: boolean, measureOnly = false) => {
    const cells = layout(row);
    const height =
      Math.max(
        ...cells.map((c) => heightOf(doc, c.text, c.width - 2 * CELL_PADDING, { size: 9, bold })),
        doc.font('regular').fontSize(9).currentLineHeight(),
      ) +
      2 * CELL_PADDING;
    if (!measureOnly)
      for (const c of cells)
        write(doc, c.text, c.x + CELL_PADDING, y + CELL_PADDING, c.width - 2 * CELL_PADDING, {
          size: 9,
          bold,
          align: c.align,
        });
    return height;
  };
  const header = table.columns.map((c) => c.header);
  const drawHeader = (y: number) => {
    const height = drawRow(header, y, true, true);
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fillColor('#E8ECF2').fill();
    drawRow(header, y, true);
    rule(y + height, 1, '#000000');
    return y + height;
  };

  let y = drawHeader(startY + 8);
  table.rows.forEach((row, index) => {
    const bold = table.boldRows?.has(index) ?? false;
    const height = drawRow(row, y, bold, true);
    if (y + height > BOTTOM) {
      doc.addPage();
      y = drawHeader(PAGE.margin);
    }
    drawRow(row, y, bold);
    y += height;
    rule(y, 0.3, '#BBBBBB');
  });
  return y + 8;
}

/** `Page 2 of 5`, bottom right of every page. */
export function pageNumbers(doc: Doc): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // Below the bottom margin: without this pdfkit would start a new page for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#000000')
      .text(
        `${messages.exportPage} ${i - start + 1} ${messages.exportOf} ${count}`,
        PAGE.margin,
        PAGE.height - PAGE.margin - 10,
        { width: CONTENT_WIDTH, align: 'right', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
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

/** Renders a document on A4 with the letterhead, page numbers and the generated-by line. */
export async function renderPdf(source: PdfDocument): Promise<Buffer> {
  const doc = await newDocument(source.title, source.company.name);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  let y = letterhead(doc, source.company, source.title, source.details);
  for (const table of source.content) y = drawTable(doc, table, y);
  const line = generatedLine(source.generatedBy, source.generatedAt);
  if (y + 20 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  write(doc, line, PAGE.margin, y, CONTENT_WIDTH, { size: 8.5, color: '#444444' });
  pageNumbers(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Whether these bytes can be drawn as an image (a logo is checked before it is kept). */
export async function canDrawImage(bytes: Buffer): Promise<boolean> {
  const { Pdf } = await loadDrawing();
  try {
    const doc = new Pdf({ size: 'A4' });
    const ended = new Promise<void>((resolve, reject) => {
      doc.on('end', resolve);
      doc.on('error', reject);
    });
    doc.resume();
    doc.image(bytes, 0, 0, { fit: [10, 10] });
    doc.end();
    await ended;
    return true;
  } catch {
    return false;
  }
}
