// Rules that learn (issue 42): a Create from a line remembered as a rule (its description without
// digits → the party or the ledger account chosen), and the next statement's matching lines
// arriving with that proposal, booked at one call. A rule may book to a ledger account (bank
// charges money out, bank profit money in); a refused rule is a 4xx and stores nothing, and a
// viewer is refused every write.
import {
  accountMessages as am,
  bankRuleMessages as rm,
  ledgerMessages as lm,
  type BankRule,
  type StatementLine,
} from 'contract';
import { rows, setupDatabase, type TestContext } from './helpers.js';
import { bankOffice, importStatement, reconcileWorklist, type Call } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let staff: string;
let viewer: string;
let bank: number;
let call: Call;

beforeEach(async () => {
  ({ ctx, staff, viewer, bank, call } = await bankOffice(
    db,
    { openingBalance: '1000.00' },
    { parties: true },
  ));
});
afterAll(() => db.close());

const importCsv = (text: string) => importStatement(ctx, staff, bank, text);
const lines = async () =>
  (await reconcileWorklist<{ lines: StatementLine[] }>(ctx, viewer, bank, '?status=all')).lines;
const line = async (description: string) =>
  (await lines()).find((one) => one.description === description)!;
const ledgerId = async (code: string) =>
  Number(
    (await rows<{ id: number }>(ctx, `SELECT id FROM ledger_accounts WHERE code = '${code}'`))[0]!
      .id,
  );
const rule = (token: string, body: object) => call(token, 'POST', '/api/bank-rules', body);
const book = (lineId: number, body: object) =>
  call(staff, 'POST', `/api/accounts/${bank}/lines/${lineId}/entry`, body);
const ruleCount = async () =>
  (await rows<{ n: number }>(ctx, 'SELECT count(*)::int AS n FROM bank_rules'))[0]!.n;

test('a Create remembered as a rule proposes the same for the next statement, booked at one call', async () => {
  await importCsv(
    'Date,Description,Amount\n2026-01-05,K-ELECTRIC BILL 01/2026 REF 4411,-2500.00\n',
  );
  const first = await line('K-ELECTRIC BILL 01/2026 REF 4411');
  expect(first.proposal).toBeNull();
  expect(
    (await book(first.id, { kind: 'expense', partyId: 1, description: 'Electricity' })).status,
  ).toBe(201);

  // Remember: the description without its digits, as the screen offers it.
  const made = await rule(staff, {
    contains: 'K-ELECTRIC BILL REF',
    kind: 'expense',
    partyId: 1,
    description: 'Electricity',
  });
  expect(made.status).toBe(201);
  expect(made.body.rule).toMatchObject({
    contains: 'K-ELECTRIC BILL REF',
    kind: 'expense',
    partyId: 1,
    ledgerAccountId: null,
    direction: null,
    partyName: 'Rent',
  });

  await importCsv(
    'Date,Description,Amount\n2026-02-05,K-ELECTRIC BILL 02/2026 REF 9902,-2710.40\n' +
      '2026-02-06,K-ELECTRIC BILL 02/2026 REF 9903,150.00\n2026-02-07,Lunch,-80.00\n',
  );
  const next = await line('K-ELECTRIC BILL 02/2026 REF 9902');
  expect(next.proposal).toEqual({
    ruleId: made.body.rule.id,
    pattern: 'K-ELECTRIC BILL REF',
    kind: 'expense',
    partyId: 1,
    ledgerAccountId: null,
    targetName: 'Rent',
    description: 'Electricity',
  });
  // Money in is not an expense; a line without the words is not proposed.
  expect((await line('K-ELECTRIC BILL 02/2026 REF 9903')).proposal).toBeNull();
  expect((await line('Lunch')).proposal).toBeNull();

  const booked = await book(next.id, { kind: 'expense', partyId: 1, description: 'Electricity' });
  expect(booked.status).toBe(201);
  expect(
    await rows(
      ctx,
      `SELECT e.kind, e.party_id, e.amount::text AS amount, e.entry_date::text AS day, e.description
       FROM statement_matches sm JOIN entries e ON e.id = sm.entry_id WHERE sm.line_id = ${next.id}`,
    ),
  ).toEqual([
    {
      kind: 'expense',
      party_id: 1,
      amount: '2710.40',
      day: '2026-02-05',
      description: 'Electricity',
    },
  ]);
  expect((await line('K-ELECTRIC BILL 02/2026 REF 9902')).status).toBe('matched');
});

