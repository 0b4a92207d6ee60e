// The hostile suite's import files (run with `npm run test:hostile`): workbooks and CSVs made to
// cost the server far more than their size (a cell in the last column of every row, blank rows by
// the hundred thousand, zips whose directory lies, a header of millions of commas) are refused
// with a message naming the limit, without holding the event loop, without much memory,
// and without a byte of the file written to the OS temp folder. A CSV mixing line breaks loses no row.
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchEventLoop } from './event-loop-hold.js';
import { IMPORT_LIMITS, importMessages, type ImportOptions, type ImportPreview } from 'contract';
import { readImportFile } from '../src/imports/read-file.js';
import { addDays, todayIn } from '../src/lib/dates.js';
import { seedParties } from './fixtures.js';
import { bearer, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import {
  buildXlsx,
  cellXml,
  repeatedDeflate,
  rowXml,
  sharedStringsXml,
  sheetXml,
} from './xlsx-builder.js';

const db = await setupDatabase();
let ctx: TestContext;
let staff: string;
afterAll(() => db.close());

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  ({ staff } = await signInBoth(ctx.app));
});

const day = addDays(todayIn('UTC'), -1);
const BOUNDARY = '----hostile-import-boundary';
/** The longest the event loop may be held while one hostile file is read. */
const MAX_DELAY_MS = 200;
const XFD = 16_383;

function multipart(fileName: string, bytes: Buffer, options: ImportOptions): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${JSON.stringify(options)}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/**
 * Previews the file as a user would, and measures the call: the longest the event loop was held,
 * and how much the process's memory grew. (Its time is the bench's to measure, not a test's.)
 */
async function measuredPreview(fileName: string, file: Buffer | string) {
  const bytes = typeof file === 'string' ? Buffer.from(file) : file;
  const payload = multipart(fileName, bytes, { kind: 'income' });
  global.gc?.();
  const rss = process.memoryUsage().rss;
  let peak = rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const loop = watchEventLoop();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/imports/preview',
    headers: { ...bearer(staff), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });
  const maxDelayMs = await loop.stop();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    response,
    maxDelayMs,
    rssGrowthMb: (peak - rss) / 1024 / 1024,
  };
}

/** The server still answers a plain call. */
async function alive() {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/imports',
    headers: bearer(staff),
  });
  expect(response.statusCode).toBe(200);
}

/** Unlike any other text, so that a file holding it is this test's. */
const MARK = `Office figures ${randomUUID()}`;

/**
 * Files that appeared in the OS temp folder since `before` and hold `text` in their first
 * megabyte (other programs may use the folder meanwhile: only the file's own text counts).
 */
function tempFilesHolding(text: string, before: Set<string>): string[] {
  return readdirSync(tmpdir())
    .filter((name) => !before.has(name))
    .map((name) => join(tmpdir(), name))
    .filter((path) => {
      try {
        if (!statSync(path).isFile()) return false;
        const descriptor = openSync(path, 'r');
        try {
          const head = Buffer.alloc(1024 * 1024);
          const length = readSync(descriptor, head, 0, head.length, 0);
          return head.subarray(0, length).includes(text);
        } finally {
          closeSync(descriptor);
        }
      } catch {
        return false;
      }
    });
}

const header = (texts: string[]) =>
  rowXml(1, texts.map((text, column) => cellXml(column, 1, { inline: text })).join(''));

