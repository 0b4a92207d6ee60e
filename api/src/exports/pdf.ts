// The PDF building blocks of every statement and report (issue 22), kept together so that other
// documents (a payslip) are made of the same parts: the letterhead (logo, company, title), a
// table whose header row repeats on every page, page numbers, and the render itself with pdfmake
// on an A4 page. Fonts are embedded in every file, so every viewer and printer shows the same:
// DejaVu Sans (the `dejavu-fonts-ttf` package) for Latin and most other text, and Noto Naskh
// Arabic (`@fontsource/noto-naskh-arabic`) for runs of Arabic script, which it covers with
// Urdu's letters and shaping. Nothing is fetched while rendering: remote URLs are refused and
// only the font files may be read from disk.
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import { messages } from 'contract';
import type { CompanyWithLogo } from '../repositories/company.js';
import { companyLines, generatedLine } from './excel.js';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = {
  normal: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
  italics: path.join(FONT_DIR, 'DejaVuSans-Oblique.ttf'),
  bolditalics: path.join(FONT_DIR, 'DejaVuSans-BoldOblique.ttf'),
};
const NASKH_DIR = path.join(
  path.dirname(require.resolve('@fontsource/noto-naskh-arabic/package.json')),
  'files',
);
const NASKH_FILES = {
  normal: path.join(NASKH_DIR, 'noto-naskh-arabic-arabic-400-normal.woff'),
  bold: path.join(NASKH_DIR, 'noto-naskh-arabic-arabic-700-normal.woff'),
  italics: path.join(NASKH_DIR, 'noto-naskh-arabic-arabic-400-normal.woff'),
  bolditalics: path.join(NASKH_DIR, 'noto-naskh-arabic-arabic-700-normal.woff'),
};
const allowedFiles = new Set([...Object.values(FONT_FILES), ...Object.values(NASKH_FILES)]);

pdfmake.setFonts({ DejaVuSans: FONT_FILES, NotoNaskhArabic: NASKH_FILES });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => allowedFiles.has(path.resolve(file)));

/** pdfmake's content: plain objects, loosely typed as the library takes them. */
export type PdfContent = Record<string, unknown> | string | PdfContent[];

export interface PdfColumn {
  header: string;
  /** A width in points, '*' for a share of what is left, or 'auto'. */
  width: number | '*' | 'auto';
  align?: 'left' | 'right';
}

const ARABIC = '\\u0600-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB50-\\uFDFF\\uFE70-\\uFEFF';
/** A run of Arabic-script words, with the spaces and Arabic punctuation between them. */
const ARABIC_RUN = new RegExp(`([${ARABIC}]+(?:[\\s\\u060C\\u061B\\u061F]+[${ARABIC}]+)*)`, 'u');

/**
 * Text as pdfmake takes it, each run of Arabic script (Arabic, Urdu, Persian) in the font that
 * shapes it and the rest in DejaVu Sans: a plain string when there is no such run.
 */
export function scriptRuns(text: string): string | Array<{ text: string; font?: string }> {
  if (!ARABIC_RUN.test(text)) return text;
  return text
    .split(ARABIC_RUN)
    .filter((part) => part !== '')
    .map((part) =>
      ARABIC_RUN.test(part) ? { text: part, font: 'NotoNaskhArabic' } : { text: part },
    );
}

/** A data URL of the logo, as pdfmake takes images. */
const logoUrl = (logo: NonNullable<CompanyWithLogo['logo']>) =>
  `data:${logo.mediaType};base64,${logo.data.toString('base64')}`;

/**
 * The top of the first page: the logo (when there is one) beside the company's name and
 * contacts, then the document's title and its lines (party, period, ...).
 */