test('a rule books to a ledger account: bank charges money out, bank profit money in', async () => {
  const charges = await ledgerId('5100');
  const otherIncome = await ledgerId('4100');
  const toCharges = await rule(staff, {
    contains: 'SERVICE CHARGES',
    kind: 'ledger',
    ledgerAccountId: charges,
  });
  expect(toCharges.status).toBe(201);
  expect(toCharges.body.rule).toMatchObject({
    kind: 'ledger',
    partyId: null,
    ledgerAccountId: charges,
    direction: 'out',
    partyName: '5100 Bank charges',
  });
  const toProfit = await rule(staff, {
    contains: 'PROFIT PAID',
    kind: 'ledger',
    ledgerAccountId: otherIncome,
  });
  expect(toProfit.body.rule).toMatchObject({ direction: 'in', partyName: '4100 Other income' });

  await importCsv(
    'Date,Description,Amount\n2026-03-31,SERVICE CHARGES 31-03-2026,-35.50\n' +
      '2026-03-31,PROFIT PAID Q1 2026,1234.56\n2026-03-31,SERVICE CHARGES REFUND,35.50\n',
  );
  const charge = await line('SERVICE CHARGES 31-03-2026');
  expect(charge.proposal).toMatchObject({
    kind: 'ledger',
    partyId: null,
    ledgerAccountId: charges,
    pattern: 'SERVICE CHARGES',
    targetName: '5100 Bank charges',
  });
  expect((await line('SERVICE CHARGES REFUND')).proposal).toBeNull();
  const profit = await line('PROFIT PAID Q1 2026');
  expect(profit.proposal).toMatchObject({ kind: 'ledger', ledgerAccountId: otherIncome });

  for (const one of [charge, profit]) {
    const booked = await book(one.id, {
      kind: 'ledger',
      ledgerAccountId: one.proposal!.ledgerAccountId,
      description: one.description,
    });
    expect(booked.status).toBe(201);
  }
  expect(
    await rows(
      ctx,
      `SELECT a.code, l.debit::text AS debit, l.credit::text AS credit FROM ledger_lines l
       JOIN ledger_accounts a ON a.id = l.account_id
       WHERE l.source = 'voucher' AND a.money_account_id IS NULL ORDER BY a.code`,
    ),
  ).toEqual([
    { code: '4100', debit: '0.00', credit: '1234.56' },
    { code: '5100', debit: '35.50', credit: '0.00' },
  ]);
});

test('a rule refused is a 4xx with its reason and stores nothing; a viewer is refused', async () => {
  const charges = await ledgerId('5100');
  const capital = await ledgerId('3000');
  const sales = await ledgerId('4000');
  const moneyLedger = Number(
    (
      await rows<{ id: number }>(
        ctx,
        `SELECT id FROM ledger_accounts WHERE money_account_id = ${bank}`,
      )
    )[0]!.id,
  );
  const refused = async (body: object, status: number, message: string) =>
    expect(await rule(staff, { contains: 'X', ...body })).toEqual({
      status,
      body: expect.objectContaining({ message }),
    });
  await refused({ kind: 'ledger' }, 400, lm.ledgerAccountNeeded);
  await refused({ kind: 'ledger', ledgerAccountId: charges, partyId: 1 }, 400, rm.oneTarget);
  await refused({ kind: 'expense', partyId: 1, ledgerAccountId: charges }, 400, rm.oneTarget);
  await refused({ kind: 'expense' }, 400, rm.partyNeeded);
  await refused({ kind: 'ledger', ledgerAccountId: capital }, 400, rm.directionNeeded);
  await refused({ kind: 'ledger', ledgerAccountId: sales }, 400, lm.booksOwnAccount('4000'));
  await refused({ kind: 'ledger', ledgerAccountId: moneyLedger }, 400, lm.lineToMoneyAccount);
  await refused({ kind: 'ledger', ledgerAccountId: 999999 }, 404, lm.accountNotFound);
  expect(
    (
      await rule(staff, {
        contains: 'X',
        kind: 'ledger',
        ledgerAccountId: charges,
        direction: 'sideways',
      })
    ).status,
  ).toBe(400);
  expect((await rule(staff, { contains: '', kind: 'expense', partyId: 1 })).status).toBe(400);
  expect(
    (await rule(viewer, { contains: 'SERVICE CHARGES', kind: 'ledger', ledgerAccountId: charges }))
      .status,
  ).toBe(403);
  expect(await ruleCount()).toBe(0);

  // Capital paid in: an equity account takes a rule once its direction is said.
  const made = await rule(staff, {
    contains: 'OWNER DEPOSIT',
    kind: 'ledger',
    ledgerAccountId: capital,
    direction: 'in',
  });
  expect(made.status).toBe(201);
  const changed = await call(staff, 'PUT', `/api/bank-rules/${made.body.rule.id}`, {
    contains: 'OWNER DEPOSIT',
    kind: 'expense',
    partyId: 2,
  });
  expect(changed.status).toBe(200);
  expect(changed.body.rule as BankRule).toMatchObject({
    kind: 'expense',
    partyId: 2,
    ledgerAccountId: null,
    direction: null,
    partyName: 'Fuel',
  });
  expect(
    (
      await call(viewer, 'PUT', `/api/bank-rules/${made.body.rule.id}`, {
        contains: 'Y',
        kind: 'expense',
        partyId: 1,
      })
    ).status,
  ).toBe(403);
  expect(await rows(ctx, 'SELECT contains FROM bank_rules')).toEqual([
    { contains: 'OWNER DEPOSIT' },
  ]);
  expect(am.ruleCreated).toBe(made.body.message);
});
