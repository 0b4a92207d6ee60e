// The PDF drawing worker (src/exports/pdf-in-worker.ts) is kept from one document to the next:
// each document of a series comes back as its own file, and a document the worker cannot draw,
// or cannot even be sent, is refused without spoiling the documents after it. Read back by
// pdftotext, as a person's PDF reader would read them.
import { renderPdfInWorker } from '../src/exports/pdf-in-worker.js';
import type { PdfDocument } from '../src/exports/pdf.js';
import { hasTool, pdfToText } from './office-tools.js';

const pdftotext = await hasTool('pdftotext', ['-v']);

const statement = (title: string, rows: string[][]): PdfDocument => ({
  title,
  company: { name: 'Noor & Sons', address: '', phone: '', email: '', taxNumber: '', logo: null },
  details: [],
  generatedBy: 'admin@example.com',
  generatedAt: new Date('2026-12-01T10:00:00Z'),
  content: [
    {
      columns: [
        { header: 'Item', width: '*' },
        { header: 'Amount', width: 80, align: 'right' },
      ],
      rows,
    },
  ],
});

const textOf = async (document: PdfDocument) => pdfToText(await renderPdfInWorker(document));

if (!pdftotext) console.warn('pdftotext is not installed: the PDF worker tests are skipped');

(pdftotext ? describe : describe.skip)('the PDF worker, kept between documents', () => {
  it('draws each document of a series as its own file', async () => {
    for (const n of [1, 2, 3]) {
      const text = await textOf(statement(`Statement ${n}`, [[`Rent ${n}`, `${n},000.00`]]));
      expect(text).toContain(`Statement ${n}`);
      expect(text).toContain(`Rent ${n}`);
      expect(text).not.toContain(`Statement ${n - 1}`);
    }
  });

  it('refuses a document it cannot draw, and draws the next one', async () => {
    const broken = { ...statement('Broken', []), content: [{ columns: null, rows: [[]] }] };
    await expect(renderPdfInWorker(broken as unknown as PdfDocument)).rejects.toThrow();
    expect(await textOf(statement('After the refusal', [['Fuel', '500.00']]))).toContain(
      'After the refusal',
    );
  });

  it('refuses content that cannot be sent to the worker, and draws the next one', async () => {
    const unsendable = { ...statement('Unsendable', []), details: [() => 'a function'] };
    await expect(renderPdfInWorker(unsendable as unknown as PdfDocument)).rejects.toThrow();
    expect(await textOf(statement('After the unsendable', [['Fuel', '500.00']]))).toContain(
      'After the unsendable',
    );
  });

  it('draws a document of more than 2,000 rows (its worker then ended), and the next one', async () => {
    const rows = Array.from({ length: 2_001 }, (_, i) => [`Line ${i + 1}`, '1.00']);
    const big = await textOf(statement('A long statement', rows));
    expect(big).toContain('Line 1');
    expect(big).toContain('Line 2001');
    expect(await textOf(statement('After the long one', [['Fuel', '500.00']]))).toContain(
      'After the long one',
    );
  });
});
