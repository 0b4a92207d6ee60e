// Receipts in Chromium against the built product: an expense recorded on the Expances form with
// a PDF and a PNG as its receipts, opened from the Journal (the Receipt link, the viewer and its
// thumbnails, the PDF in the browser's own viewer), the PDF downloaded byte for byte, the
// Journal filtered to Without receipt, and an .exe renamed .pdf refused with the accepted types.
import { readFileSync } from 'node:fs';
import type { Browser, ElementHandle, Frame, Locator, Page } from 'playwright-core';
import {
  dialogCount,
  downloaded,
  expectTextsToSettle,
  launch,
  openPage,
  signIn,
} from '../support/browser';
import { addExpenseType, apiAs, type ApiCall } from '../support/api';

let browser: Browser;
let call: ApiCall;
const stamp = Date.now().toString(36);
const TYPE = `Receipt type ${stamp}`;
let typeId: number;

/** A small real PDF (one page with a line of text), with its cross-reference table. */
function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 20 60 Td (Receipt 42.00) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 2×2 PNG (red, green, blue, white). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFElEQVQImWP4z8DAAMIM/////w8AH+4F+0HwQUsAAAAASUVORK5CYII=',
  'base64',
);
const PDF = pdf();
/** A Windows program's first bytes ("MZ" and its DOS stub), named as a PDF. */
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'),
  Buffer.from('This program cannot be run in DOS mode.\r\n'),
]);

/** Waits until an <img> has decoded its 2-pixel-wide picture. */
const loaded = async (page: Page, img: Locator) =>
  page.waitForFunction(
    (element) => element !== null && element.complete && element.naturalWidth === 2,
    (await img.elementHandle()) as ElementHandle<HTMLImageElement> | null,
  );

/**
 * The address the PDF viewer shows inside `frame`: Chromium's viewer (an extension in frames
 * below it) puts an <embed> of the PDF type there, naming the file's address.
 */
async function pdfEmbedUrl(page: Page, frame: Frame | null | undefined) {
  const below = (one: Frame) => {
    for (let up = one.parentFrame(); up; up = up.parentFrame()) if (up === frame) return true;
    return one === frame;
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const one of page.frames().filter(below)) {
      const url = await one
        .locator('embed[type="application/x-google-chrome-pdf"], embed[type="application/pdf"]')
        .first()
        .getAttribute('original-url', { timeout: 100 })
        .catch(() => null);
      if (url) return url;
    }
    await page.waitForTimeout(100);
  }
  return undefined;
}

interface JournalRow {
  id: number;
  receipts: number;
}
const journal = (query: string) =>
  call<{ entries: JournalRow[] }>(
    'GET',
    `/journal?kind=expense&partyId=${typeId}&limit=50${query}`,
  ).then((answer) => answer.entries);

beforeAll(async () => {
  call = await apiAs();
  typeId = await addExpenseType(call, TYPE);
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('receipts', () => {
  it('records an expense with a PDF and a PNG, opens and downloads them from the Journal, filters and refuses', async () => {
    const { page, context, dialogs } = await openPage(browser);
    await signIn(page);

    // The Expances form: the entry and its two receipts in one go.
    await page.getByRole('link', { name: 'Expances' }).click();
    await page.getByLabel('Expense Type').selectOption({ label: TYPE });
    await page.getByLabel('Credit/Debit').selectOption('Credit');
    await page.getByLabel('Amount').fill('42');
    await page.getByLabel('Description (optional)').fill('Printer paper');
    await page.getByLabel('Receipt', { exact: true }).setInputFiles([
      { name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await page.getByRole('button', { name: 'Add Expense' }).click();
    expect(await dialogCount(dialogs, 1)).toEqual(['Expense Added Successfully']);
    const [withFiles] = await journal('');
    expect(withFiles?.receipts).toBe(2);

    // An .exe renamed .pdf: refused, the accepted types named, nothing recorded.
    await page.getByLabel('Expense Type').selectOption({ label: TYPE });
    await page.getByLabel('Credit/Debit').selectOption('Credit');
    await page.getByLabel('Amount').fill('13');
    await page
      .getByLabel('Receipt', { exact: true })
      .setInputFiles([{ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: EXE }]);
    await page.getByRole('button', { name: 'Add Expense' }).click();
    expect((await dialogCount(dialogs, 2))[1]).toBe(
      'This file is not accepted as a receipt: receipts must be PDF, JPEG, PNG or WebP files',
    );
    expect(await journal('')).toHaveLength(1);

    // One more expense of the type, with no receipt.
    const bare = await call<{ entry: { id: number } }>('POST', '/expance/addexpance', {
      expanceTypeId: typeId,
      amount: 7,
      Creditdebit: 'Credit',
      description: 'No receipt yet',
    });

    // The Journal: the Receipt link opens the viewer, its thumbnails and the PDF in its frame.
    await page.goto(`/Journal?kind=expense&partyId=${typeId}`);
    const table = page.getByRole('table', { name: 'Journal' });
    await table.getByRole('button', { name: `Receipt (2) of entry #${withFiles?.id}` }).click();
    const viewer = page.getByRole('dialog', { name: `Receipts of entry #${withFiles?.id}` });
    const thumbs = viewer.getByRole('list', { name: 'Files' }).getByRole('button');
    await thumbs.nth(1).waitFor();
    await expect(thumbs.allInnerTexts()).resolves.toEqual(['PDF\nbill.pdf', 'photo.png']);
    // The PNG's thumbnail is the image itself, loaded from its signed address.
    const thumb = thumbs.nth(1).locator('img');
    await loaded(page, thumb);

    // The PDF in Chromium's own viewer, under the file's sandboxing CSP: the frame holds a PDF
    // document, and inside it the viewer shows the file through its <embed>.
    const frame = await (
      await viewer.locator('iframe[title="bill.pdf"]').elementHandle()
    )?.contentFrame();
    await frame?.waitForLoadState();
    expect(await frame?.evaluate(() => document.contentType)).toBe('application/pdf');
    expect(await pdfEmbedUrl(page, frame)).toBe(frame?.url());

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bill.pdf');
    expect(readFileSync(await downloaded(download)).equals(PDF)).toBe(true);

    // The PNG, chosen from the thumbnails, shown at full size.
    await thumbs.nth(1).click();
    const image = viewer.getByRole('img', { name: 'photo.png' });
    await loaded(page, image);
    await viewer.getByRole('button', { name: 'Close', exact: true }).click();

    // Without receipt: only the bare expense, and the filter is kept in the address.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Receipt', { exact: true }).selectOption('Without receipt');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/receipt=without/);
    // The cell was there before the filter too: wait for the filtered answer itself.
    await expectTextsToSettle(table.locator('tbody tr td:first-child'), [`#${bare.entry.id}`]);
    await context.close();
  });
});