describe('an .xlsx made to cost more than its size', () => {
  it('refuses a cell in column XFD of 40,000 rows by the column limit, sparing memory', async () => {
    const rows: string[] = [];
    for (let row = 1; row <= 40_000; row += 1)
      rows.push(rowXml(row, cellXml(XFD, row, { number: row })));
    const file = buildXlsx({ sheets: [{ name: 'Sheet1', xml: sheetXml(rows.join('')) }] });
    expect(file.length).toBeLessThan(1024 * 1024);
    const { response, maxDelayMs, rssGrowthMb } = await measuredPreview('wide.xlsx', file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid_input',
      message: importMessages.tooManyColumns(1),
    });
    expect(response.json().message).toContain(`${IMPORT_LIMITS.columns} columns`);
    expect(maxDelayMs).toBeLessThan(MAX_DELAY_MS);
    expect(rssGrowthMb).toBeLessThan(100);
    await alive();
  });

  it('reads cells with a value only: 20,000 blank rows in column XFD cost little', async () => {
    const rows = [header(['Date', 'Client', 'Amount', 'Credit/Debit'])];
    for (let row = 2; row <= 20_001; row += 1)
      rows.push(rowXml(row, cellXml(XFD, row, { empty: true })));
    rows.push(
      rowXml(
        20_002,
        [
          cellXml(0, 20_002, { inline: day }),
          cellXml(1, 20_002, { inline: 'Acme Buyer' }),
          cellXml(2, 20_002, { number: 12.5 }),
          cellXml(3, 20_002, { inline: 'Debit' }),
          cellXml(XFD, 20_002, { inline: '' }),
        ].join(''),
      ),
    );
    const file = buildXlsx({ sheets: [{ name: 'Sheet1', xml: sheetXml(rows.join('')) }] });
    const { response, maxDelayMs, rssGrowthMb } = await measuredPreview('blank.xlsx', file);
    expect(response.statusCode).toBe(200);
    const answer = response.json<ImportPreview>();
    expect(answer).toMatchObject({
      rows: 1,
      ready: 1,
      headers: ['Date', 'Client', 'Amount', 'Credit/Debit'],
    });
    expect(answer.first[0]?.line).toBe(20_002);
    expect(maxDelayMs).toBeLessThan(MAX_DELAY_MS);
    expect(rssGrowthMb).toBeLessThan(100);
  });

  it('refuses more rows read than the limit, blank ones included', async () => {
    const blank = (row: number) => rowXml(row, cellXml(XFD, row, { empty: true }));
    const rows = [header(['Date', 'Client', 'Amount'])];
    for (let row = 2; row <= IMPORT_LIMITS.rowsRead + 1; row += 1) rows.push(blank(row));
    const file = buildXlsx({ sheets: [{ name: 'Sheet1', xml: sheetXml(rows.join('')) }] });
    expect(file.length).toBeLessThan(IMPORT_LIMITS.bytes);
    const { response, maxDelayMs } = await measuredPreview('blanks.xlsx', file);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(importMessages.tooManyRowsRead);
    expect(response.json().message).toContain('250,000');
    expect(maxDelayMs).toBeLessThan(MAX_DELAY_MS);
    await alive();
  });

  it('writes nothing to the OS temp folder for a LibreOffice-ordered workbook', async () => {
    const texts = [
      'Date',
      'Client',
      'Amount',
      'Credit/Debit',
      'Description',
      'Acme Buyer',
      'Debit',
    ];
    const rows = [
      rowXml(1, [0, 1, 2, 3, 4].map((at) => cellXml(at, 1, { shared: at })).join('')),
      rowXml(
        2,
        [
          cellXml(0, 2, { inline: day }),
          cellXml(1, 2, { shared: 5 }),
          cellXml(2, 2, { number: 7, formula: '3+4' }),
          cellXml(3, 2, { shared: 6 }),
          cellXml(4, 2, { text: MARK, formula: 'A1&"x"' }),
        ].join(''),
      ),
    ];
    const file = buildXlsx({
      sheets: [{ name: 'Books', xml: sheetXml(rows.join('')) }],
      sharedStrings: texts,
      order: 'libreoffice',
    });
    const before = new Set(readdirSync(tmpdir()));
    const { response } = await measuredPreview('libre.xlsx', file);
    expect(response.statusCode).toBe(200);
    const answer = response.json<ImportPreview>();
    expect(answer).toMatchObject({ rows: 1, ready: 1, sheet: 'Books' });
    expect(answer.first[0]?.values).toEqual([day, 'Acme Buyer', 'Debit', '7.00', MARK]);
    expect(tempFilesHolding(MARK, before)).toEqual([]);
  });

  it.each([
    ['xl/sharedStrings.xml', 'the shared strings'],
    ['xl/worksheets/sheet1.xml', 'the sheet'],
  ])(
    'refuses %s (%s) that inflates far past the size the zip claims, before inflating it',
    async (part) => {
      // About a megabyte that inflates to a gigabyte, its headers claiming 100,000 bytes.
      const strings = part === 'xl/sharedStrings.xml';
      const [prefix, unit] = strings
        ? [sharedStringsXml([]).replace('</sst>', ''), '<si><t>x</t></si>'.repeat(64 * 1024)]
        : [
            sheetXml('').replace('</sheetData></worksheet>', ''),
            rowXml(1, cellXml(0, 1, { number: 1 })).repeat(32 * 1024),
          ];
      const bomb = repeatedDeflate(unit, Math.ceil((1024 * 1024 * 1024) / unit.length), prefix);
      expect(bomb.size).toBeGreaterThan(1024 * 1024 * 1024);
      const file = buildXlsx({
        sheets: [{ name: 'Sheet1', xml: strings ? sheetXml(header(['Date'])) : bomb }],
        sharedStrings: strings ? bomb : ['x'],
        order: 'libreoffice',
        claimedSizes: { [part]: 100_000 },
      });
      expect(file.length).toBeLessThan(4 * 1024 * 1024);
      const before = new Set(readdirSync(tmpdir()));
      const { response, maxDelayMs, rssGrowthMb } = await measuredPreview('bomb.xlsx', file);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(importMessages.zipBomb);
      expect(maxDelayMs).toBeLessThan(MAX_DELAY_MS);
      expect(rssGrowthMb).toBeLessThan(100);
      expect(tempFilesHolding(strings ? '<si><t>x</t></si>' : '<row r="1">', before)).toEqual([]);
      await alive();
    },
  );
});

