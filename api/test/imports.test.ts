// Importing entries and people from CSV and Excel files (issue 20, docs/decisions/014-import.md):
// detection of encodings, delimiters, header rows, date and number formats; the mapping; every
// kind of row error with its line; duplicates; all or nothing; undo; closed periods; the limits.
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { deflateRawSync } from 'node:zlib';
import { importMessages, type ImportOptions, type ImportPreview } from 'contract';
import { bearer, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import { addDays, todayIn } from '../src/lib/dates.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
const today = todayIn('UTC');
afterAll(() => db.close());

async function fresh() {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  ({ admin, staff } = await signInBoth(ctx.app));
}

const BOUNDARY = '----import-test-boundary';

/** A multipart body: the options, then the file. */
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

async function send(
  path: '/api/imports/preview' | '/api/imports',
  fileName: string,
  file: Buffer | string,
  options: ImportOptions,
  token = staff,
) {
  const bytes = typeof file === 'string' ? Buffer.from(file) : file;
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(fileName, bytes, options),
  });
}

async function preview(file: Buffer | string, options: ImportOptions, name = 'bank.csv') {
  const response = await send('/api/imports/preview', name, file, options);
  expect(response.statusCode).toBe(200);
  return response.json<ImportPreview>();
}

const day = (offset: number) => addDays(today, offset);
/** A previewed row's values by column name. */
const shown = (answer: ImportPreview, index = 0): Record<string, string> =>
  Object.fromEntries(
    answer.columns.map((column, at) => [column, answer.first[index]?.values[at] ?? '']),
  );
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const entryCount = async () =>
  Number((await rows<{ n: string }>(ctx, 'SELECT count(*) AS n FROM entries'))[0]?.n);

