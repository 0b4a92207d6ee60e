// The PDF drawing's engine and fonts (see pdf.ts): pdfkit and the embedded fonts, loaded on the
// first PDF; the split of text into script runs, each drawn in the font that shapes it; and the
// check that an image (a logo) can be drawn.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type PDFDocument from 'pdfkit';

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
export type FontName = keyof typeof FONT_FILES;

/**
 * pdfkit and each font's bytes, loaded and read once, on the first PDF rather than when the
 * server starts (most processes never draw one). A load that fails is not kept: the next PDF
 * tries again.
 */
let drawing: Promise<{ Pdf: typeof PDFDocument; fonts: Record<FontName, Buffer> }> | undefined;
export const loadDrawing = () =>
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