describe('an .xlsx read by hand', () => {
  const oneSheet = (rows: string, sharedStrings?: string) =>
    buildXlsx({ sheets: [{ name: 'Sheet1', xml: sheetXml(rows) }], sharedStrings });

  it('refuses a document type (entities, XXE) and an entity XML does not define', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<sst><si><t>&b;</t></si></sst>';
    const external =
      '<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&xxe;</t></is></c></row></sheetData></worksheet>';
    const undefinedEntity = sheetXml(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>&xxe;</t></is></c></row>',
    );
    for (const file of [
      oneSheet(rowXml(1, cellXml(0, 1, { shared: 0 })), laughs),
      buildXlsx({ sheets: [{ name: 'Sheet1', xml: external }] }),
      buildXlsx({ sheets: [{ name: 'Sheet1', xml: undefinedEntity }] }),
    ]) {
      await expect(readImportFile('x.xlsx', file)).rejects.toThrow(importMessages.unreadableXlsx);
    }
  });

  it('reads shared strings (rich text joined, phonetic runs left out), inline strings, booleans, errors, cached values and dates', async () => {
    const shared =
      '<sst><si><t>plain</t></si>' +
      '<si><r><rPr><b/></rPr><t>bold </t></r><r><t xml:space="preserve">and plain</t></r><rPh sb="0" eb="1"><t>PHONETIC</t></rPh></si>' +
      '<si><t>&lt;tag&gt; &amp; &#x263A;</t></si></sst>';
    const row = [
      '<c r="A2" t="s"><v>0</v></c>',
      '<c r="B2" t="s"><v>1</v></c>',
      '<c r="C2" t="s"><v>2</v></c>',
      '<c r="D2" t="inlineStr"><is><r><t>in</t></r><r><t>line</t></r></is></c>',
      '<c r="E2" t="b"><v>1</v></c>',
      '<c r="F2" t="e"><v>#DIV/0!</v></c>',
      '<c r="G2"><f>NOW()</f><v>46027.5</v></c>',
      '<c r="H2" t="str"><f>A1&amp;"x"</f><v>=cmd|x</v></c>',
      '<c r="I2" t="d"><v>2026-01-05T00:00:00</v></c>',
      '<c r="K2" s="3"/>',
    ].join('');
    const read = await readImportFile(
      'x.xlsx',
      oneSheet(
        `${rowXml(1, cellXml(0, 1, { inline: 'Head' }))}<row>${row}</row><row><c><v>5</v></c><c t="b"><v>0</v></c></row>`,
        shared,
      ),
    );
    expect(read.rows).toEqual([
      { line: 1, cells: ['Head'] },
      {
        line: 2,
        cells: [
          'plain',
          'bold and plain',
          '<tag> & \u263a',
          'inline',
          'TRUE',
          '#DIV/0!',
          46027.5,
          '=cmd|x',
          46027,
        ],
      },
      { line: 3, cells: [5, 'FALSE'] },
    ]);
  });
});

