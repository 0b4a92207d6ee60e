// Undoing an exclusion (issue 42): DELETE /api/accounts/:id/lines/:lineId/exclude with a reason
// puts an excluded line back to unmatched, in the activity with the reason; viewers are refused,
// a line not excluded is a 409; in the reconciled period staff are refused naming the day and an
// admin with a reason may; once the lines are unmatched again, the import can be undone.
import { accountMessages as am } from 'contract';
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
    { openingBalance: '1000.00' },
    { parties: true },
  ));
});
afterAll(() => db.close());

const importCsv = (text: string) => importStatement(ctx, staff, bank, text);

const lineId = async (description: string): Promise<number> => {
  const body = await reconcileWorklist(ctx, viewer, bank, '?status=all');
  return body.lines.find((line) => line.description === description)!.id;
};
const exclude = (token: string, line: number, reason: string) =>
  call(token, 'POST', `/api/accounts/${bank}/lines/${line}/exclude`, { reason });
const undoExclude = (token: string, line: number, body: object) =>
  call(token, 'DELETE', `/api/accounts/${bank}/lines/${line}/exclude`, body);
const lineRow = (line: number) =>
  rows(ctx, `SELECT status, excluded_reason, excluded_by FROM statement_lines WHERE id = ${line}`);

test('an excluded line is put back to unmatched with a reason, kept in the activity', async () => {
  await importCsv('Date,Description,Amount\n2026-01-05,Charge,-3.00\n2026-01-06,Fee,-4.00\n');
  const charge = await lineId('Charge');
  const fee = await lineId('Fee');
  expect((await exclude(staff, charge, 'bank error, reversed next day')).status).toBe(200);

  // A viewer is refused; a reason is required, as the exclusion's is; nothing changes.
  expect((await undoExclude(viewer, charge, { reason: 'mistake' })).status).toBe(403);
  expect((await undoExclude(staff, charge, {})).status).toBe(400);
  expect((await undoExclude(staff, charge, { reason: '  ' })).status).toBe(400);
  expect(await lineRow(charge)).toEqual([
    {
      status: 'excluded',
      excluded_reason: 'bank error, reversed next day',
      excluded_by: expect.any(Number),
    },
  ]);

  const undone = await undoExclude(staff, charge, { reason: 'excluded by mistake' });
  expect(undone.status).toBe(200);
  expect(undone.body).toMatchObject({
    message: am.exclusionUndone,
    line: { id: charge, status: 'unmatched', excludedReason: null, amount: -3 },
  });
  expect(await lineRow(charge)).toEqual([
    { status: 'unmatched', excluded_reason: null, excluded_by: null },
  ]);
  const body = await reconcileWorklist(ctx, viewer, bank);
  expect(body.lines.map((line) => line.id)).toEqual([charge, fee]);
  expect(
    await rows(
      ctx,
      `SELECT action, entity_id, before, after FROM audit_log
       WHERE entity = 'statement_line' ORDER BY id`,
    ),
  ).toEqual([
    expect.objectContaining({ action: 'excluded', entity_id: String(charge) }),
    {
      action: 'exclusion_undone',
      entity_id: String(charge),
      before: { status: 'excluded', reason: 'bank error, reversed next day' },
      after: {
        accountId: bank,
        date: '2026-01-05',
        amount: -3,
        status: 'unmatched',
        reason: 'excluded by mistake',
      },
    },
  ]);

  // A line not excluded (unmatched, or matched) is a 409; an unknown line a 404.
  expect(await undoExclude(staff, fee, { reason: 'x' })).toEqual({
    status: 409,
    body: expect.objectContaining({ message: am.lineNotExcluded }),
  });
  expect((await undoExclude(staff, charge, { reason: 'again' })).status).toBe(409);
  expect((await undoExclude(staff, 999999, { reason: 'x' })).status).toBe(404);
});

test('exclude, undo exclude, then undo import: refused while excluded, allowed after', async () => {
  const importId = await importCsv('Date,Description,Amount\n2026-01-05,ATM,-50000.00\n');
  const atm = await lineId('ATM');
  expect((await exclude(staff, atm, 'not ours')).status).toBe(200);
  const undoImport = () =>
    call(staff, 'POST', `/api/accounts/${bank}/statements/${importId}/undo`, {
      reason: 'wrong account',
    });
  expect(await undoImport()).toEqual({
    status: 409,
    body: expect.objectContaining({ message: am.statementHasMatches }),
  });
  expect((await undoExclude(staff, atm, { reason: 'the import itself was wrong' })).status).toBe(
    200,
  );
  expect(await undoImport()).toEqual({ status: 200, body: { message: am.statementUndone } });
  expect(await rows(ctx, 'SELECT count(*)::int AS n FROM statement_lines')).toEqual([{ n: 0 }]);
});

test('in the reconciled period: staff are refused naming the day, an admin with a reason may', async () => {
  const paid = await call(staff, 'POST', '/api/incoms/addIncome', {
    clientId: 1,
    amount: 200,
    Creditdebit: 'Credit',
    date: '2026-01-05',
    accountId: bank,
  });
  await importCsv('Date,Description,Amount\n2026-01-05,Payment,200.00\n2026-01-20,Charge,-3.00\n');
  const charge = await lineId('Charge');
  expect(
    (
      await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
        lineId: await lineId('Payment'),
        entryIds: [paid.body.entry.id],
      })
    ).status,
  ).toBe(201);
  expect((await exclude(staff, charge, 'disputed with the bank')).status).toBe(200);
  expect(
    (
      await call(staff, 'POST', `/api/accounts/${bank}/reconciled`, {
        through: '2026-01-31',
        closingBalance: 1200,
      })
    ).status,
  ).toBe(200);

  const refused = {
    status: 409,
    body: expect.objectContaining({ message: `${am.reconciledPeriod} 2026-01-31` }),
  };
  expect(await undoExclude(staff, charge, { reason: 'the bank kept it' })).toEqual(refused);
  expect((await undoExclude(viewer, charge, { reason: 'x' })).status).toBe(403);
  expect(await lineRow(charge)).toEqual([
    {
      status: 'excluded',
      excluded_reason: 'disputed with the bank',
      excluded_by: expect.any(Number),
    },
  ]);

  const allowed = await undoExclude(admin, charge, { reason: 'the bank kept the charge' });
  expect(allowed.status).toBe(200);
  expect(allowed.body.line).toMatchObject({ status: 'unmatched', excludedReason: null });
  expect(
    await rows(
      ctx,
      `SELECT entity_id, before, after FROM audit_log
       WHERE entity = 'account' AND after ? 'reconciledPeriodChanged'`,
    ),
  ).toEqual([
    {
      entity_id: String(bank),
      before: { reconciledThrough: '2026-01-31' },
      after: {
        reconciledPeriodChanged: { line: charge, exclusionUndone: true, on: '2026-01-20' },
        reason: 'the bank kept the charge',
      },
    },
  ]);
});