describe('detection', () => {
  // Previews write nothing: one database for them all.
  beforeAll(fresh);
  const body = (delimiter: string) =>
    [
      ['Date', 'Client', 'Amount', 'Description'],
      [day(-3), 'Acme Buyer', '100.50', 'first'],
      [day(-2), 'Beta Buyer', '20', 'second'],
    ]
      .map((cells) => cells.join(delimiter))
      .join('\r\n');

  it.each([
    [',', ','],
    [';', ';'],
    ['\t', '\t'],
  ])('finds the delimiter %j', async (delimiter, found) => {
    const answer = await preview(body(delimiter), { kind: 'income' });
    expect(answer.delimiter).toBe(found);
    expect(answer.summary).toBe('2 rows ready · 0 rows with errors');
    expect(answer.mapping).toEqual({ date: 0, party: 1, amount: 2, description: 3 });
  });

  it.each([
    ['UTF-8', Buffer.from(body(',').replace('first', 'Café'))],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body(','))])],
    ['UTF-16LE', Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(body(','), 'utf16le')])],
    ['UTF-16BE', Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(body(','), 'utf16be')])],
    ['Windows-1252', iconv.encode(body(',').replace('first', 'Café'), 'win1252')],
  ])('reads %s', async (encoding, bytes) => {
    const answer = await preview(bytes, { kind: 'income' });
    expect(answer.encoding).toBe(encoding);
    expect(answer.ready).toBe(2);
    expect(shown(answer, 0).Client).toBe('Acme Buyer');
    if (bytes.includes(Buffer.from('Caf'))) expect(shown(answer, 0).Description).toBe('Café');
  });

  it('finds the header row below title lines, and keeps line breaks inside quotes', async () => {
    const file = `Account statement\r\nPeriod: this year\r\n\r\nDate,Client,Amount,Description\r\n${day(-1)},Acme Buyer,5,"two\r\nlines"\r\n${day(-1)},Nobody,5,x\r\n`;
    const answer = await preview(file, { kind: 'income' });
    expect(answer.headerLine).toBe(4);
    expect(shown(answer, 0).Description).toBe('two\r\nlines');
    // The row after the quoted line break starts on line 7.
    expect(answer.problems).toEqual([
      { line: 7, reason: 'Unknown client: Nobody', duplicate: false },
    ]);
  });

  it('never takes a row of data for the headers', async () => {
    // The headers leave the last column unnamed: narrower than the rows below them.
    const answer = await preview(
      `Date;Client;Amount;\n${dmy(day(-1))};Acme Buyer;1.234,50;note\n`,
      {
        kind: 'income',
      },
    );
    expect(answer).toMatchObject({ headerLine: 1, ready: 1 });
    expect(answer.headers).toEqual(['Date', 'Client', 'Amount', 'Column 4']);
    expect(shown(answer, 0).Amount).toBe('1234.50');
  });

  it.each([
    ['YYYY-MM-DD', day(-5), day(-5)],
    ['DD/MM/YYYY', '25/01/2025', '2025-01-25'],
    ['MM/DD/YYYY', '01/25/2025', '2025-01-25'],
    ['DD.MM.YYYY', '25.01.2025', '2025-01-25'],
    ['Excel', '45682', '2025-01-25'],
  ])('detects the date format %s', async (format, written, stored) => {
    const answer = await preview(`Date,Client,Amount\n${written},Acme Buyer,10\n`, {
      kind: 'income',
    });
    expect(answer.dateFormat).toBe(format);
    expect(shown(answer, 0).Date).toBe(stored);
  });

  it('asks when the dates can be read two ways, and takes the choice', async () => {
    const file = `Date,Client,Amount\n01/02/2025,Acme Buyer,10\n03/04/2025,Acme Buyer,11\n`;
    const open = await preview(file, { kind: 'income' });
    expect(open.dateFormats).toEqual(['DD/MM/YYYY', 'MM/DD/YYYY']);
    const refused = await send('/api/imports', 'a.csv', file, { kind: 'income' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(importMessages.chooseDateFormat);
    const chosen = await preview(file, { kind: 'income', dateFormat: 'MM/DD/YYYY' });
    expect(shown(chosen, 0).Date).toBe('2025-01-02');
  });

  it.each([
    ['1,234.56', '"1,234.56"', '1234.56'],
    ['1.234,56', '"1.234,56"', '1234.56'],
    ['1,234.56', '"Rs. 1,234.50"', '1234.50'],
    ['1.234,56', '"RS 1.234,50"', '1234.50'],
    ['1,234.56', '"-1,234.50 Rs"', '1234.50'],
  ])('detects the number format %s in %s', async (format, written, stored) => {
    const answer = await preview(`Date,Client,Amount\n${day(-1)},Acme Buyer,${written}\n`, {
      kind: 'income',
    });
    expect(answer.numberFormat).toBe(format);
    expect(shown(answer, 0).Amount).toBe(stored);
  });

  it('reads an Excel file: first sheet, dates, formulas as their values, a sheet by name', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Books');
    workbook.addWorksheet('Notes').addRow(['Expense type']);
    sheet.addRow(['Date', 'Client', 'Amount', 'Description']);
    sheet.addRow([
      new Date(`${day(-2)}T00:00:00Z`),
      'Acme Buyer',
      { formula: '40+2', result: 42 },
      '=HYPERLINK("x")',
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await preview(bytes, { kind: 'income' }, 'books.xlsx');
    expect(answer).toMatchObject({ format: 'Excel', sheets: ['Books', 'Notes'], sheet: 'Books' });
    expect(answer.dateFormat).toBe('Excel');
    expect(shown(answer, 0)).toEqual({
      Date: day(-2),
      Client: 'Acme Buyer',
      'Credit/Debit': 'Credit',
      Amount: '42.00',
      Description: '=HYPERLINK("x")',
    });
    const notes = await preview(bytes, { kind: 'expenseTypes', sheet: 'Notes' }, 'books.xlsx');
    expect(notes).toMatchObject({ sheet: 'Notes', rows: 0 });
  });

  it('reads a computed amount as the spreadsheet shows it, and refuses a third decimal', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Books');
    sheet.addRow(['Date', 'Client', 'Amount']);
    // 0.1 + 0.2 in binary, as Excel stores =0.1+0.2; then a sum of many; then 10.005.
    sheet.addRow([
      new Date(`${day(-2)}T00:00:00Z`),
      'Acme Buyer',
      { formula: '0.1+0.2', result: 0.1 + 0.2 },
    ]);
    sheet.addRow([new Date(`${day(-2)}T00:00:00Z`), 'Acme Buyer', 1234567.89 * 3]);
    sheet.addRow([new Date(`${day(-2)}T00:00:00Z`), 'Acme Buyer', 10.005]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await preview(bytes, { kind: 'income' }, 'sums.xlsx');
    expect(shown(answer, 0).Amount).toBe('0.30');
    expect(shown(answer, 1).Amount).toBe('3703703.67');
    expect([answer.ready, answer.withErrors]).toEqual([2, 1]);
    expect(answer.problems[0]).toMatchObject({ line: 4 });
  });
});

describe('rows with errors', () => {
  beforeEach(fresh);
  it('names every error with its line, and imports only the ready rows', async () => {
    const file = [
      'Date;Client;Credit/Debit;Amount;Description',
      `${dmy(day(-3))};Acme Buyer;Credit;1.234,50;ok`,
      `${dmy(day(-3))};Nobody;Credit;10,00;unknown client`,
      `${dmy(day(-3))};Acme Buyer;Credit;ten;not a number`,
      `${dmy(day(5))};Acme Buyer;Credit;10,00;future`,
      `;Acme Buyer;Credit;10,00;no date`,
      `${dmy(day(-2))};Beta Buyer;Debit;99,99;ok debit`,
      `${dmy(day(-3))};Acme Buyer;Credit;1.234,50;ok`,
      `${dmy(day(-3))};Acme Buyer;Maybe;1,00;bad side`,
    ].join('\n');
    // The file is written day first; in the first twelve days of a month every date in it can
    // be read two ways, and the import asks (the test above), so the clerk's choice is given.
    const options: ImportOptions = { kind: 'income', dateFormat: 'DD/MM/YYYY' };
    const answer = await preview(file, options);
    expect(answer.summary).toBe('2 rows ready · 6 rows with errors');
    expect(answer.problems).toEqual([
      { line: 3, reason: 'Unknown client: Nobody', duplicate: false },
      { line: 4, reason: 'Amount is not a number: ten', duplicate: false },
      { line: 5, reason: 'Date in the future', duplicate: false },
      { line: 6, reason: 'Missing Date', duplicate: false },
      { line: 8, reason: 'Duplicate of line 2', duplicate: true },
      { line: 9, reason: 'Credit/Debit is not Credit or Debit: Maybe', duplicate: false },
    ]);
    expect(answer.newParties).toEqual(['Nobody']);
    expect(answer).toMatchObject({ credit: 1234.5, debit: 99.99 });

    const done = await send('/api/imports', 'bank.csv', file, options);
    expect(done.statusCode).toBe(201);
    expect(done.json().import).toMatchObject({ rows: 2, credit: 1234.5, debit: 99.99 });
    expect(await entryCount()).toBe(2);
    // One line in the activity for the whole import.
    const audit = await rows(ctx, `SELECT action, entity FROM audit_log WHERE entity = 'batch'`);
    expect(audit).toEqual([{ action: 'create', entity: 'batch' }]);
  });

  it('refuses expense and salary debits and closed-period dates', async () => {
    await rows(ctx, `UPDATE books SET closed_through = '${day(-10)}'`);
    const file = `Date,Expense type,Amount\n${day(-11)},Rent,5\n${day(-1)},Rent,-5\n${day(-1)},Old,5\n`;
    const answer = await preview(file, { kind: 'expense' });
    expect(answer.problems.map(({ line, reason }) => [line, reason])).toEqual([
      [2, `Date in a closed period (the books are closed through ${day(-10)})`],
      [3, 'Expense and salary entries are Credit only'],
      [4, 'Expense type is suspended: Old'],
    ]);
  });

  it('takes the amount from Debit and Credit columns, and the side from the sign', async () => {
    const file = `Date,Client,Debit,Credit\n${day(-1)},Acme Buyer,,30\n${day(-1)},Acme Buyer,12.5,\n`;
    const answer = await preview(file, { kind: 'income' });
    expect(answer.mapping).toMatchObject({ debit: 2, credit: 3 });
    expect([shown(answer, 0)['Credit/Debit'], shown(answer, 1)['Credit/Debit']]).toEqual([
      'Credit',
      'Debit',
    ]);
    const signed = await preview(`Date,Client,Amount\n${day(-1)},Acme Buyer,-7\n`, {
      kind: 'income',
    });
    expect(shown(signed, 0)).toMatchObject({ 'Credit/Debit': 'Debit', Amount: '7.00' });
  });

  it('flags a duplicate of a recorded entry, and imports it when ticked', async () => {
    await rows(
      ctx,
      `INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description, entry_date)
       VALUES ('income', 1, 'Acme Buyer', 10, 'Credit', 'rent', '${day(-1)}')`,
    );
    const file = `Date,Client,Amount,Description\n${day(-1)},Acme Buyer,10,rent\n`;
    const answer = await preview(file, { kind: 'income' });
    expect(answer.problems).toEqual([
      { line: 2, reason: 'Duplicate of an entry already recorded', duplicate: true },
    ]);
    const ticked = await send('/api/imports', 'a.csv', file, {
      kind: 'income',
      includeDuplicates: [2],
    });
    expect(ticked.statusCode).toBe(201);
    expect(await entryCount()).toBe(2);
  });
});

describe('parties, mapping, undo', () => {
  beforeEach(fresh);
  it('creates unknown parties when asked, and the undo removes them', async () => {
    const file = `Date,Client,Amount\n${day(-1)},New Buyer,10\n${day(-1)},Acme Buyer,5\n`;
    const done = await send('/api/imports', 'new.csv', file, {
      kind: 'income',
      parties: [{ name: 'New Buyer', choice: { create: true } }],
    });
    expect(done.statusCode).toBe(201);
    const record = done.json().import;
    expect(record.partiesCreated).toBe(1);
    expect(await rows(ctx, `SELECT name FROM clients WHERE name = 'New Buyer'`)).toHaveLength(1);

    const undo = await ctx.app.inject({
      method: 'POST',
      url: `/api/batches/${record.batchId}/reverse`,
      headers: bearer(admin),
      payload: { reason: 'wrong file' },
    });
    expect(undo.statusCode).toBe(200);
    const sums = await rows<{ total: string }>(
      ctx,
      'SELECT sum(amount)::text AS total FROM entries',
    );
    expect(sums[0]?.total).toBe('0.00');
    // Its entries and their reversals refer to the new client: it stays.
    expect(await rows(ctx, `SELECT name FROM clients WHERE name = 'New Buyer'`)).toHaveLength(1);
    // Undone, the same file may be imported again.
    const again = await send('/api/imports', 'new.csv', file, {
      kind: 'income',
      parties: [{ name: 'New Buyer', choice: { create: true } }],
    });
    expect(again.statusCode).toBe(201);
  });

  it('imports people, and the undo removes those nothing refers to', async () => {
    const file = `Name,E-mail,Company name\nZed,zed@x.test,Zed Co\nYan,yan@x.test,Yan Co\nBad,not-mail,Co\n`;
    const answer = await preview(file, { kind: 'clients' });
    expect(answer.problems).toEqual([
      { line: 4, reason: 'E-mail must be a valid email address', duplicate: false },
    ]);
    const done = await send('/api/imports', 'clients.csv', file, { kind: 'clients' });
    expect(done.statusCode).toBe(201);
    const [zed] = await rows<{ id: number }>(ctx, `SELECT id FROM clients WHERE name = 'Zed'`);
    await rows(
      ctx,
      `INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, entry_date)
       VALUES ('income', ${zed?.id}, 'Zed', 10, 'Credit', '${day(-1)}')`,
    );
    const undo = await ctx.app.inject({
      method: 'POST',
      url: `/api/batches/${done.json().import.batchId}/reverse`,
      headers: bearer(staff),
      payload: { reason: 'test' },
    });
    expect(undo.statusCode).toBe(200);
    const left = await rows<{ name: string }>(
      ctx,
      `SELECT name FROM clients WHERE name IN ('Zed', 'Yan') ORDER BY name`,
    );
    expect(left).toEqual([{ name: 'Zed' }]);
  });

  it('remembers the mapping for the next file with the same headers', async () => {
    const file = `When,Who,How much\n${day(-1)},Acme Buyer,10\n`;
    const guessed = await preview(file, { kind: 'income' });
    expect(guessed.mapping).toEqual({});
    const mapping = { date: 0, party: 1, amount: 2 };
    expect(
      (await send('/api/imports', 'a.csv', file, { kind: 'income', mapping })).statusCode,
    ).toBe(201);
    const next = await preview(`When,Who,How much\n${day(-2)},Beta Buyer,3\n`, { kind: 'income' });
    expect(next.mapping).toEqual(mapping);
  });

  it('refuses the undo when an entry lies in a closed period', async () => {
    const done = await send(
      '/api/imports',
      'a.csv',
      `Date,Client,Amount\n${day(-5)},Acme Buyer,1\n`,
      {
        kind: 'income',
      },
    );
    await rows(ctx, `UPDATE books SET closed_through = '${day(-3)}'`);
    const undo = await ctx.app.inject({
      method: 'POST',
      url: `/api/batches/${done.json().import.batchId}/reverse`,
      headers: bearer(staff),
      payload: { reason: 'late' },
    });
    expect(undo.statusCode).toBe(409);
    expect(await entryCount()).toBe(1);
  });
});

describe('the same file twice', () => {
  beforeEach(fresh);
  const file = `Date,Client,Amount\n${day(-1)},Acme Buyer,10\n`;

  it('names the earlier import, and refuses to write it again', async () => {
    const first = await send('/api/imports', 'a.csv', file, { kind: 'income' });
    const id = first.json().import.id;
    const answer = await preview(file, { kind: 'income' }, 'renamed.csv');
    expect(answer.earlier).toMatchObject({ id, fileName: 'a.csv' });
    const second = await send('/api/imports', 'renamed.csv', file, { kind: 'income' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain(`import #${id} (a.csv)`);
    expect(await entryCount()).toBe(1);
  });

  it('writes it once when two imports run at once', async () => {
    const answers = await Promise.all([
      send('/api/imports', 'a.csv', file, { kind: 'income' }),
      send('/api/imports', 'a.csv', file, { kind: 'income' }, admin),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await entryCount()).toBe(1);
  });

  it('is kept once by the database itself, until the import is undone', async () => {
    // On PGlite the two requests above run one after the other; on PostgreSQL they race, and
    // only the unique index of standing imports keeps the second out.
    const first = await send('/api/imports', 'a.csv', file, { kind: 'income' });
    const { batchId, sha256 } = first.json().import;
    const [batch] = await rows<{ id: number }>(
      ctx,
      `INSERT INTO entry_batches (kind, label) VALUES ('import', 'again') RETURNING id`,
    );
    const again = `INSERT INTO imports (batch_id, kind, file_name, sha256, rows, mapping)
                   VALUES (${batch?.id}, 'income', 'b.csv', '${sha256}', 1, '{}')`;
    await expect(rows(ctx, again)).rejects.toThrow(/imports_sha256_standing/);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/batches/${batchId}/reverse`,
      headers: bearer(staff),
      payload: { reason: 'again' },
    });
    await expect(rows(ctx, again)).resolves.toEqual([]);
  });
});

describe('bad files', () => {
  beforeAll(fresh);
  const refused = async (name: string, file: Buffer | string, message: string, status = 400) => {
    const response = await send('/api/imports', name, file, { kind: 'income' });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await entryCount()).toBe(0);
  };

  it('refuses a file over 20 MB with 413, by its declared length or while reading it', async () => {
    // Over the limit and the room for the form around it: refused before the body is read.
    await refused('huge.csv', Buffer.alloc(25 * 1024 * 1024, 'a'), importMessages.tooLarge, 413);
    // Within that room: the file is cut off as soon as it passes 20 MB.
    await refused('big.csv', Buffer.alloc(21 * 1024 * 1024, 'a'), importMessages.tooLarge, 413);
  });

  it('refuses more than 200,000 rows', async () => {
    const file = `Date,Client,Amount\n${`${day(-1)},Acme Buyer,1\n`.repeat(200_001)}`;
    await refused('many.csv', file, importMessages.tooManyRows);
  });

  it('refuses a null character and an overlong cell, naming the line', async () => {
    await refused(
      'nul.csv',
      `Date,Client,Amount\n${day(-1)},Acme\u0000,1\n`,
      importMessages.nullByte(2),
    );
    await refused(
      'long.csv',
      `Date,Client,Amount,Description\n${day(-1)},Acme Buyer,1,ok\n${day(-1)},Acme Buyer,1,${'x'.repeat(10_000)}\n`,
      importMessages.cellTooLong(3),
    );
  });

  it('refuses a file that is not what its name says', async () => {
    await refused('fake.xlsx', 'Date,Client,Amount\n', importMessages.notXlsx);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('A').addRow(['x']);
    await refused(
      'book.csv',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      importMessages.notCsv,
    );
    await refused('photo.png', 'x', importMessages.wrongType);
  });

  it('refuses a zip bomb posing as .xlsx', async () => {
    // One part that unpacks 50 MB of zeros from a few kilobytes.
    const content = Buffer.alloc(50 * 1024 * 1024);
    const packed = deflateRawSync(content);
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42);
    const centralStart = local.length + name.length + packed.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(centralStart, 16);
    const zip = Buffer.concat([local, name, packed, central, name, end]);
    expect(zip.length).toBeLessThan(100 * 1024);
    await refused('bomb.xlsx', zip, importMessages.zipBomb);
  });

  it('refuses bad options and a viewer-free request without a file', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/imports/preview',
      headers: { ...bearer(staff), 'content-type': 'application/json' },
      payload: { kind: 'income' },
    });
    expect(response.statusCode).toBe(415);
    const bad = await send('/api/imports/preview', 'a.csv', 'x', {
      kind: 'income',
      extra: 1,
    } as unknown as ImportOptions);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(importMessages.badOptions);
  });
});