export function letterhead(
  company: CompanyWithLogo,
  title: string,
  details: string[],
): PdfContent[] {
  const [name = '', ...contacts] = companyLines(company);
  const companyBlock: PdfContent[] = [
    { text: scriptRuns(name), style: 'company' },
    ...contacts.map((line) => ({ text: scriptRuns(line), style: 'muted' })),
  ];
  const top: PdfContent = company.logo
    ? {
        columns: [
          { image: logoUrl(company.logo), fit: [120, 60], width: 130 },
          { stack: companyBlock, width: '*' },
        ],
        columnGap: 12,
      }
    : { stack: companyBlock };
  return [
    top,
    {
      canvas: [{ type: 'line', x1: 0, y1: 4, x2: 515, y2: 4, lineWidth: 0.8 }],
      margin: [0, 6, 0, 10],
    },
    { text: title, style: 'title' },
    ...details.map((line) => ({ text: scriptRuns(line), margin: [0, 0, 0, 2] })),
  ];
}

/** A table whose header row is repeated at the top of every page it spans. */
export function repeatedHeaderTable(
  columns: PdfColumn[],
  rows: Array<Array<string | PdfContent>>,
  options: { boldRows?: Set<number> } = {},
): PdfContent {
  const header = columns.map((column) => ({
    text: column.header,
    style: 'tableHeader',
    alignment: column.align ?? 'left',
  }));
  const body = rows.map((row, rowIndex) =>
    row.map((cell, index) => {
      const base =
        typeof cell === 'string' ? { text: scriptRuns(cell) } : (cell as Record<string, unknown>);
      return {
        ...base,
        alignment: columns[index]?.align ?? 'left',
        ...(options.boldRows?.has(rowIndex) ? { bold: true } : {}),
      };
    }),
  );
  return {
    table: {
      headerRows: 1,
      widths: columns.map((column) => column.width),
      body: [header, ...body],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 8, 0, 8],
  };
}

/** `Page 2 of 5`, bottom right of every page. */
export const pageNumbers = (currentPage: number, pageCount: number): PdfContent => ({
  text: `${messages.exportPage} ${currentPage} ${messages.exportOf} ${pageCount}`,
  alignment: 'right',
  fontSize: 8,
  margin: [40, 10, 40, 0],
});

export interface PdfDocument {
  /** The PDF's title (its properties); also printed under the letterhead. */
  title: string;
  company: CompanyWithLogo;
  details: string[];
  generatedBy: string;
  generatedAt: Date;
  content: PdfContent[];
  pageOrientation?: 'portrait' | 'landscape';
}

/** Renders a document on A4 with the letterhead, page numbers and the generated-by line. */
export async function renderPdf(doc: PdfDocument): Promise<Buffer> {
  const definition = {
    pageSize: 'A4',
    pageOrientation: doc.pageOrientation ?? 'portrait',
    pageMargins: [40, 40, 40, 50],
    info: { title: doc.title, author: doc.company.name || undefined, creator: 'Office finance' },
    defaultStyle: { font: 'DejaVuSans', fontSize: 9 },
    styles: {
      company: { fontSize: 14, bold: true },
      muted: { color: '#444444', fontSize: 8.5 },
      title: { fontSize: 13, bold: true, margin: [0, 0, 0, 4] },
      tableHeader: { bold: true, fillColor: '#E8ECF2' },
    },
    footer: (currentPage: number, pageCount: number) => pageNumbers(currentPage, pageCount),
    content: [
      ...letterhead(doc.company, doc.title, doc.details),
      ...doc.content,
      {
        text: generatedLine(doc.generatedBy, doc.generatedAt),
        style: 'muted',
        margin: [0, 8, 0, 0],
      },
    ],
  };
  return pdfmake.createPdf(definition).getBuffer();
}

/** Whether pdfmake can draw these bytes as an image (a logo is checked before it is kept). */
export async function canDrawImage(bytes: Buffer): Promise<boolean> {
  const mediaType = bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
  try {
    await pdfmake
      .createPdf({
        defaultStyle: { font: 'DejaVuSans' },
        content: [{ image: `data:${mediaType};base64,${bytes.toString('base64')}`, fit: [10, 10] }],
      })
      .getBuffer();
    return true;
  } catch {
    return false;
  }
}
