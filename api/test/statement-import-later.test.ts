// A large statement file is read after its import call is answered (issue 39): reading a
// 100,000-line file before the answer made the call 5 to 10 s long. A file of more than
// STATEMENT_READ_AFTER_BYTES that may hold more than STATEMENT_LINES_AT_ONCE lines is answered
// "importing" before it is read; it then ends imported, or refused with the message a small
// statement's call answers with (the statement list shows it), nothing stored.
import {
  accountMessages as am,
  statementMessages as sm,
  STATEMENT_LINES_AT_ONCE,
  STATEMENT_READ_AFTER_BYTES,
} from 'contract';
import { rows, setupDatabase, type TestContext } from './helpers.js';
import { bankOffice, generatedCsv, sendStatement, type Call } from './fixtures.js';
import { importsSettled, stopImports } from '../src/bank/import-batches.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
let bank: number;
let call: Call;

beforeEach(async () => {
  ({ ctx, admin, staff, viewer, bank, call } = await bankOffice(db, { openingBalance: 0 }));
});
afterEach(() => importsSettled());
afterAll(() => db.close());

/** The fewest lines, and the longest, that make a file read after its answer. */
const LINES = STATEMENT_LINES_AT_ONCE + 1;
const TEXT = 'x'.repeat(Math.ceil(STATEMENT_READ_AFTER_BYTES / LINES));

/** A CSV statement of `count` lines from March to November 2026; `last` replaces its last line. */
function bigCsv(last?: string, count = LINES): string {
  const csv = generatedCsv(count, { from: 3, padding: ` ${TEXT}` });
  if (last === undefined) return csv;
  const lines = csv.trimEnd().split('\n');
  lines[count] = last;
  return `${lines.join('\n')}\n`;
}

/** A CAMT.053 statement of `count` entries in `currency`. */
function camt(currency: string, count = LINES): string {
  const entry = (i: number) =>
    `<Ntry><Amt Ccy="${currency}">${(1 + i / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd>` +
    `<BookgDt><Dt>2026-04-05</Dt></BookgDt><AddtlNtryInf>Entry ${i} ${TEXT}</AddtlNtryInf></Ntry>`;
  const entries = Array.from({ length: count }, (_, i) => entry(i)).join('\n');
  return `<?xml version="1.0"?>\n<Document><BkToCstmrStmt><Stmt>\n${entries}\n</Stmt></BkToCstmrStmt></Document>\n`;
}

const statements = async () =>
  (await call(viewer, 'GET', `/api/accounts/${bank}/statements`)).body.imports as {
    id: number;
    state: string;
    lines: number;
    linesDone: number;
    added: number;
    known: number;
    refusal: string | null;
  }[];

const stored = async () =>
  (
    await rows<{ lines: number; held: number; imports: number }>(
      ctx,
      `SELECT (SELECT count(*)::int FROM statement_lines) AS lines,
              (SELECT count(*)::int FROM statement_line_imports) AS held,
              (SELECT count(*)::int FROM statement_imports) AS imports`,
    )
  )[0];

test('a file over the size is answered "importing" before it is read, then ends imported with its lines', async () => {
  const file = bigCsv();
  expect(Buffer.byteLength(file)).toBeGreaterThan(STATEMENT_READ_AFTER_BYTES);
  const answer = await sendStatement(ctx, staff, bank, 'year.csv', file);
  expect(answer.statusCode).toBe(201);
  expect(answer.json()).toMatchObject({
    message: am.statementImporting,
    format: 'csv',
    state: 'importing',
    lines: 0,
    added: 0,
    known: 0,
  });
  await importsSettled();
  expect(await statements()).toEqual([
    expect.objectContaining({
      id: answer.json().importId,
      state: 'done',
      lines: LINES,
      linesDone: LINES,
      added: LINES,
      known: 0,
      refusal: null,
    }),
  ]);
  expect(await stored()).toEqual({ lines: LINES, held: LINES, imports: 1 });
  // Money in on odd lines, out on even: 1,001 lines out and 1,000 in, 1.00 + i/100 each.
  expect(
    await rows(
      ctx,
      `SELECT sum(amount)::text AS total, min(line_date)::text AS first,
              max(line_date)::text AS last,
              (SELECT description FROM statement_lines WHERE position = 2) AS second
       FROM statement_lines`,
    ),
  ).toEqual([
    {
      total: '-11.00',
      first: '2026-03-01',
      last: '2026-11-28',
      second: `Line 1 ${TEXT}`,
    },
  ]);
  // The same file again: every line recognised.
  expect((await sendStatement(ctx, staff, bank, 'year.csv', file)).json()).toMatchObject({
    state: 'importing',
  });
  await importsSettled();
  expect((await statements())[0]).toMatchObject({ state: 'done', added: 0, known: LINES });
  expect(await stored()).toEqual({ lines: LINES, held: 2 * LINES, imports: 2 });
});

