// A large statement is imported in batches after its call is answered (issue 39): a 100,000-line
// statement in one transaction held every other request of the embedded database 7 to 48 s.
// A statement of more than STATEMENT_LINES_AT_ONCE lines is answered "importing", its lines then
// written a batch at a time; the statement list shows its progress and then its counts. While
// it is under way the account refuses another import, an undo and "reconciled through"; one that
// stopped (its process ended) is shown interrupted and undone like any other. Its reconciled
// period is checked before the answer, as a small statement's is.
import { accountMessages as am, STATEMENT_LINES_AT_ONCE } from 'contract';
import { rows, setupDatabase, type TestContext } from './helpers.js';
import { bankOffice, generatedCsv, sendStatement, type Call } from './fixtures.js';
import { importsSettled } from '../src/bank/import-batches.js';

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

const LINES = STATEMENT_LINES_AT_ONCE * 2 + 321;

/** A CSV statement of `count` lines from month `from` to November 2026, each its own. */
const bigStatement = (count = LINES, from = 2) => generatedCsv(count, { from });

const statements = async () =>
  (await call(viewer, 'GET', `/api/accounts/${bank}/statements`)).body.imports as {
    id: number;
    state: string;
    lines: number;
    linesDone: number;
    added: number;
    known: number;
  }[];

const stored = () =>
  rows(
    ctx,
    `SELECT (SELECT count(*)::int FROM statement_lines) AS lines,
            (SELECT count(*)::int FROM statement_line_imports) AS held,
            (SELECT count(*)::int FROM statement_imports) AS imports`,
  );

test('a large statement is answered "importing", then written in batches; the list shows it done', async () => {
  const file = bigStatement();
  const answer = await sendStatement(ctx, staff, bank, 'year.csv', file);
  expect(answer.statusCode).toBe(201);
  expect(answer.json()).toMatchObject({
    message: am.statementImporting,
    state: 'importing',
    lines: LINES,
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
    }),
  ]);
  expect(await stored()).toEqual([{ lines: LINES, held: LINES, imports: 1 }]);
  expect(
    await rows(
      ctx,
      `SELECT after->>'added' AS added, after->>'known' AS known FROM audit_log
       WHERE action = 'statement_imported'`,
    ),
  ).toEqual([{ added: String(LINES), known: '0' }]);

  // The same file again: every line recognised, none stored twice.
  const again = await sendStatement(ctx, staff, bank, 'year.csv', file);
  expect(again.json()).toMatchObject({ state: 'importing', lines: LINES });
  await importsSettled();
  expect((await statements())[0]).toMatchObject({ state: 'done', added: 0, known: LINES });
  expect(await stored()).toEqual([{ lines: LINES, held: 2 * LINES, imports: 2 }]);
  // A small statement is imported as before, in its one call.
  const small = await sendStatement(
    ctx,
    staff,
    bank,
    'one.csv',
    'Date,Description,Amount\n2026-11-30,Fee,-1.00\n',
  );
  expect(small.json()).toMatchObject({ state: 'done', lines: 1, added: 1, known: 0 });
});

test('while an import is under way the account refuses another, an undo and "reconciled through"; one stalled is interrupted', async () => {
  const first = await sendStatement(
    ctx,
    staff,
    bank,
    'small.csv',
    'Date,Description,Amount\n2026-03-02,Fee,-2.00\n',
  );
  expect(first.statusCode).toBe(201);
  const large = await sendStatement(ctx, staff, bank, 'year.csv', bigStatement());
  await importsSettled();
  const largeId = large.json().importId as number;
  // As the server sees an import whose batches are being written, in this process or another.
  await rows(
    ctx,
    `UPDATE statement_imports SET state = 'importing', progress_at = now() WHERE id = ${largeId}`,
  );
  const before = await stored();
  const another = await sendStatement(
    ctx,
    staff,
    bank,
    'other.csv',
    'Date,Description,Amount\n2026-04-02,Fee,-3.00\n',
  );
  expect([another.statusCode, another.json().message]).toEqual([409, am.statementImportRunning]);
  const bigger = await sendStatement(ctx, staff, bank, 'again.csv', bigStatement());
  expect([bigger.statusCode, bigger.json().message]).toEqual([409, am.statementImportRunning]);
  const running = {
    status: 409,
    body: expect.objectContaining({ message: am.statementImportRunning }),
  };
  expect(
    await call(staff, 'POST', `/api/accounts/${bank}/statements/${first.json().importId}/undo`, {
      reason: 'twice',
    }),
  ).toEqual(running);
  expect(
    await call(staff, 'POST', `/api/accounts/${bank}/reconciled`, {
      through: '2026-01-31',
      closingBalance: 0,
    }),
  ).toEqual(running);
  expect(await stored()).toEqual(before);
  expect((await statements())[0]).toMatchObject({ id: largeId, state: 'importing' });

  // No batch for three minutes: its process ended. Shown interrupted; the account is free again.
  await rows(
    ctx,
    `UPDATE statement_imports SET progress_at = now() - interval '3 minutes' WHERE id = ${largeId}`,
  );
  expect((await statements())[0]).toMatchObject({ id: largeId, state: 'interrupted' });
  expect(
    (
      await sendStatement(
        ctx,
        staff,
        bank,
        'other.csv',
        'Date,Description,Amount\n2026-04-02,Fee,-3.00\n',
      )
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await call(staff, 'POST', `/api/accounts/${bank}/statements/${largeId}/undo`, {
        reason: 'stopped halfway: imported again',
      })
    ).status,
  ).toBe(200);
  expect(await rows(ctx, `SELECT count(*)::int AS n FROM statement_lines`)).toEqual([{ n: 2 }]);
});

