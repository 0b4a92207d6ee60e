// Transfers between money accounts in the reconciliation (issue 42): a statement line is
// suggested the transfers of its account (from or to it) of its signed amount within the
// suggestion days, not reversed and matched to no line of the account; the worklist lists the
// open transfers; a suggestion is matched as it comes, and "Accept all suggested" takes a lone
// strong one as it takes an entry, and none when there are two.
import { accountMessages as am } from 'contract';
import { rows, setupDatabase, type TestContext } from './helpers.js';
import {
  bankOffice,
  importStatement,
  moneyAccount,
  reconcileWorklist,
  type Call,
} from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
let bank: number;
let call: Call;
const CASH = 1;

beforeEach(async () => {
  ({ ctx, admin, staff, viewer, bank, call } = await bankOffice(
    db,
    { openingBalance: '100000.00' },
    { parties: true },
  ));
});
afterAll(() => db.close());

const importCsv = (text: string, account = bank) => importStatement(ctx, staff, account, text);

async function transfer(from: number, to: number, amount: number, date: string, text = '') {
  const { status, body } = await call(staff, 'POST', '/api/accounts/transfers', {
    fromAccountId: from,
    toAccountId: to,
    amount,
    date,
    description: text,
  });
  expect(status).toBe(201);
  return body.transfer.id as number;
}

type Suggestion = { entryIds: number[]; transferIds: number[]; score: number; strong: boolean };
type Line = { id: number; description: string; status: string; suggestions: Suggestion[] };
const worklist = (account = bank) =>
  reconcileWorklist<{ lines: Line[]; transfers: object[]; entries: object[] }>(
    ctx,
    viewer,
    account,
  );
const suggested = async (description: string) =>
  (await worklist()).lines.find((line) => line.description === description)!.suggestions;

test('an ATM withdrawal is suggested the Cash←Bank transfer two days before, and matched in one call', async () => {
  const atm = await transfer(bank, CASH, 50000, '2026-01-08', 'Cash for the office');
  await importCsv('Date,Description,Amount\n2026-01-10,ATM WITHDRAWAL 0042,-50000.00\n');
  const { lines, transfers } = await worklist();
  expect(lines[0]!.suggestions).toEqual([
    { entryIds: [], transferIds: [atm], score: expect.any(Number), strong: true },
  ]);
  expect(transfers).toEqual([
    {
      id: atm,
      date: '2026-01-08',
      accountId: CASH,
      accountName: 'Cash',
      description: 'Cash for the office',
      amount: -50000,
    },
  ]);
  const matched = await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
    lineId: lines[0]!.id,
    entryIds: [],
    transferIds: [atm],
  });
  expect(matched.status).toBe(201);
  expect(matched.body).toMatchObject({
    message: am.lineMatched,
    line: { status: 'matched', entryIds: [], transferIds: [atm], suggestions: [] },
  });
  // Matched to a line of this account, it is neither suggested nor listed again.
  await importCsv('Date,Description,Amount\n2026-01-11,ATM WITHDRAWAL 0043,-50000.00\n');
  const after = await worklist();
  expect(after.lines.map((line) => line.suggestions)).toEqual([[]]);
  expect(after.transfers).toEqual([]);
});

test('only the signed amount, within the days, not reversed; from or to the account', async () => {
  const deposit = await transfer(CASH, bank, 700, '2026-01-04', 'Cash deposited');
  await transfer(CASH, bank, 300, '2026-01-05'); // another amount
  await transfer(bank, CASH, 700, '2026-01-05'); // the other direction: money out
  await transfer(CASH, bank, 700, '2026-01-20'); // beyond 7 days
  const reversed = await transfer(CASH, bank, 700, '2026-01-06');
  expect(
    (await call(staff, 'POST', `/api/accounts/transfers/${reversed}/reverse`, { reason: 'x' }))
      .status,
  ).toBe(201);
  await importCsv('Date,Description,Amount\n2026-01-05,CASH DEPOSIT,700.00\n');
  expect((await suggested('CASH DEPOSIT')).map((s) => s.transferIds)).toEqual([[deposit]]);
});

test('entries and transfers side by side, best first; a transfer matched in the other account still suits this one', async () => {
  const meezan = await moneyAccount(ctx, admin, { name: 'Meezan', openingBalance: 0 });
  const moved = await transfer(bank, meezan, 1500, '2026-01-09', 'To Meezan');
  const rent = await call(staff, 'POST', '/api/expance/addexpance', {
    expanceTypeId: 1,
    amount: 1500,
    Creditdebit: 'Credit',
    date: '2026-01-02',
    description: 'Rent',
    accountId: bank,
  });
  // Meezan's statement has the money in; matched there, it is still open for HBL's line.
  await importCsv('Date,Description,Amount\n2026-01-09,FROM HBL,1500.00\n', meezan);
  const theirs = (await worklist(meezan)).lines[0]!;
  expect(theirs.suggestions.map((s) => s.transferIds)).toEqual([[moved]]);
  expect(
    (
      await call(staff, 'POST', `/api/accounts/${meezan}/matches`, {
        lineId: theirs.id,
        entryIds: [],
        transferIds: [moved],
      })
    ).status,
  ).toBe(201);
  await importCsv('Date,Description,Amount\n2026-01-09,TO MEEZAN,-1500.00\n');
  const ours = await suggested('TO MEEZAN');
  expect(ours.map((s) => [s.entryIds, s.transferIds])).toEqual([
    [[], [moved]],
    [[rent.body.entry.id], []],
  ]);
  expect(ours[0]!.score).toBeGreaterThan(ours[1]!.score);
});

test('accept all takes a lone strong transfer suggestion, and none of two', async () => {
  const atm = await transfer(bank, CASH, 50000, '2026-01-08');
  await transfer(bank, CASH, 2000, '2026-01-14');
  await transfer(bank, CASH, 2000, '2026-01-15');
  await importCsv(
    'Date,Description,Amount\n2026-01-10,ATM 1,-50000.00\n2026-01-15,ATM 2,-2000.00\n',
  );
  const { status, body } = await call(
    staff,
    'POST',
    `/api/accounts/${bank}/matches/accept-suggested`,
  );
  expect(status).toBe(200);
  expect(body).toMatchObject({ matched: 1 });
  expect(
    await rows(
      ctx,
      `SELECT l.description, m.entry_id::int AS entry_id, m.transfer_id::int AS transfer_id
       FROM statement_matches m
       JOIN statement_lines l ON l.id = m.line_id ORDER BY l.id`,
    ),
  ).toEqual([{ description: 'ATM 1', entry_id: null, transfer_id: atm }]);
  expect((await suggested('ATM 2')).filter((s) => s.strong)).toHaveLength(2);
});
