// Money accounts in the ledger (issue 40): a voucher that moves a money account (owner's capital
// paid into the bank) is a movement of that account like an entry's, in its balance, register
// and reconciliation; a statement line is booked to any ledger account (bank charges, bank
// profit) by staff, matched in the same step, and each money account's ledger balance equals its
// register.
import { accountMessages as am, ledgerMessages as m } from 'contract';
import { rows, setupDatabase, type TestContext } from './helpers.js';
import { bankOffice, importStatement, reconcileWorklist, type Call } from './fixtures.js';
import { reconciliation } from '../src/bank/reconciliation.js';

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

async function ledgerAccount(code: string): Promise<number> {
  const { body } = await call(staff, 'GET', '/api/ledger/accounts');
  return body.accounts.find((a: { code: string }) => a.code === code).id;
}

const importCsv = (text: string) => importStatement(ctx, staff, bank, text);

const lines = async () =>
  (
    await reconcileWorklist<{ lines: { id: number; description: string; status: string }[] }>(
      ctx,
      viewer,
      bank,
    )
  ).lines;

/** The money account's balance on its screen, in its register, and in the ledger. */
async function threeBalances() {
  await rows(ctx, 'SELECT fold_entry_rollups()');
  const accounts = (await call(viewer, 'GET', '/api/accounts')).body.accounts;
  const register = await call(viewer, 'GET', `/api/accounts/${bank}/register`);
  const ledger = (await call(viewer, 'GET', '/api/ledger/accounts')).body.accounts;
  return {
    screen: accounts.find((a: { id: number }) => a.id === bank).balance,
    register: register.body.rows[0]?.balance,
    ledger: ledger.find((a: { name: string }) => a.name === 'HBL').balance,
  };
}

test("owner's capital paid into the bank by voucher is a movement of the bank account everywhere", async () => {
  const voucher = await call(admin, 'POST', '/api/ledger/vouchers', {
    date: '2026-01-05',
    description: 'Capital brought in',
    lines: [
      { accountId: await ledgerAccount('1002'), debit: 250000 },
      { accountId: await ledgerAccount('3000'), credit: 250000 },
    ],
  });
  expect(voucher.status).toBe(201);
  const register = await call(viewer, 'GET', `/api/accounts/${bank}/register`);
  expect(register.body.rows).toEqual([
    expect.objectContaining({
      source: 'voucher',
      id: voucher.body.voucher.id,
      date: '2026-01-05',
      name: "Owner's capital",
      description: 'Capital brought in',
      amount: 250000,
      balance: 251000,
      matched: false,
    }),
  ]);
  expect(await threeBalances()).toEqual({ screen: 251000, register: 251000, ledger: 251000 });
  // On the bank's statement the deposit is matched like an entry; reconciled, it is locked.
  await importCsv('Date,Description,Amount\n2026-01-05,CASH DEPOSIT,250000.00\n');
  const [line] = await lines();
  const matched = await call(staff, 'POST', `/api/accounts/${bank}/lines/${line!.id}/entry`, {
    kind: 'ledger',
    ledgerAccountId: await ledgerAccount('3000'),
  });
  // (A second voucher for the same deposit is what the clerk would make without a match.)
  expect(matched.status).toBe(201);
  // The reconciliation statement (its Excel and PDF) lists the first voucher as outstanding.
  const statement = await reconciliation(ctx.database.db, bank, '2026-01-31');
  expect(statement.outstanding).toEqual([
    expect.objectContaining({ name: 'Voucher', description: 'Capital brought in', amount: 250000 }),
  ]);
});

