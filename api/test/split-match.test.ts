// One entry matched to several statement lines that add up to it (issue 42): POST
// /api/accounts/:id/matches/lines. Lines that do not add up, or of the other direction, are a 400;
// a line or the entry matched already a 409; a viewer a 403; nothing changes on a refusal. Undoing
// one line's match undoes the others; the reconciled period is guarded as for any match.
import { accountMessages as am, lineSplitMessages as sm, type StatementLine } from 'contract';
import { rows, setupDatabase, type TestContext } from './helpers.js';
import { bankOffice, importStatement, reconcileWorklist, type Call } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
let bank: number;
let call: Call;

beforeEach(async () => {
  ({ ctx, admin, staff, viewer, bank, call } = await bankOffice(
    db,
    { openingBalance: '10000.00' },
    { parties: true },
  ));
});
afterAll(() => db.close());

const lineIds = async () =>
  new Map(
    (
      await reconcileWorklist<{ lines: StatementLine[] }>(ctx, viewer, bank, '?status=all')
    ).lines.map((line) => [line.description, line.id]),
  );
const expense = async (amount: number, date = '2026-01-05') =>
  (
    await call(staff, 'POST', '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount,
      Creditdebit: 'Credit',
      date,
      accountId: bank,
    })
  ).body.entry.id as number;
const matchLines = (token: string, body: object) =>
  call(token, 'POST', `/api/accounts/${bank}/matches/lines`, body);
const matches = () =>
  rows(
    ctx,
    'SELECT line_id::int AS line, entry_id::int AS entry FROM statement_matches ORDER BY line_id',
  );
const statuses = () => rows(ctx, 'SELECT description, status FROM statement_lines ORDER BY id');

test('one entry matched to the lines that add up to it; undoing one line undoes all', async () => {
  const rent = await expense(3000.3);
  await importStatement(
    ctx,
    staff,
    bank,
    'Date,Description,Amount\n2026-01-05,Rent part 1,-1000.10\n2026-01-06,Rent part 2,-2000.20\n' +
      '2026-01-06,Deposit,2000.20\n2026-01-07,Other,-2000.21\n',
  );
  const ids = await lineIds();
  const [one, two] = [ids.get('Rent part 1')!, ids.get('Rent part 2')!];

  // Refused: not adding up (by a cent), a line of the other direction, one line only, a viewer.
  const refused = async (token: string, body: object, status: number, message?: string) => {
    const answer = await matchLines(token, body);
    expect({ status: answer.status, message: answer.body.message }).toMatchObject({ status });
    if (message) expect(answer.body.message).toBe(message);
  };
  await refused(
    staff,
    { entryId: rent, lineIds: [one, ids.get('Other')!] },
    400,
    sm.linesSumDiffers,
  );
  await refused(
    staff,
    { entryId: rent, lineIds: [one, ids.get('Deposit')!, two] },
    400,
    sm.linesDirection,
  );
  await refused(staff, { entryId: rent, lineIds: [one] }, 400);
  await refused(staff, { entryId: rent, lineIds: [one, one] }, 400);
  await refused(staff, { entryId: 999999, lineIds: [one, two] }, 409, am.entryNotOfAccount);
  await refused(staff, { entryId: rent, lineIds: [one, 999999] }, 404, am.lineNotFound);
  await refused(viewer, { entryId: rent, lineIds: [one, two] }, 403);
  expect(await matches()).toEqual([]);

  const matched = await matchLines(staff, { entryId: rent, lineIds: [two, one] });
  expect(matched.status).toBe(201);
  expect(matched.body.message).toBe(sm.linesMatched);
  expect(matched.body.lines).toMatchObject([
    { id: two, status: 'matched', entryIds: [rent], amount: -2000.2 },
    { id: one, status: 'matched', entryIds: [rent], amount: -1000.1 },
  ]);
  expect(await matches()).toEqual([
    { line: one, entry: rent },
    { line: two, entry: rent },
  ]);

  // The entry and the lines are matched: neither matches again.
  const other = await expense(2000.21, '2026-01-07');
  await refused(
    staff,
    { entryId: other, lineIds: [one, ids.get('Other')!] },
    409,
    sm.linesNotUnmatched,
  );
  await refused(
    staff,
    { entryId: rent, lineIds: [ids.get('Other')!, ids.get('Deposit')!] },
    409,
    am.alreadyMatched,
  );
  expect(
    await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
      lineId: ids.get('Other')!,
      entryIds: [rent],
    }),
  ).toEqual({ status: 409, body: expect.objectContaining({ message: am.alreadyMatched }) });

  const undone = await call(staff, 'DELETE', `/api/accounts/${bank}/matches/${one}`, {
    reason: 'matched the wrong payment',
  });
  expect(undone.status).toBe(200);
  expect(await matches()).toEqual([]);
  expect(await statuses()).toEqual([
    { description: 'Rent part 1', status: 'unmatched' },
    { description: 'Rent part 2', status: 'unmatched' },
    { description: 'Deposit', status: 'unmatched' },
    { description: 'Other', status: 'unmatched' },
  ]);
  expect(
    await rows(
      ctx,
      `SELECT action, entity_id::int AS line FROM audit_log WHERE entity = 'statement_line'
       ORDER BY id`,
    ),
  ).toEqual([
    { action: 'matched', line: one },
    { action: 'matched', line: two },
    { action: 'unmatched', line: one },
    { action: 'unmatched', line: two },
  ]);
});

