// The reconciled period against the books' other writers (issue 39): a spreadsheet import of
// entries, a repeating entry posted into the past and an entry saved with its receipt are refused
// to staff like a form's entry; a voucher moving the money account on or before the reconciled
// day is refused to an admin without a reason, written with one (and the activity says so), and
// its reversal too. A receipt attached to, or removed from, an entry of the reconciled period
// moves no money: allowed, and the reconciliation statement of the day stays as it was.
import { accountMessages as am, messages } from 'contract';
import { bearer, rows, setupDatabase, uploadBody, type TestContext } from './helpers.js';
import { bankOffice, importStatement, reconcileWorklist, type Call } from './fixtures.js';
import { reconciliation } from '../src/bank/reconciliation.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
let bank: number;
let call: Call;
let paid: number;

const THROUGH = '2026-01-31';
const refused = {
  status: 409,
  body: expect.objectContaining({ message: `${am.reconciledPeriod} ${THROUGH}` }),
};

/** HBL opened with 1,000: an income of 200 on 2026-01-05 matched to its line; reconciled. */
beforeEach(async () => {
  ({ ctx, admin, staff, viewer, bank, call } = await bankOffice(
    db,
    { openingBalance: '1000.00' },
    { parties: true },
  ));
  const income = await call(staff, 'POST', '/api/incoms/addIncome', {
    clientId: 1,
    amount: 200,
    Creditdebit: 'Credit',
    date: '2026-01-05',
    accountId: bank,
  });
  expect(income.status).toBe(201);
  paid = income.body.entry.id;
  await importStatement(ctx, staff, bank, 'Date,Description,Amount\n2026-01-05,Payment,200.00\n');
  const { lines } = await reconcileWorklist(ctx, viewer, bank);
  expect(
    (
      await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
        lineId: lines[0]!.id,
        entryIds: [paid],
      })
    ).status,
  ).toBe(201);
  const done = await call(staff, 'POST', `/api/accounts/${bank}/reconciled`, {
    through: THROUGH,
    closingBalance: 1200,
  });
  expect(done.status).toBe(200);
});
afterAll(() => db.close());

/** Everything a reconciliation of the day is made of, and the books' counts. */
const held = async () => ({
  statement: await reconciliation(ctx.database.db, bank, THROUGH),
  counts: await rows(
    ctx,
    `SELECT (SELECT count(*)::int FROM entries) AS entries,
            (SELECT count(*)::int FROM vouchers) AS vouchers,
            (SELECT count(*)::int FROM ledger_lines) AS ledger_lines`,
  ),
});