test('staff book a bank charge and bank profit from statement lines: matched, posted, no client needed', async () => {
  await importCsv(
    'Date,Description,Amount\n2026-01-31,SERVICE CHARGES JAN,-350.00\n2026-01-31,PROFIT ON DEPOSIT,1230.00\n',
  );
  const [profit, charge] = (await lines()).sort((a, b) =>
    a.description.localeCompare(b.description),
  );
  expect(profit!.description).toBe('PROFIT ON DEPOSIT');
  const booked = await call(staff, 'POST', `/api/accounts/${bank}/lines/${profit!.id}/entry`, {
    kind: 'ledger',
    ledgerAccountId: await ledgerAccount('4100'),
  });
  expect(booked).toMatchObject({
    status: 201,
    body: {
      message: am.lineEntryCreated,
      voucher: {
        date: '2026-01-31',
        description: 'PROFIT ON DEPOSIT',
        lines: [
          { code: '1002', debit: 1230, credit: 0 },
          { code: '4100', debit: 0, credit: 1230 },
        ],
      },
    },
  });
  const chargeBooked = await call(
    staff,
    'POST',
    `/api/accounts/${bank}/lines/${charge!.id}/entry`,
    {
      kind: 'ledger',
      ledgerAccountId: await ledgerAccount('5100'),
      description: 'Bank charges January',
    },
  );
  expect(chargeBooked.body.voucher.lines).toEqual([
    expect.objectContaining({ code: '5100', debit: 350 }),
    expect.objectContaining({ code: '1002', credit: 350 }),
  ]);
  // Both leave the worklist, matched to their vouchers.
  expect(await lines()).toEqual([]);
  expect(
    await rows(
      ctx,
      'SELECT l.status, sm.voucher_id IS NOT NULL AS voucher FROM statement_lines l JOIN statement_matches sm ON sm.line_id = l.id',
    ),
  ).toEqual([
    { status: 'matched', voucher: true },
    { status: 'matched', voucher: true },
  ]);
  expect(await threeBalances()).toEqual({ screen: 1880, register: 1880, ledger: 1880 });
  const pl = await call(
    viewer,
    'GET',
    '/api/ledger/profit-loss?from=2026-01-01&to=2026-01-31&basis=cash',
  );
  expect(pl.body.totals).toEqual({ income: 1230, expenses: 350, profit: 880 });
  // The trial balance moved by both: still in balance, and no client stands in for the bank
  // (receivables untouched).
  const trial = (await call(viewer, 'GET', '/api/ledger/trial-balance?date=2026-01-31')).body;
  const row = (code: string) => trial.rows.find((r: { code: string }) => r.code === code);
  expect(row('5100')).toMatchObject({ name: 'Bank charges', debit: 350, credit: 0 });
  expect(row('4100')).toMatchObject({ debit: 0, credit: 1230 });
  expect(row('1002')).toMatchObject({ name: 'HBL', debit: 1880, credit: 0 });
  expect(row('1100')).toBeUndefined();
  expect(trial.totals.debit).toBe(trial.totals.credit);
  const activity = await rows(
    ctx,
    "SELECT entity, action FROM audit_log WHERE entity IN ('voucher', 'statement_line') ORDER BY id",
  );
  expect(activity).toEqual([
    { entity: 'voucher', action: 'create' },
    { entity: 'statement_line', action: 'matched' },
    { entity: 'voucher', action: 'create' },
    { entity: 'statement_line', action: 'matched' },
  ]);
});

test('a line is not booked twice, nor to a money account, the books’ own accounts, or by a viewer', async () => {
  await importCsv('Date,Description,Amount\n2026-01-31,SERVICE CHARGES JAN,-350.00\n');
  // The chart offers the screen's picker no money account to book a line to.
  const chart = (await call(staff, 'GET', '/api/ledger/accounts')).body.accounts;
  const bookable = (code: string) => chart.find((a: { code: string }) => a.code === code).bookable;
  expect([bookable('1001'), bookable('1002'), bookable('5100')]).toEqual([false, false, true]);
  const [line] = await lines();
  const url = `/api/accounts/${bank}/lines/${line!.id}/entry`;
  expect(
    (
      await call(viewer, 'POST', url, {
        kind: 'ledger',
        ledgerAccountId: await ledgerAccount('5100'),
      })
    ).status,
  ).toBe(403);
  expect((await call(staff, 'POST', url, { kind: 'ledger' })).body.message).toBe(
    m.ledgerAccountNeeded,
  );
  expect(
    (
      await call(staff, 'POST', url, {
        kind: 'ledger',
        ledgerAccountId: await ledgerAccount('1001'),
      })
    ).body.message,
  ).toBe(m.lineToMoneyAccount);
  expect(
    (
      await call(staff, 'POST', url, {
        kind: 'ledger',
        ledgerAccountId: await ledgerAccount('6001'),
      })
    ).body.message,
  ).toBe(m.booksOwnAccount('6001'));
  expect((await call(staff, 'POST', url, { kind: 'ledger', ledgerAccountId: 99999 })).status).toBe(
    404,
  );
  expect((await call(staff, 'POST', url, { kind: 'expense' })).status).toBe(400);
  expect(await rows(ctx, 'SELECT count(*)::int AS n FROM vouchers')).toEqual([{ n: 0 }]);
  expect(
    (
      await call(staff, 'POST', url, {
        kind: 'ledger',
        ledgerAccountId: await ledgerAccount('5100'),
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await call(staff, 'POST', url, {
        kind: 'ledger',
        ledgerAccountId: await ledgerAccount('5100'),
      })
    ).body.message,
  ).toBe(am.lineNotUnmatched);
  // Reconciled through the line's day, the voucher is reversed by an admin with a reason only.
  const reconciled = await call(staff, 'POST', `/api/accounts/${bank}/reconciled`, {
    through: '2026-01-31',
    closingBalance: '650.00',
  });
  expect(reconciled.status).toBe(200);
  const voucher = (await call(viewer, 'GET', '/api/ledger/vouchers')).body.vouchers[0].id;
  expect(
    (await call(admin, 'POST', `/api/ledger/vouchers/${voucher}/reverse`, { reason: 'wrong' }))
      .status,
  ).toBe(201);
});
