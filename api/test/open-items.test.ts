// Find & match's search (issue 42): GET /api/accounts/:id/open-items answers the account's open
// entries and transfers — by direction, amount, date range and text (names, descriptions, the
// record's number) — and leaves out what is matched, reversed or another account's; bad input is
// a 400, an unknown account a 404, and a viewer may search.
import { rows, setupDatabase, type TestContext } from './helpers.js';
import { bankOffice, importStatement, moneyAccount, type Call } from './fixtures.js';

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

async function record(url: string, payload: object): Promise<number> {
  const { status, body } = await call(staff, 'POST', url, {
    Creditdebit: 'Credit',
    accountId: bank,
    ...payload,
  });
  expect(status).toBe(201);
  return body.entry.id;
}
const income = (clientId: number, amount: number, date: string, description: string) =>
  record('/api/incoms/addIncome', { clientId, amount, date, description });
const expense = (typeId: number, amount: number, date: string, description: string) =>
  record('/api/expance/addexpance', { expanceTypeId: typeId, amount, date, description });
async function transfer(from: number, to: number, amount: number, date: string, text: string) {
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

type Found = {
  entries: { id: number; date: string; partyName: string; amount: number }[];
  transfers: { id: number; accountName: string; amount: number }[];
  more: boolean;
};
async function search(query: string, token = viewer, account = bank) {
  const { status, body } = await call(token, 'GET', `/api/accounts/${account}/open-items${query}`);
  expect(status).toBe(200);
  return body as Found;
}

test('by direction, amount, dates and text; the latest first', async () => {
  const paper = await expense(1, 1000, '2026-01-13', 'Market paper');
  const tea = await expense(2, 750, '2026-01-12', 'Market tea');
  const fee = await income(1, 750, '2026-01-11', 'Invoice 7');
  const atm = await transfer(bank, CASH, 750, '2026-01-10', 'Cash for the till');
  const deposit = await transfer(CASH, bank, 300, '2026-01-09', 'Takings');

  const every = await search('');
  expect(every.entries.map((one) => one.id)).toEqual([paper, tea, fee]);
  expect(every.transfers.map((one) => [one.id, one.accountName, one.amount])).toEqual([
    [atm, 'Cash', -750],
    [deposit, 'Cash', 300],
  ]);
  expect(every.more).toBe(false);

  const out750 = await search('?direction=out&amount=750');
  expect(out750.entries.map((one) => [one.id, one.amount])).toEqual([[tea, -750]]);
  expect(out750.transfers.map((one) => one.id)).toEqual([atm]);
  expect((await search('?direction=in')).transfers.map((one) => one.id)).toEqual([deposit]);

  const dates = await search('?from=2026-01-11&to=2026-01-12');
  expect(dates.entries.map((one) => one.id)).toEqual([tea, fee]);
  expect(dates.transfers).toEqual([]);

  expect((await search('?text=market')).entries.map((one) => one.id)).toEqual([paper, tea]);
  expect((await search('?text=acme')).entries.map((one) => one.id)).toEqual([fee]);
  expect((await search('?text=till')).transfers.map((one) => one.id)).toEqual([atm]);
  expect((await search(`?text=%23${paper}`)).entries.map((one) => one.id)).toEqual([paper]);
  // LIKE's wildcards are taken as written.
  expect((await search('?text=%25')).entries).toEqual([]);
});

test("leaves out what is matched, reversed, or another account's", async () => {
  const matched = await expense(1, 200, '2026-01-05', 'Matched one');
  const reversed = await expense(1, 300, '2026-01-05', 'Reversed one');
  const open = await expense(1, 400, '2026-01-05', 'Open one');
  const other = await moneyAccount(ctx, admin, { name: 'Other bank', openingBalance: 0 });
  await call(staff, 'POST', '/api/expance/addexpance', {
    expanceTypeId: 1,
    amount: 500,
    Creditdebit: 'Credit',
    date: '2026-01-05',
    description: 'Elsewhere',
    accountId: other,
  });
  const reverse = await call(staff, 'POST', `/api/journal/${reversed}/reverse`, {
    reason: 'Wrong',
  });
  expect(reverse.status).toBe(201);
  await importStatement(ctx, staff, bank, 'Date,Description,Amount\n2026-01-05,SHOP,-200.00\n');
  const [line] = await rows<{ id: number }>(ctx, 'SELECT id FROM statement_lines');
  const match = await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
    lineId: Number(line!.id),
    entryIds: [matched],
  });
  expect(match.status).toBe(201);
  expect((await search('')).entries.map((one) => one.id)).toEqual([open]);
});

test('refuses bad input with a 400 and an unknown account with a 404', async () => {
  for (const query of [
    '?amount=-5',
    '?amount=1.234',
    '?from=2026-13-01',
    '?direction=up',
    '?x=1',
  ]) {
    const { status, body } = await call(viewer, 'GET', `/api/accounts/${bank}/open-items${query}`);
    expect([query, status]).toEqual([query, 400]);
    expect(JSON.stringify(body)).not.toMatch(/SELECT|at .*\.js/);
  }
  const missing = await call(viewer, 'GET', '/api/accounts/9999/open-items');
  expect(missing.status).toBe(404);
});