const multipart = (parts: { name: string; value?: string; file?: [string, Buffer] }[]) => {
  const boundary = '----reconciled-writers';
  const body = Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(
        part.file
          ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file[0]}"\r\nContent-Type: application/octet-stream\r\n\r\n`
          : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`,
      ),
      part.file ? part.file[1] : Buffer.from(part.value ?? ''),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
};
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

test('a spreadsheet import, a repeating entry and an entry with its receipt are refused to staff', async () => {
  const before = await held();
  const BOUNDARY = '----reconciled-import';
  const spreadsheet = await ctx.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...bearer(staff), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: uploadBody(
      BOUNDARY,
      'bank.csv',
      Buffer.from('Date,Client,Credit/Debit,Amount\n2026-01-20,Acme Buyer,Credit,10\n'),
      { kind: 'income', accountId: bank },
    ),
  });
  expect([spreadsheet.statusCode, spreadsheet.json().message]).toEqual([
    409,
    `${am.reconciledPeriod} ${THROUGH}`,
  ]);

  const schedule = await call(staff, 'POST', '/api/recurring', {
    kind: 'expense',
    partyId: 1,
    creditDebit: 'Credit',
    amount: 70,
    description: 'Office rent',
    repeats: 'monthly',
    starts: '2026-01-20',
    accountId: bank,
  });
  expect(schedule.status).toBe(201);
  const occurrences = [{ scheduleId: schedule.body.schedule.id, date: '2026-01-20' }];
  expect(await call(staff, 'POST', '/api/recurring/post', { occurrences })).toEqual(refused);
  expect(await call(admin, 'POST', '/api/recurring/post', { occurrences })).toEqual(refused);

  const withReceipt = multipart([
    { name: 'kind', value: 'expense' },
    {
      name: 'entry',
      value: JSON.stringify({
        expanceTypeId: 1,
        amount: 30,
        Creditdebit: 'Credit',
        date: '2026-01-25',
        accountId: bank,
      }),
    },
    { name: 'receipt', file: ['rent.pdf', PDF] },
  ]);
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/receipts/entries',
    payload: withReceipt.body,
    headers: { ...bearer(staff), 'content-type': withReceipt.type },
  });
  expect([saved.statusCode, saved.json().message]).toEqual([
    409,
    `${am.reconciledPeriod} ${THROUGH}`,
  ]);
  expect(await held()).toEqual(before);
  expect(await rows(ctx, 'SELECT count(*)::int AS n FROM receipts')).toEqual([{ n: 0 }]);
});

test('a receipt attached to or removed from a reconciled entry moves no money: allowed', async () => {
  const before = await held();
  const attached = multipart([{ name: 'receipt', file: ['deposit.pdf', PDF] }]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/journal/${paid}/receipts`,
    payload: attached.body,
    headers: { ...bearer(staff), 'content-type': attached.type },
  });
  expect(response.statusCode).toBe(201);
  const receipt = response.json().receipts[0].id;
  const removed = await call(staff, 'POST', `/api/receipts/${receipt}/remove`, {
    reason: 'wrong slip',
  });
  expect([removed.status, removed.body.message]).toEqual([200, messages.receiptRemoved]);
  expect(await held()).toEqual(before);
});

test('a voucher moving the account in the reconciled period: an admin with a reason only, and its reversal', async () => {
  const { body } = await call(staff, 'GET', '/api/ledger/accounts');
  const code = (name: string) =>
    body.accounts.find((a: { name: string; code: string }) => a.name === name || a.code === name)
      .id as number;
  const voucher = {
    date: '2026-01-15',
    description: 'Capital brought in',
    lines: [
      { accountId: code('HBL'), debit: 500 },
      { accountId: code('3000'), credit: 500 },
    ],
  };
  const before = await held();
  expect(await call(staff, 'POST', '/api/ledger/vouchers', voucher)).toMatchObject({ status: 403 });
  expect(await call(admin, 'POST', '/api/ledger/vouchers', voucher)).toEqual(refused);
  expect(await held()).toEqual(before);
  // After the day the same voucher needs no reason.
  const february = await call(admin, 'POST', '/api/ledger/vouchers', {
    ...voucher,
    date: '2026-02-02',
  });
  expect(february.status).toBe(201);

  const posted = await call(admin, 'POST', '/api/ledger/vouchers', {
    ...voucher,
    reason: 'capital paid in before the month closed',
  });
  expect(posted.status).toBe(201);
  const id = posted.body.voucher.id as number;
  const reversed = await call(admin, 'POST', `/api/ledger/vouchers/${id}/reverse`, {
    reason: 'paid into the wrong bank',
  });
  expect(reversed.status).toBe(201);
  expect(
    await rows(
      ctx,
      `SELECT entity_id, after FROM audit_log
       WHERE entity = 'account' AND after ? 'reconciledPeriodChanged' ORDER BY id`,
    ),
  ).toEqual([
    {
      entity_id: String(bank),
      after: {
        reconciledPeriodChanged: { voucher: id, on: '2026-01-15' },
        reason: 'capital paid in before the month closed',
      },
    },
    {
      entity_id: String(bank),
      after: {
        reconciledPeriodChanged: { voucherReversed: id, on: '2026-01-15' },
        reason: 'paid into the wrong bank',
      },
    },
  ]);
});
