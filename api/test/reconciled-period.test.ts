// A reconciled period is closed to everyone but an admin who says why (issue 39): "reconciled
// through" only moves forward and never past today; while a day is reconciled, staff are refused
// (409, naming the day) every write that would change the account's money or a line's match on or
// before it, and the reconciliation statement of that day stays as it was; an admin who gives a
// reason may, and the activity says so.
import ExcelJS from 'exceljs';
import { accountMessages as am, type StatementOptions } from 'contract';
import { bearer, rows, setupDatabase, type TestContext } from './helpers.js';
import {
  bankOffice,
  importStatement,
  moneyAccount,
  reconcileWorklist,
  sendStatement,
  type Call,
} from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
let bank: number;
let call: Call;
/** The scenario's records: see `reconciledJanuary`. */
let paid: number;
let cheque: number;
let transfer: number;
let payment: number;
let charge: number;

const THROUGH = '2026-01-31';
const refusedStaff = `${am.reconciledPeriod} ${THROUGH}`;

const refusal = (status: number, message: string) => ({
  status,
  body: expect.objectContaining({ message }),
});

const importCsv = (text: string) => importStatement(ctx, staff, bank, text);

async function created(answer: ReturnType<typeof call>) {
  const { status, body } = await answer;
  expect({ status, body }).toMatchObject({ status: 201 });
  return body;
}

/**
 * HBL, opened with 1,000 on 2026-01-01 before each test: an income of 200 (matched to the line
 * "Payment"), a cheque of 40 not yet cashed, a transfer of 100 to Cash (matched to its line), a
 * bank charge of 3 not recorded; reconciled through 2026-01-31 at 1,100.
 */
async function reconciledJanuary() {
  const entry = (url: string, body: object) =>
    created(call(staff, 'POST', url, { Creditdebit: 'Credit', accountId: bank, ...body }));
  paid = (await entry('/api/incoms/addIncome', { clientId: 1, amount: 200, date: '2026-01-05' }))
    .entry.id;
  cheque = (
    await entry('/api/expance/addexpance', { expanceTypeId: 1, amount: 40, date: '2026-01-10' })
  ).entry.id;
  transfer = (
    await created(
      call(staff, 'POST', '/api/accounts/transfers', {
        fromAccountId: bank,
        toAccountId: 1,
        amount: 100,
        date: '2026-01-12',
      }),
    )
  ).transfer.id;
  await importCsv(
    'Date,Description,Amount\n2026-01-05,Payment,200.00\n2026-01-12,To cash,-100.00\n2026-01-20,Charge,-3.00\n',
  );
  const { lines } = await reconcileWorklist(ctx, viewer, bank);
  const line = (text: string) => lines.find((l) => l.description === text)!.id;
  payment = line('Payment');
  charge = line('Charge');
  await created(
    call(staff, 'POST', `/api/accounts/${bank}/matches`, { lineId: payment, entryIds: [paid] }),
  );
  await created(
    call(staff, 'POST', `/api/accounts/${bank}/matches`, {
      lineId: line('To cash'),
      entryIds: [],
      transferIds: [transfer],
    }),
  );
  const done = await call(staff, 'POST', `/api/accounts/${bank}/reconciled`, {
    through: THROUGH,
    closingBalance: 1100,
  });
  expect(done.status).toBe(200);
}