test('a large statement reaching into the reconciled period: refused to staff before the answer, an admin with a reason writes it', async () => {
  const reconciled = await call(staff, 'POST', `/api/accounts/${bank}/reconciled`, {
    through: '2026-02-28',
    closingBalance: 0,
  });
  expect(reconciled.status).toBe(200);
  const file = bigStatement();
  const refused = await sendStatement(ctx, staff, bank, 'year.csv', file);
  expect([refused.statusCode, refused.json().message]).toEqual([
    409,
    `${am.reconciledPeriod} 2026-02-28`,
  ]);
  expect(await stored()).toEqual([{ lines: 0, held: 0, imports: 0 }]);
  // From March on it needs no reason.
  const later = await sendStatement(ctx, staff, bank, 'later.csv', bigStatement(LINES, 3));
  expect(later.json()).toMatchObject({ state: 'importing' });
  await importsSettled();
  const allowed = await sendStatement(ctx, admin, bank, 'year.csv', file, {
    options: { reason: 'the bank sent the year again, February included' },
  });
  expect(allowed.json()).toMatchObject({ state: 'importing', lines: LINES });
  await importsSettled();
  expect((await statements())[0]).toMatchObject({ state: 'done', lines: LINES });
  expect(
    await rows(
      ctx,
      `SELECT after->'reconciledPeriodChanged'->>'on' AS on, after->>'reason' AS reason
       FROM audit_log WHERE entity = 'account' AND after ? 'reconciledPeriodChanged'`,
    ),
  ).toEqual([{ on: '2026-02-01', reason: 'the bank sent the year again, February included' }]);
});

test('an import whose batch fails stops interrupted, its lines so far kept; the file imported again adds the rest', async () => {
  // The database refuses one line of the file: the batch holding it fails.
  await rows(
    ctx,
    `CREATE FUNCTION refuse_line() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'refused'; END $$`,
  );
  await rows(
    ctx,
    `CREATE TRIGGER refuse_line_trg BEFORE INSERT ON statement_lines FOR EACH ROW
     WHEN (NEW.description = 'Line 1700') EXECUTE FUNCTION refuse_line()`,
  );
  try {
    const file = bigStatement();
    const answer = await sendStatement(ctx, staff, bank, 'year.csv', file);
    expect(answer.json()).toMatchObject({ state: 'importing', lines: LINES });
    await importsSettled();
    // Batches of 500: the first three are in, the fourth (lines 1,500 to 1,999) is not.
    expect((await statements())[0]).toMatchObject({
      state: 'interrupted',
      lines: LINES,
      linesDone: 1500,
      added: 1500,
      known: 0,
    });
    expect(await stored()).toEqual([{ lines: 1500, held: 1500, imports: 1 }]);
    expect(
      await rows(
        ctx,
        `SELECT after->>'added' AS added, after->>'interrupted' AS interrupted FROM audit_log
         WHERE action = 'statement_imported'`,
      ),
    ).toEqual([{ added: '1500', interrupted: 'true' }]);
    await rows(ctx, 'DROP TRIGGER refuse_line_trg ON statement_lines');
    const again = await sendStatement(ctx, staff, bank, 'year.csv', file);
    expect(again.statusCode).toBe(201);
    await importsSettled();
    expect((await statements())[0]).toMatchObject({
      state: 'done',
      added: LINES - 1500,
      known: 1500,
    });
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM statement_lines')).toEqual([
      { n: LINES },
    ]);
  } finally {
    await rows(ctx, 'DROP TRIGGER IF EXISTS refuse_line_trg ON statement_lines');
    await rows(ctx, 'DROP FUNCTION refuse_line()');
  }
});
