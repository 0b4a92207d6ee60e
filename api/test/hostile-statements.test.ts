// The hostile suite's bank statements (run with `npm run test:hostile`; issue 39): files made to
// cost the readers far more than their size are read, or refused with the line at fault, in work
// proportional to the file, in a worker thread while the server answers everyone else; amounts
// past the money bounds, lines dated after today and a statement in another currency are refused
// at the preview and the import alike, and nothing is stored. Every file is made here.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { statementMessages as sm, type StatementOptions } from 'contract';
import { statementReadsUnderWay } from '../src/bank/readers/in-worker.js';
import { importsSettled } from '../src/bank/import-batches.js';
import { readCamt } from '../src/bank/readers/camt.js';
import { requestAs, rows, setupDatabase, type TestContext } from './helpers.js';
import { bankOffice, sendStatement } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let staff: string;
let bank: number;
afterAll(() => db.close());

beforeEach(async () => {
  ({ ctx, staff, bank } = await bankOffice(db, { openingBalance: 0 }));
});

function send(kind: 'preview' | 'import', fileName: string, file: Buffer | string, options = {}) {
  return sendStatement(ctx, staff, bank, fileName, file, {
    options: options as StatementOptions,
    preview: kind === 'preview',
  });
}

const stored = async () => ({
  imports: (await rows<{ n: number }>(ctx, 'SELECT count(*)::int AS n FROM statement_imports'))[0]!
    .n,
  lines: (await rows<{ n: number }>(ctx, 'SELECT count(*)::int AS n FROM statement_lines'))[0]!.n,
});

/** Both calls answer the same refusal, and nothing is stored. */
async function refusedBoth(
  fileName: string,
  file: string | Buffer,
  status: number,
  message: string,
) {
  for (const kind of ['preview', 'import'] as const) {
    const response = await send(kind, fileName, file);
    expect({ kind, status: response.statusCode, message: response.json().message }).toEqual({
      kind,
      status,
      message,
    });
  }
  expect(await stored()).toEqual({ imports: 0, lines: 0 });
}