/** The reconciliation statement of the day as the Excel file gives it, from its first figure on. */
async function statementOf(day: string): Promise<unknown[][]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/accounts/${bank}/reconciliation/excel?date=${day}`,
    headers: bearer(viewer),
  });
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  return values.slice(values.findIndex((row) => row[0] === 'Balance as per bank statement'));
}

/** What the books and the statement hold: a change anywhere shows here. */
const stored = () =>
  rows(
    ctx,
    `SELECT (SELECT count(*)::int FROM entries) AS entries,
            (SELECT count(*)::int FROM account_transfers) AS transfers,
            (SELECT count(*)::int FROM statement_matches) AS matches,
            (SELECT string_agg(status, ',' ORDER BY id) FROM statement_lines) AS lines,
            (SELECT opening_balance::text || ' ' || opening_date::text || ' ' ||
                    reconciled_through::text FROM accounts WHERE id = ${bank}) AS account`,
  );

beforeEach(async () => {
  ({ ctx, admin, staff, viewer, bank, call } = await bankOffice(
    db,
    { openingBalance: '1000.00' },
    { parties: true },
  ));
  await reconciledJanuary();
});
afterAll(() => db.close());

test('"reconciled through" moves forward only, never past today; back is an admin\'s act with a reason', async () => {
  const reconcile = (token: string, body: object) =>
    call(token, 'POST', `/api/accounts/${bank}/reconciled`, body);
  for (const through of ['9999-12-31', '2099-01-01'])
    expect(await reconcile(staff, { through, closingBalance: 1100 })).toEqual(
      refusal(400, am.reconciledInFuture),
    );
  // Back to the opening day, then the match would come undone: refused, reason or not.
  const back = { through: '2026-01-01', closingBalance: 1000 };
  const refusedBack = refusal(409, `${am.reconciledBack} ${THROUGH}`);
  expect(await reconcile(staff, back)).toEqual(refusedBack);
  expect(await reconcile(staff, { ...back, reason: 'staff say so' })).toEqual(refusedBack);
  expect(await reconcile(admin, back)).toEqual(refusedBack);
  expect((await reconcile(viewer, { ...back, reason: 'viewer says so' })).status).toBe(403);
  expect(await reconcile(admin, { ...back, reason: '   ' })).toMatchObject({ status: 400 });
  expect(await stored()).toEqual([
    expect.objectContaining({ account: `1000.00 2026-01-01 ${THROUGH}` }),
  ]);

  const moved = await reconcile(admin, { ...back, reason: 'the January statement was wrong' });
  expect(moved.status).toBe(200);
  expect(moved.body.account.reconciledThrough).toBe('2026-01-01');
  const activity = await rows(
    ctx,
    `SELECT before, after FROM audit_log WHERE action = 'reconciled' ORDER BY id DESC LIMIT 1`,
  );
  expect(activity).toEqual([
    {
      before: { reconciledThrough: THROUGH },
      after: {
        reconciledThrough: '2026-01-01',
        closingBalance: 1000,
        reason: 'the January statement was wrong',
      },
    },
  ]);
  // Forward again is anyone's (staff), the same day too.
  expect((await reconcile(staff, { through: THROUGH, closingBalance: 1100 })).status).toBe(200);
  expect((await reconcile(staff, { through: THROUGH, closingBalance: 1100 })).status).toBe(200);
});

test('staff are refused every change on or before the reconciled day, naming it; nothing changes', async () => {
  const statement = await statementOf(THROUGH);
  const before = await stored();
  // Money out after the day, to try matching the January charge with.
  const february = (
    await created(
      call(staff, 'POST', '/api/expance/addexpance', {
        expanceTypeId: 2,
        amount: 3,
        Creditdebit: 'Credit',
        date: '2026-02-02',
        accountId: bank,
      }),
    )
  ).entry.id;
  const attempts: [string, 'POST' | 'PUT' | 'DELETE', string, object][] = [
    ['reverse a matched entry', 'POST', `/api/journal/${paid}/reverse`, { reason: 'mistake' }],
    ['reverse an outstanding one', 'POST', `/api/journal/${cheque}/reverse`, { reason: 'void' }],
    ['correct', 'POST', `/api/journal/${cheque}/correct`, { reason: 'typo', amount: 45 }],
    [
      'correct it out',
      'POST',
      `/api/journal/${cheque}/correct`,
      { reason: 'x', date: '2026-02-03' },
    ],
    ['reverse a transfer', 'POST', `/api/accounts/transfers/${transfer}/reverse`, { reason: 'x' }],
    [
      'an entry from a line',
      'POST',
      `/api/accounts/${bank}/lines/${charge}/entry`,
      { kind: 'expense', partyId: 2, reason: 'staff give one too' },
    ],
    [
      'a new entry',
      'POST',
      '/api/incoms/addIncome',
      { clientId: 2, amount: 10, Creditdebit: 'Credit', date: '2026-01-15', accountId: bank },
    ],
    [
      'a new transfer',
      'POST',
      '/api/accounts/transfers',
      { fromAccountId: 1, toAccountId: bank, amount: 5, date: THROUGH },
    ],
    ['a match', 'POST', `/api/accounts/${bank}/matches`, { lineId: charge, entryIds: [february] }],
    ['an unmatch', 'DELETE', `/api/accounts/${bank}/matches/${payment}`, { reason: 'wrong' }],
    ['an exclusion', 'POST', `/api/accounts/${bank}/lines/${charge}/exclude`, { reason: 'fee' }],
  ];
  for (const [what, method, url, body] of attempts) {
    expect({ what, ...(await call(staff, method, url, body)) }).toEqual({
      what,
      ...refusal(409, refusedStaff),
    });
    expect({ what, status: (await call(viewer, method, url, body)).status }).toEqual({
      what,
      status: 403,
    });
  }
  // The opening balance or day: admins only, and only with a reason.
  const account = {
    name: 'HBL',
    kind: 'Bank',
    openingBalance: '1000.00',
    openingDate: '2026-01-01',
  };
  for (const change of [{ openingBalance: '1145.00' }, { openingDate: '2026-02-15' }])
    expect(await call(admin, 'PUT', `/api/accounts/${bank}`, { ...account, ...change })).toEqual(
      refusal(409, refusedStaff),
    );
  // Renaming it moves no money.
  expect(
    (await call(admin, 'PUT', `/api/accounts/${bank}`, { ...account, name: 'HBL Main' })).status,
  ).toBe(200);

  expect(await stored()).toEqual([{ ...before[0], entries: Number(before[0]!.entries) + 1 }]);
  expect(await statementOf(THROUGH)).toEqual(statement);
  expect(
    await rows(
      ctx,
      `SELECT count(*)::int AS n FROM audit_log WHERE entity = 'account' AND after ? 'reconciledPeriodChanged'`,
    ),
  ).toEqual([{ n: 0 }]);
  // After the day, and in another account, staff write as before.
  expect(
    (
      await call(staff, 'POST', '/api/incoms/addIncome', {
        clientId: 2,
        amount: 10,
        Creditdebit: 'Credit',
        date: '2026-01-15',
        accountId: 1,
      })
    ).status,
  ).toBe(201);
  expect(
    (await call(staff, 'POST', `/api/journal/${february}/reverse`, { reason: 'x' })).status,
  ).toBe(201);
  expect(await statementOf(THROUGH)).toEqual(statement);
});

test('an admin who gives a reason may, and each change says so in the activity', async () => {
  // Without a reason an admin is refused as staff are.
  const income = {
    clientId: 2,
    amount: 10,
    Creditdebit: 'Credit',
    date: '2026-01-15',
    accountId: bank,
  };
  expect(await call(admin, 'POST', '/api/incoms/addIncome', income)).toEqual(
    refusal(409, refusedStaff),
  );

  const late = await call(admin, 'POST', '/api/incoms/addIncome', {
    ...income,
    reason: 'receipt found after the reconciliation',
  });
  expect(late.status).toBe(201);
  const reversed = await call(admin, 'POST', `/api/journal/${paid}/reverse`, {
    reason: 'paid into the wrong account',
  });
  expect(reversed.status).toBe(201);
  const opening = await call(admin, 'PUT', `/api/accounts/${bank}`, {
    name: 'HBL',
    kind: 'Bank',
    openingBalance: '1145.00',
    openingDate: '2026-01-01',
    reason: 'opening balance per the bank letter',
  });
  expect(opening.status).toBe(200);
  expect(opening.body.account.openingBalance).toBe(1145);

  const activity = await rows<{ entity_id: string; before: object; after: unknown }>(
    ctx,
    `SELECT entity_id, before, after FROM audit_log
     WHERE entity = 'account' AND action = 'update' AND after ? 'reconciledPeriodChanged' ORDER BY id`,
  );
  expect(activity).toEqual([
    {
      entity_id: String(bank),
      before: { reconciledThrough: THROUGH },
      after: {
        reconciledPeriodChanged: { entry: late.body.entry.id, on: '2026-01-15' },
        reason: 'receipt found after the reconciliation',
      },
    },
    {
      entity_id: String(bank),
      before: { reconciledThrough: THROUGH },
      after: {
        reconciledPeriodChanged: { reversalOf: paid, on: '2026-01-05' },
        reason: 'paid into the wrong account',
      },
    },
    {
      entity_id: String(bank),
      before: { reconciledThrough: THROUGH },
      after: {
        reconciledPeriodChanged: {
          opening: {
            before: { balance: 1000, day: '2026-01-01' },
            after: { balance: 1145, day: '2026-01-01' },
          },
          on: '2026-01-01',
        },
        reason: 'opening balance per the bank letter',
      },
    },
  ]);
});

test('every writer of the books refuses it: a payroll run from the account, undoing a batch', async () => {
  const meezan = await moneyAccount(ctx, admin, { name: 'Meezan', openingBalance: 0 });
  const run = (employeeId: number) =>
    call(staff, 'POST', '/api/payroll', {
      month: '2026-01',
      lines: [{ employeeId, amount: 300 }],
      accountId: meezan,
    });
  const paidAli = await created(run(1));
  expect(
    (
      await call(staff, 'POST', `/api/accounts/${meezan}/reconciled`, {
        through: THROUGH,
        closingBalance: 0,
      })
    ).status,
  ).toBe(200);
  const entries = await stored();
  expect(await run(2)).toEqual(refusal(409, refusedStaff));
  expect(
    await call(staff, 'POST', `/api/batches/${paidAli.batchId}/reverse`, { reason: 'wrong month' }),
  ).toEqual(refusal(409, refusedStaff));
  expect(await stored()).toEqual(entries);
});

test('a statement adding lines in the reconciled period, or an undo deleting them: an admin with a reason only', async () => {
  const before = await statementOf(THROUGH);
  const upload = (token: string, text: string, options: StatementOptions = {}) =>
    sendStatement(ctx, token, bank, 'late.csv', text, { options });
  const late = 'Date,Description,Amount\n2026-01-25,Late fee,-7.00\n2026-02-03,February,9.00\n';
  const refused = await upload(staff, late);
  expect([refused.statusCode, refused.json().message]).toEqual([409, refusedStaff]);
  expect((await upload(admin, late)).statusCode).toBe(409);
  expect(await statementOf(THROUGH)).toEqual(before);
  // The same statement seen again adds nothing: staff may import it.
  const again = 'Date,Description,Amount\n2026-01-20,Charge,-3.00\n2026-02-03,February,9.00\n';
  const overlap = await upload(staff, again);
  expect([overlap.statusCode, overlap.json().added]).toEqual([201, 1]);
  const allowed = await upload(admin, late, { reason: 'Fee the bank added late' });
  expect([allowed.statusCode, allowed.json().message]).toEqual([201, am.statementImported]);
  const { body } = await call(viewer, 'GET', `/api/accounts/${bank}/statements`);
  const imported = body.imports.find((s: { fileName: string }) => s.fileName === 'late.csv');
  const undo = (token: string, reason: string) =>
    call(token, 'POST', `/api/accounts/${bank}/statements/${imported.id}/undo`, { reason });
  expect(await undo(staff, 'Imported twice')).toEqual(refusal(409, refusedStaff));
  expect((await undo(admin, 'The fee was reversed by the bank')).status).toBe(200);
  expect(await statementOf(THROUGH)).toEqual(before);
});
