// The company's logo in the header of every Excel file: read back with exceljs (the picture's
// bytes, its place and size), opened in LibreOffice Calc, and absent when no logo is set.
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { convertInCalc, hasTool } from './office-tools.js';
import { bearer, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import { companyWithLogo } from '../src/repositories/company.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin = '';
afterAll(() => db.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(admin) });
const putLogo = (logo: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/company/logo',
    headers: bearer(admin),
    payload: { logo },
  });

async function workbookOf(url: string) {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return { workbook, sheet, bytes: response.rawPayload };
}

/** The names of the files in a zip. */
const zipEntries = (bytes: Buffer) =>
  new Promise<string[]>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    }),
  );

const EXPORTS = [
  '/api/journal/excel',
  '/api/dashboard/getClientLedger/excel?clientId=1',
  '/api/dashboard/yearly/excel?year=2026',
  '/api/dashboard/totals/excel',
];

const soffice = await hasTool('soffice', ['--version']);

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  ({ admin } = await signInBoth(ctx.app));
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/settings/company',
    headers: bearer(admin),
    payload: { name: 'Noor & Sons', address: '', phone: '', email: '', taxNumber: '' },
  });
  expect(saved.statusCode).toBe(200);
});

describe('the logo in the Excel header', () => {
  it('is absent while no logo is set, the header then starting in the first column', async () => {
    for (const url of EXPORTS) {
      const { workbook, sheet, bytes } = await workbookOf(url);
      expect(sheet.getImages()).toHaveLength(0);
      expect(workbook.model.media).toHaveLength(0);
      expect((await zipEntries(bytes)).filter((name) => name.includes('drawing'))).toEqual([]);
      expect(sheet.getCell('A1').value).toBe('Noor & Sons');
    }
  });

  it('heads every Excel file, top-left, sized to the header, beside its text', async () => {
    // 300 x 100: wider than any first column, so it is scaled down to fit it.
    const png = await sharp({
      create: { width: 300, height: 100, channels: 3, background: '#c02020' },
    })
      .png()
      .toBuffer();
    expect((await putLogo(png.toString('base64'))).statusCode).toBe(200);
    const stored = (await companyWithLogo(ctx.database.db)).logo;
    if (!stored) throw new Error('no logo stored');

    for (const url of EXPORTS) {
      const { workbook, sheet } = await workbookOf(url);
      const images = sheet.getImages();
      expect(images).toHaveLength(1);
      const image = workbook.getImage(Number(images[0]!.imageId));
      expect(image.extension).toBe('png');
      expect(Buffer.from(image.buffer as unknown as Uint8Array).equals(stored.data)).toBe(true);
      const range = images[0]!.range as unknown as {
        tl: { nativeCol: number; nativeRow: number };
        ext: { width: number; height: number };
      };
      expect(range.tl).toMatchObject({ nativeCol: 0, nativeRow: 0 });
      // Its proportions kept (3:1), no wider than the first column, no taller than the header.
      const firstColumnPixels = Math.floor((sheet.getColumn(1).width ?? 10) * 7 + 5);
      expect(range.ext.width).toBeLessThanOrEqual(firstColumnPixels);
      expect(range.ext.height).toBeLessThanOrEqual(4 * 20);
      expect(range.ext.width / range.ext.height).toBeCloseTo(3, 1);
      // The header's text moved one column right, beside the logo.
      expect(sheet.getCell('A1').value).toBeNull();
      expect(sheet.getCell('B1').value).toBe('Noor & Sons');
    }
  });

  it('a JPEG logo travels as a JPEG', async () => {
    const jpeg = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#2040c0' },
    })
      .jpeg()
      .toBuffer();
    expect((await putLogo(jpeg.toString('base64'))).statusCode).toBe(200);
    const { workbook, sheet, bytes } = await workbookOf('/api/journal/excel');
    const image = workbook.getImage(Number(sheet.getImages()[0]!.imageId));
    expect(image.extension).toBe('jpeg');
    expect(await zipEntries(bytes)).toContain('xl/media/image0.jpeg');
    const ext = (sheet.getImages()[0]!.range as unknown as { ext: { width: number } }).ext;
    // Small enough already: never enlarged.
    expect(ext.width).toBe(40);
  });

  (soffice ? it : it.skip)('opens in LibreOffice Calc with the picture', async () => {
    const png = await sharp({
      create: { width: 120, height: 60, channels: 4, background: '#20a040ff' },
    })
      .png()
      .toBuffer();
    expect((await putLogo(png.toString('base64'))).statusCode).toBe(200);
    const { bytes } = await workbookOf('/api/journal/excel');
    const converted = await convertInCalc({ 'journal.xlsx': bytes }, 'ods');
    const entries = await zipEntries(converted['journal.ods'] ?? Buffer.alloc(0));
    expect(entries).toContain('content.xml');
    expect(entries.some((name) => name.startsWith('Pictures/'))).toBe(true);
  });

  it('removing the logo removes it from the files', async () => {
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/settings/company/logo',
      headers: bearer(admin),
    });
    expect(removed.statusCode).toBe(200);
    const { sheet } = await workbookOf('/api/journal/excel');
    expect(sheet.getImages()).toHaveLength(0);
    expect(sheet.getCell('A1').value).toBe('Noor & Sons');
  });
});