/** OFX 1.x SGML whose <STMTTRN> aggregates have no closing tag. */
const unclosedOfx = (count: number) =>
  'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>' +
  '<CURDEF>PKR<BANKTRANLIST>\r\n' +
  Array.from(
    { length: count },
    (_, i) =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260105<TRNAMT>-${(i % 900) + 1}.25<FITID>T${i}<NAME>Shop ${i}\r\n`,
  ).join('') +
  '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n';

describe('files that cost more than their size', () => {
  test('100,000 OFX transactions without closing tags (8.7 MB) are read while other requests are answered', async () => {
    const file = unclosedOfx(100_000);
    expect(file.length).toBeGreaterThan(8_500_000);
    let answered = false;
    const preview = send('preview', 'unclosed.ofx', file).finally(() => (answered = true));
    // The read is under way in its worker thread...
    while (statementReadsUnderWay() === 0 && !answered) await nextTurn();
    expect(answered).toBe(false);
    // ...and the server answers another request meanwhile, the read still under way.
    const other = await requestAs(ctx.app, staff, 'GET', '/api/accounts');
    expect(other.status).toBe(200);
    expect(statementReadsUnderWay()).toBe(1);
    const response = await preview;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ format: 'ofx', problem: null, lines: 100_000 });
    expect(response.json().first[2]).toMatchObject({
      line: 8,
      date: '2026-01-05',
      amount: -3.25,
      description: 'Shop 2',
      reference: 'T2',
    });
    expect(statementReadsUnderWay()).toBe(0);
  });

  test('20,000 unclosed OFX transactions are imported, each once', async () => {
    const response = await send('import', 'unclosed.ofx', unclosedOfx(20_000));
    expect(response.statusCode).toBe(201);
    // Past 2,000 lines the answer comes first and the lines are written in batches after it; a
    // file this large (over 1 MB) is read after the answer too, its lines counted then.
    expect(response.json()).toMatchObject({ state: 'importing', lines: 0 });
    await importsSettled();
    const { body } = await requestAs(ctx.app, staff, 'GET', `/api/accounts/${bank}/statements`);
    expect(body.imports[0]).toMatchObject({
      state: 'done',
      lines: 20_000,
      added: 20_000,
      known: 0,
    });
    expect(await stored()).toEqual({ imports: 1, lines: 20_000 });
  });

  test('OFX 2 XML with closing tags, 20,000 transactions, is read; one without TRNAMT is named', async () => {
    const transaction = (i: number) =>
      `<STMTTRN>\n<TRNTYPE>CREDIT</TRNTYPE>\n<DTPOSTED>20260106120000.000[+5:PKT]</DTPOSTED>\n` +
      `<TRNAMT>${i + 1}.50</TRNAMT>\n<FITID>X${i}</FITID>\n<NAME>Client &amp; Co ${i}</NAME>\n</STMTTRN>\n`;
    const xml = (body: string) =>
      '<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n<OFX>\n' +
      '<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>PKR</CURDEF><BANKTRANLIST>\n' +
      body +
      '</BANKTRANLIST><LEDGERBAL><BALAMT>10.00</BALAMT></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n';
    const file = xml(Array.from({ length: 20_000 }, (_, i) => transaction(i)).join(''));
    const response = await send('preview', 'statement.ofx', file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ lines: 20_000, closingBalance: 10 });
    expect(response.json().first[1]).toMatchObject({
      line: 12,
      date: '2026-01-06',
      amount: 2.5,
      description: 'Client & Co 1',
      reference: 'X1',
    });
    const broken = xml(transaction(0) + transaction(1).replace('<TRNAMT>2.50</TRNAMT>', ''));
    await refusedBoth('broken.ofx', broken, 400, 'Line 12: the transaction has no TRNAMT');
  });

  test('CAMT.053 of nested <Nm> (1.8 MB) is refused at the depth no statement reaches, naming the line', async () => {
    const depth = 300_000;
    const file =
      '<?xml version="1.0"?>\n<Document><BkToCstmrStmt><Stmt><Ntry><NtryDtls><TxDtls><RltdPties>\n' +
      '<Nm>'.repeat(depth) +
      'x' +
      '</Nm>'.repeat(depth) +
      '</RltdPties></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>\n';
    expect(file.length).toBeGreaterThan(1_800_000);
    await refusedBoth('nested.xml', file, 400, sm.tooDeep(3));
  });

  test('CAMT.053 of 5,000 entries with related parties is read, each with its line and payer', () => {
    // Read in this thread on purpose, through the reader itself: the counters that replaced the
    // search of the open elements still find each entry's related party's name.
    const entry = (i: number) =>
      `<Ntry><Amt Ccy="PKR">${i + 1}.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-01-05</Dt></BookgDt>` +
      `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Payer ${i}</Nm></Dbtr></RltdPties></TxDtls></NtryDtls></Ntry>\n`;
    const file =
      '<Document><BkToCstmrStmt><Stmt>\n' +
      Array.from({ length: 5000 }, (_, i) => entry(i)).join('') +
      '</Stmt></BkToCstmrStmt></Document>';
    const read = readCamt(Buffer.from(file));
    expect(read.lines).toHaveLength(5000);
    expect(read.lines[4999]).toMatchObject({ line: 5001, description: 'Payer 4999' });
    expect(read.currency).toBe('PKR');
  });

  test('MT940 with a 1 MB :86: is refused naming its line, not with a crash', async () => {
    const file =
      ':20:STMT1\r\n:25:12345678\r\n:28C:1/1\r\n:60F:C260101PKR1000,00\r\n' +
      ':61:2601050105C250,50NTRFNONREF\r\n:86:' +
      'A'.repeat(1024 * 1024) +
      '\r\n:62F:C260131PKR1250,50\r\n-';
    await refusedBoth('big.sta', file, 400, 'Line 6: a text is longer than 1000 characters');
  });

  test('MT940 whose :86: runs over 20,000 lines is refused naming its line', async () => {
    const file =
      ':20:STMT1\r\n:25:12345678\r\n:60F:C260101PKR1000,00\r\n' +
      ':61:260105C250,50NTRFNONREF\r\n:86:' +
      '?20x\r\n'.repeat(20_000) +
      ':62F:C260131PKR1250,50\r\n-';
    await refusedBoth('long.sta', file, 400, 'Line 5: a text is longer than 1000 characters');
  });
});

describe('amounts past the money bounds, days after today, another currency', () => {
  const csv = (amount: string, day = '2026-01-06') =>
    `Date,Description,Amount\n2026-01-05,Fine,10.00\n${day},Huge,${amount}\n`;

  test('an amount of 1,000,000,000,000.00 or more is refused at the preview and the import', async () => {
    const ofx = unclosedOfx(1).replace('<TRNAMT>-1.25', '<TRNAMT>1000000000000.00');
    await refusedBoth('huge.ofx', ofx, 400, sm.tooLarge(6, '1,000,000,000,000.00'));
    const mt940 =
      ':20:S\r\n:25:1\r\n:60F:C260101PKR0,\r\n:61:260105C9999999999999,99NTRFNONREF\r\n:86:x\r\n-';
    await refusedBoth('huge.sta', mt940, 400, sm.tooLarge(4, '9,999,999,999,999.99'));
    // A CSV's preview names the line as its problem (the mapping may be at fault); its import is
    // refused.
    const preview = await send('preview', 'huge.csv', csv('1000000000000.00'));
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      problem: sm.tooLarge(3, '1,000,000,000,000.00'),
      lines: 0,
    });
    const imported = await send('import', 'huge.csv', csv('1000000000000.00'));
    expect({ status: imported.statusCode, message: imported.json().message }).toEqual({
      status: 400,
      message: sm.tooLarge(3, '1,000,000,000,000.00'),
    });
    expect(await stored()).toEqual({ imports: 0, lines: 0 });
    // The largest amount the books hold is taken.
    const largest = await send('import', 'largest.csv', csv('999999999999.99'));
    expect(largest.statusCode).toBe(201);
  });

  test('a line dated after today is refused at the preview and the import', async () => {
    const ofx = unclosedOfx(3).replace(
      '<DTPOSTED>20260105<TRNAMT>-2.25',
      '<DTPOSTED>20990105<TRNAMT>-2.25',
    );
    await refusedBoth('future.ofx', ofx, 400, sm.future(7, '2099-01-05'));
    const imported = await send('import', 'future.csv', csv('5.00', '2099-12-31'));
    expect({ status: imported.statusCode, message: imported.json().message }).toEqual({
      status: 400,
      message: sm.future(3, '2099-12-31'),
    });
    expect(await stored()).toEqual({ imports: 0, lines: 0 });
  });

  test('a statement in another currency than the account is refused, naming both', async () => {
    const refusal = sm.otherCurrency('USD', 'PKR', 'HBL');
    const camt =
      '<?xml version="1.0"?>\n<Document><BkToCstmrStmt><Stmt>\n' +
      '<Ntry><Amt Ccy="USD">25.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-01-05</Dt></BookgDt></Ntry>\n' +
      '</Stmt></BkToCstmrStmt></Document>\n';
    await refusedBoth('usd.xml', camt, 400, refusal);
    await refusedBoth(
      'usd.ofx',
      unclosedOfx(2).replace('<CURDEF>PKR', '<CURDEF>USD'),
      400,
      refusal,
    );
    const mt940 =
      ':20:S\r\n:25:1\r\n:60F:C260101USD10,00\r\n:61:260105C5,00NTRFNONREF\r\n:86:x\r\n:62F:C260131USD15,00\r\n-';
    await refusedBoth('usd.sta', mt940, 400, refusal);
    // Amounts in two currencies in one file: the line at fault.
    const mixed = camt.replace(
      '</Stmt>',
      '<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-01-06</Dt></BookgDt></Ntry>\n</Stmt>',
    );
    await refusedBoth('mixed.xml', mixed, 400, sm.mixedCurrencies(4, 'EUR', 'USD'));
    // An OFX transaction in a currency of its own (<CURRENCY><CURSYM>), in a rupee statement; one
    // converted into rupees (<ORIGCURRENCY>) is the statement's currency and is read.
    const usdLine = unclosedOfx(2).replace(
      '<FITID>T1',
      '<CURRENCY><CURRATE>280<CURSYM>USD</CURRENCY><FITID>T1',
    );
    await refusedBoth('mixed.ofx', usdLine, 400, sm.mixedCurrencies(7, 'USD', 'PKR'));
    const converted = unclosedOfx(2).replace(
      '<FITID>T1',
      '<ORIGCURRENCY><CURRATE>280<CURSYM>USD</ORIGCURRENCY><FITID>T1',
    );
    expect((await send('preview', 'converted.ofx', converted)).statusCode).toBe(200);
  });
});