test('a large file refused once read ends refused with the message of a small one, nothing stored', async () => {
  const refusals: [string, string, string][] = [
    ['bad.csv', bigCsv('2026-05-05,Last,12x'), `Line ${LINES + 1}: "12x" is not an amount`],
    ['future.csv', bigCsv('2099-12-31,Last,1.00'), sm.future(LINES + 1, '2099-12-31')],
    [
      'huge.csv',
      bigCsv('2026-05-05,Last,1000000000000.00'),
      sm.tooLarge(LINES + 1, '1,000,000,000,000.00'),
    ],
    ['usd.xml', camt('USD'), sm.otherCurrency('USD', 'PKR', 'HBL')],
  ];
  for (const [name, file, message] of refusals) {
    expect(Buffer.byteLength(file)).toBeGreaterThan(STATEMENT_READ_AFTER_BYTES);
    const answer = await sendStatement(ctx, staff, bank, name, file);
    expect([answer.statusCode, answer.json().state]).toEqual([201, 'importing']);
    await importsSettled();
    expect((await statements())[0]).toMatchObject({
      id: answer.json().importId,
      state: 'refused',
      refusal: message,
      linesDone: 0,
      added: 0,
    });
    // The message is the one the same refusal of a small statement answers with.
    expect(await stored()).toMatchObject({ lines: 0, held: 0 });
  }
  const small = await sendStatement(ctx, staff, bank, 'usd.xml', camt('USD', 2));
  expect([small.statusCode, small.json().message]).toEqual([
    400,
    sm.otherCurrency('USD', 'PKR', 'HBL'),
  ]);
  // A refused import holds nothing to undo; the account is free for the next import.
  const refused = (await statements())[0]!;
  expect(
    await call(staff, 'POST', `/api/accounts/${bank}/statements/${refused.id}/undo`, {
      reason: 'wrong file',
    }),
  ).toEqual({
    status: 409,
    body: expect.objectContaining({ message: am.statementRefusedNothingToUndo }),
  });
  const next = await sendStatement(
    ctx,
    staff,
    bank,
    'one.csv',
    'Date,Description,Amount\n2026-11-30,Fee,-1.00\n',
  );
  expect(next.json()).toMatchObject({ state: 'done', added: 1 });
});

test('a large file reaching into the reconciled period ends refused for staff; an admin with a reason imports it', async () => {
  const reconciled = await call(staff, 'POST', `/api/accounts/${bank}/reconciled`, {
    through: '2026-03-31',
    closingBalance: 0,
  });
  expect(reconciled.status).toBe(200);
  const file = bigCsv();
  const answer = await sendStatement(ctx, staff, bank, 'year.csv', file);
  expect(answer.json()).toMatchObject({ state: 'importing' });
  await importsSettled();
  expect((await statements())[0]).toMatchObject({
    state: 'refused',
    refusal: `${am.reconciledPeriod} 2026-03-31`,
  });
  expect(await stored()).toEqual({ lines: 0, held: 0, imports: 1 });
  const allowed = await sendStatement(ctx, admin, bank, 'year.csv', file, {
    options: { reason: 'the bank sent March again' },
  });
  expect(allowed.json()).toMatchObject({ state: 'importing' });
  await importsSettled();
  expect((await statements())[0]).toMatchObject({ state: 'done', added: LINES, refusal: null });
  expect(
    await rows(
      ctx,
      `SELECT after->'reconciledPeriodChanged'->>'on' AS on, after->>'reason' AS reason
       FROM audit_log WHERE entity = 'account' AND after ? 'reconciledPeriodChanged'`,
    ),
  ).toEqual([{ on: '2026-03-01', reason: 'the bank sent March again' }]);
});

test('a viewer may not import a large file; a server closing while it is read leaves it interrupted', async () => {
  const file = bigCsv();
  const refused = await sendStatement(ctx, viewer, bank, 'year.csv', file);
  expect(refused.statusCode).toBe(403);
  expect(await stored()).toEqual({ lines: 0, held: 0, imports: 0 });

  const answer = await sendStatement(ctx, staff, bank, 'year.csv', file);
  expect(answer.json()).toMatchObject({ state: 'importing', lines: 0 });
  await stopImports(ctx.database.db);
  expect((await statements())[0]).toMatchObject({ state: 'interrupted', added: 0 });
  expect(await stored()).toMatchObject({ lines: 0 });
  // The account is free again.
  expect((await sendStatement(ctx, staff, bank, 'year.csv', file)).statusCode).toBe(201);
});

test('a file over the size that plainly holds no more than 2,000 lines is read before the answer, as before', async () => {
  const lines = STATEMENT_LINES_AT_ONCE;
  const long = 'y'.repeat(200);
  const file = bigCsv(undefined, lines).replace(/^(2026-\d\d-\d\d,Line \d+ )/gm, `$1${long}`);
  expect(Buffer.byteLength(file)).toBeGreaterThan(STATEMENT_READ_AFTER_BYTES);
  const answer = await sendStatement(ctx, staff, bank, 'long.csv', file);
  expect([answer.statusCode, answer.json()]).toEqual([
    201,
    expect.objectContaining({ message: am.statementImported, state: 'done', lines, added: lines }),
  ]);
  // Its refusal is the call's, nothing recorded.
  const future = file.replace(/\n2026-\d\d-\d\d,Line 1 /, '\n2099-12-31,Line 1 ');
  const refused = await sendStatement(ctx, staff, bank, 'future.csv', future);
  expect([refused.statusCode, refused.json().message]).toEqual([400, sm.future(3, '2099-12-31')]);
  expect(await stored()).toEqual({ lines, held: lines, imports: 1 });
});