test('money in: a receipt split over two deposits; the reconciled period is guarded', async () => {
  const paid = (
    await call(staff, 'POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 500,
      Creditdebit: 'Credit',
      date: '2026-01-10',
      accountId: bank,
    })
  ).body.entry.id as number;
  await importStatement(
    ctx,
    staff,
    bank,
    'Date,Description,Amount\n2026-01-10,Acme 1,200.00\n2026-02-02,Acme 2,300.00\n',
  );
  const ids = await lineIds();
  // Reconciled through January at the statement's balance (the receipt is not on it yet).
  expect(
    (
      await call(staff, 'POST', `/api/accounts/${bank}/reconciled`, {
        through: '2026-01-31',
        closingBalance: 10000,
      })
    ).body.message,
  ).toBe(`${am.reconciled} 2026-01-31`);

  const body = { entryId: paid, lineIds: [ids.get('Acme 1')!, ids.get('Acme 2')!] };
  expect(await matchLines(staff, body)).toEqual({
    status: 409,
    body: expect.objectContaining({ message: `${am.reconciledPeriod} 2026-01-31` }),
  });
  expect(await matches()).toEqual([]);
  const allowed = await matchLines(admin, { ...body, reason: 'the receipt was paid in two parts' });
  expect(allowed.status).toBe(201);
  expect(allowed.body.lines.map((line: StatementLine) => line.status)).toEqual([
    'matched',
    'matched',
  ]);
});

test('two clerks at once matching one entry to different lines: one wins, the other is refused', async () => {
  const rent = await expense(300);
  await importStatement(
    ctx,
    staff,
    bank,
    'Date,Description,Amount\n2026-01-05,Rent,-300.00\n2026-01-06,Rent again,-300.00\n' +
      '2026-01-06,Part 1,-100.00\n2026-01-07,Part 2,-200.00\n',
  );
  const ids = await lineIds();
  for (let round = 0; round < 3; round += 1) {
    const answers = await Promise.all([
      call(staff, 'POST', `/api/accounts/${bank}/matches`, {
        lineId: ids.get('Rent')!,
        entryIds: [rent],
      }),
      call(admin, 'POST', `/api/accounts/${bank}/matches`, {
        lineId: ids.get('Rent again')!,
        entryIds: [rent],
      }),
      matchLines(staff, { entryId: rent, lineIds: [ids.get('Part 1')!, ids.get('Part 2')!] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const stored = await matches();
    expect(new Set(stored.map((row) => row.entry))).toEqual(new Set([rent]));
    const won = answers.findIndex((answer) => answer.status === 201);
    expect(stored).toHaveLength(won === 2 ? 2 : 1);
    // Undone for the next round (one line's undo takes its siblings).
    const line = (stored[0] as { line: number }).line;
    expect(
      (
        await call(staff, 'DELETE', `/api/accounts/${bank}/matches/${line}`, {
          reason: 'next round',
        })
      ).status,
    ).toBe(200);
    expect(await matches()).toEqual([]);
  }
});