describe('a CSV made to cost more than its size', () => {
  it('refuses a header of 5,000,000 commas by the column limit', async () => {
    const file = `${','.repeat(5_000_000)}\n${day},Acme Buyer,1\n`;
    const { response, maxDelayMs } = await measuredPreview('commas.csv', file);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(importMessages.tooManyColumns(1));
    expect(maxDelayMs).toBeLessThan(MAX_DELAY_MS);
  });

  it('refuses more rows read than the limit, blank lines included', async () => {
    const file = `Date,Client,Amount\n${'\n'.repeat(IMPORT_LIMITS.rowsRead)}${day},Acme Buyer,1\n`;
    const { response, maxDelayMs } = await measuredPreview('blank.csv', file);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(importMessages.tooManyRowsRead);
    expect(maxDelayMs).toBeLessThan(MAX_DELAY_MS);
  });

  it('folds no row into another when the file mixes CR LF, LF and CR', async () => {
    const file =
      `Date,Client,Amount,Credit/Debit,Description\r\n` +
      `${day},Acme Buyer,100.00,Debit,first\n` +
      `${day},Acme Buyer,101.00,Debit,second\r` +
      `${day},Acme Buyer,102.00,Debit,third\r\n`;
    const { response } = await measuredPreview('mixed.csv', file);
    expect(response.statusCode).toBe(200);
    const answer = response.json<ImportPreview>();
    // Three rows, each read as written: none folded into another's description.
    expect(answer.rows).toBe(3);
    expect(answer.ready + answer.withErrors).toBe(3);
    for (const row of answer.first) expect(row.values.join(' ')).not.toMatch(/[\r\n]/);
    if (answer.ready === 3) expect(answer.debit).toBe(303);

    // The reader marks every row beside an odd line break, so that none is imported unchecked.
    const read = await readImportFile('mixed.csv', Buffer.from(file));
    expect(read.rows.map((row) => [row.line, row.cells[2], row.problem])).toEqual([
      [1, 'Amount', undefined],
      [2, '100.00', importMessages.mixedLineBreaks],
      [3, '101.00', importMessages.mixedLineBreaks],
      [4, '102.00', importMessages.mixedLineBreaks],
    ]);
  });

  it('takes line breaks inside quotes as the cell’s, and marks nothing in a consistent file', async () => {
    const file =
      `Date,Client,Amount,Description\r\n` +
      `${day},Acme Buyer,1,"two\nlines"\r\n` +
      `${day},Acme Buyer,2,"three\r\nlines\rhere"\r\n` +
      `${day},Acme Buyer,3,plain\r\n`;
    const read = await readImportFile('quoted.csv', Buffer.from(file));
    expect(read.rows.map((row) => [row.line, row.cells[3], row.problem])).toEqual([
      [1, 'Description', undefined],
      [2, 'two\nlines', undefined],
      [4, 'three\r\nlines\rhere', undefined],
      [7, 'plain', undefined],
    ]);
  });
});
