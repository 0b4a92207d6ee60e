// Correcting an entry in one step (POST /api/journal/:id/correct): the reversal and the corrected
// entry in one transaction, or neither; fields left out keep the entry's values; the receipts go
// with the corrected entry by reference; the closed period is refused on either day; a viewer
// is refused; an Idempotency-Key makes a double press one correction.
import { apiMessages } from 'contract';
import { bearer, login, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import { addDays, todayIn } from '../src/lib/dates.js';

const db = await setupDatabase();
afterAll(() => db.close());
let ctx: TestContext;
let admin: string;
let staff: string;
const today = todayIn('UTC');
const earlier = addDays(today, -5);
const VIEWER = { email: 'viewer@test.local', password: 'viewer-password-1' };

const PDF = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n% ${text}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  ({ admin, staff } = await signInBoth(ctx.app));
});

const call = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  who = staff,
) => {
  const response = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...bearer(who), ...headers },
  });
  return { status: response.statusCode, body: response.json() };
};

const expense = async (extra: object = {}) =>
  (
    await call('POST', '/api/expance/addexpance', {
      expanceTypeId: 1,
      amount: 100.25,
      description: 'Printer paper',
      Creditdebit: 'Credit',
      date: earlier,
      ...extra,
    })
  ).body.entry as { id: number };

const income = async (extra: object = {}) =>
  (
    await call('POST', '/api/incoms/addIncome', {
      clientId: 1,
      amount: 500,
      description: 'Invoice 9',
      Creditdebit: 'Debit',
      date: earlier,
      ...extra,
    })
  ).body.entry as { id: number };

const correct = (id: number, body: object, key?: string, who = staff) =>
  call('POST', `/api/journal/${id}/correct`, body, key ? { 'idempotency-key': key } : {}, who);

type Stored = {
  id: number;
  kind: string;
  party_id: number;
  party_name: string;
  amount: string;
  credit_debit: string;
  description: string;
  entry_date: string;
  reverses_id: number | null;
};
const entries = () =>
  rows<Stored>(
    ctx,
    `SELECT id, kind, coalesce(client_id, employee_id, expense_type_id) AS party_id, party_name,
            amount::text AS amount, credit_debit, description, entry_date, reverses_id
     FROM entries ORDER BY id`,
  );

/** Every row the books, the receipts and the activity hold, to see that nothing changed. */
const everything = async () => ({
  entries: await entries(),
  receipts: await rows(ctx, 'SELECT id, entry_id, blob_id FROM receipts ORDER BY id'),
  activity: await rows(ctx, 'SELECT id FROM audit_log ORDER BY id'),
});

async function attach(entryId: number, names: string[]) {
  const boundary = '----correct-test-boundary';
  const parts = names.map((name) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="${name}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      PDF(name),
      Buffer.from('\r\n'),
    ]),
  );
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/journal/${entryId}/receipts`,
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { ...bearer(staff), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode).toBe(201);
}

const receiptsOf = async (entryId: number) =>
  (await call('GET', `/api/journal/${entryId}/receipts`)).body.receipts as {
    fileName: string;
    bytes: number;
  }[];

describe('a correction', () => {
  it('writes the reversal and the corrected entry and answers both numbers', async () => {
    const { id } = await expense();
    const response = await correct(id, { reason: 'Typed the wrong amount', amount: '80.05' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      message: `Entry corrected #${id}: reversed by #${id + 1}, recorded again as #${id + 2}`,
      reversal: {
        id: id + 1,
        reversesId: id,
        amount: -100.25,
        description: 'Typed the wrong amount',
      },
      entry: { id: id + 2, reversesId: null, amount: 80.05 },
    });
    expect((await entries()).map((row) => [row.id, row.amount, row.reverses_id])).toEqual([
      [id, '100.25', null],
      [id + 1, '-100.25', id],
      [id + 2, '80.05', null],
    ]);
  });

  it('keeps every field that is left out', async () => {
    const { id } = await income();
    expect((await correct(id, { reason: 'Wrong amount', amount: 450 })).status).toBe(201);
    const [original, , corrected] = await entries();
    expect(corrected).toEqual({
      ...original,
      id: id + 2,
      amount: '450.00',
    });
    expect(corrected).toMatchObject({
      kind: 'income',
      party_id: 1,
      party_name: 'Acme Buyer',
      credit_debit: 'Debit',
      description: 'Invoice 9',
      entry_date: earlier,
    });
  });

  it('changes every field it is given, the party by the name it has now', async () => {
    const { id } = await income();
    const day = addDays(today, -2);
    const response = await correct(id, {
      reason: 'Other client, paid',
      partyId: 2,
      Creditdebit: 'Credit',
      description: '  Payment for invoice 9  ',
      date: day,
    });
    expect(response.status).toBe(201);
    expect((await entries())[2]).toMatchObject({
      party_id: 2,
      party_name: 'Beta Buyer',
      credit_debit: 'Credit',
      description: 'Payment for invoice 9',
      entry_date: day,
      amount: '500.00',
    });
  });

  it('is recorded in the activity as a reversal and a new entry', async () => {
    const { id } = await expense();
    await correct(id, { reason: 'Wrong amount', amount: 90 });
    const activity = await rows<{
      action: string;
      entity_id: string;
      after: { correctionOf?: number };
    }>(
      ctx,
      `SELECT action, entity_id, after FROM audit_log WHERE entity = 'entry:expense' ORDER BY id`,
    );
    expect(activity.map((row) => [row.action, Number(row.entity_id)])).toEqual([
      ['create', id],
      ['reverse', id],
      ['create', id + 2],
    ]);
    expect(activity[2]?.after).toMatchObject({ correctionOf: id, reversal: id + 1 });
  });

  it('leaves the figures at the corrected amount to the cent', async () => {
    const { id } = await expense({ date: today });
    await expense({ amount: 0.1, date: today, description: 'Stamp' });
    expect((await correct(id, { reason: 'Wrong amount', amount: '80.05' })).status).toBe(201);
    const totals = await call('GET', '/api/journal/totals');
    expect(totals.body).toEqual({ count: 4, credit: 80.15, debit: 0 });
    const finance = await call('GET', '/api/dashboard/finance');
    expect(finance.body.expense).toBe(80.15);
    const byType = await call(
      'GET',
      `/api/dashboard/getExpenseVsType?startDate=${today}&endDate=${today}`,
    );
    expect(byType.status).toBe(200);
    expect(JSON.stringify(byType.body)).toContain('80.15');
  });
});

describe('a correction that is refused writes nothing', () => {
  it('when the expense type is suspended: the reversal goes back too', async () => {
    const { id } = await expense();
    await rows(ctx, `UPDATE expense_types SET status = 'Suspended' WHERE id = 1`);
    const before = await everything();
    const response = await correct(id, { reason: 'Wrong amount', amount: 90 });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ message: apiMessages.expenseTypeSuspended });
    expect(await everything()).toEqual(before);
  });

  it('when the new day is in the closed period: the entries’ own text', async () => {
    const { id } = await expense({ date: today });
    await call('PUT', '/api/journal/closed', { closedThrough: earlier }, {}, admin);
    const before = await everything();
    const response = await correct(id, { reason: 'Belongs earlier', date: earlier });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ message: `${apiMessages.periodClosed} ${earlier}` });
    expect(await everything()).toEqual(before);
  });

  it('when the entry’s own day is in the closed period', async () => {
    const { id } = await expense();
    await call('PUT', '/api/journal/closed', { closedThrough: earlier }, {}, admin);
    const before = await everything();
    const response = await correct(id, { reason: 'Too late', amount: 90, date: today });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ message: `${apiMessages.periodClosed} ${earlier}` });
    expect(await everything()).toEqual(before);
  });

  it.each([
    ['an unknown party', { partyId: 99 }, 404, apiMessages.expenseTypeNotFound],
    ['no change at all', {}, 400, apiMessages.correctionChangesNothing],
    [
      'the same values as the entry',
      { amount: '100.25', description: 'Printer paper', Creditdebit: 'Credit', partyId: 1 },
      400,
      apiMessages.correctionChangesNothing,
    ],
    ['an amount of zero', { amount: 0 }, 400, undefined],
    ['a negative amount', { amount: '-5' }, 400, undefined],
    [
      'an amount with three decimals',
      { amount: 1.234 },
      400,
      'amount must have at most 2 decimals',
    ],
    ['Debit on an expense', { Creditdebit: 'Debit' }, 400, apiMessages.creditOnly],
    ['a day after today', { date: addDays(today, 1) }, 400, apiMessages.dateInFuture],
    ['a field it does not take', { amount: 5, kind: 'income' }, 400, undefined],
    ['no reason', { reason: '   ', amount: 5 }, 400, undefined],
  ])('for %s', async (_name, change, status, message) => {
    const { id } = await expense();
    const before = await everything();
    const response = await correct(id, { reason: 'Fix', ...change });
    expect(response.status).toBe(status);
    if (message) expect(response.body.message).toBe(message);
    else expect(response.body.message).toEqual(expect.any(String));
    expect(JSON.stringify(response.body)).not.toMatch(/stack|SELECT|INSERT/);
    expect(await everything()).toEqual(before);
  });

  it('for an entry that does not exist', async () => {
    const response = await correct(12345, { reason: 'Fix', amount: 5 });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(apiMessages.entryNotFound);
  });

  it('for an entry reversed already, and for a reversal itself', async () => {
    const { id } = await expense();
    expect((await call('POST', `/api/journal/${id}/reverse`, { reason: 'Wrong' })).status).toBe(
      201,
    );
    const before = await everything();
    const again = await correct(id, { reason: 'Fix', amount: 5 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(apiMessages.alreadyReversed);
    const reversal = await correct(id + 1, { reason: 'Fix', amount: 5 });
    expect(reversal.status).toBe(409);
    expect(reversal.body.message).toBe(apiMessages.reversalNotReversible);
    expect(await everything()).toEqual(before);
  });

  it('for a read-only viewer (403)', async () => {
    const { id } = await expense();
    const created = await call(
      'POST',
      '/api/users/register',
      { name: 'Auditor', ...VIEWER, role: 'viewer' },
      {},
      admin,
    );
    expect(created.status).toBe(201);
    const viewer = await login(ctx.app, VIEWER);
    const before = await everything();
    const response = await correct(id, { reason: 'Fix', amount: 5 }, undefined, viewer);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(apiMessages.readOnly);
    expect(await everything()).toEqual(before);
  });
});

describe('the account of a correction', () => {
  const addBank = async () =>
    (
      await call(
        'POST',
        '/api/accounts',
        { name: 'Main bank', kind: 'Bank', openingBalance: '0', openingDate: earlier },
        {},
        admin,
      )
    ).body.account.id as number;
  const accounts = () =>
    rows<{ id: number; account_id: number | null }>(
      ctx,
      'SELECT id, account_id FROM entries ORDER BY id',
    );
  const cash = async () =>
    Number((await rows<{ id: number }>(ctx, 'SELECT id FROM accounts WHERE is_default'))[0]!.id);

  it('moves a payment to another account: the reversal stays in the old one', async () => {
    const bank = await addBank();
    const { id } = await expense();
    const response = await correct(id, { reason: 'Paid from the bank', accountId: bank });
    expect(response.status).toBe(201);
    expect(await accounts()).toEqual([
      { id, account_id: await cash() },
      { id: id + 1, account_id: await cash() },
      { id: id + 2, account_id: bank },
    ]);
  });

  it('keeps the account of a payment when another field changes', async () => {
    const bank = await addBank();
    const { id } = await expense({ accountId: bank });
    expect((await correct(id, { reason: 'Wrong amount', amount: 90 })).status).toBe(201);
    expect((await accounts()).map((row) => row.account_id)).toEqual([bank, bank, bank]);
  });

  it('gives an invoice made a receipt the default account, and none to a receipt made an invoice', async () => {
    const { id } = await income();
    expect((await correct(id, { reason: 'Paid at once', Creditdebit: 'Credit' })).status).toBe(201);
    const bank = await addBank();
    const paid = await income({ Creditdebit: 'Credit', accountId: bank });
    expect((await correct(paid.id, { reason: 'Not paid yet', Creditdebit: 'Debit' })).status).toBe(
      201,
    );
    expect((await accounts()).map((row) => row.account_id)).toEqual([
      null,
      null,
      await cash(),
      bank,
      bank,
      null,
    ]);
  });

  it('refuses an account for an invoice, and an account that does not exist, writing nothing', async () => {
    const bank = await addBank();
    const invoice = await income();
    const { id } = await expense();
    const before = await everything();
    expect(await correct(invoice.id, { reason: 'Account', accountId: bank })).toMatchObject({
      status: 400,
      body: { message: 'An invoice (income Debit) moves no money and has no account' },
    });
    expect(await correct(id, { reason: 'Account', accountId: 999 })).toMatchObject({
      status: 404,
      body: { message: 'Account not found' },
    });
    expect(await everything()).toEqual(before);
  });
});

describe('the receipts of a corrected entry', () => {
  it('go with the corrected entry by reference: the same stored files, no copy', async () => {
    const { id } = await expense();
    await attach(id, ['bill.pdf', 'note.pdf']);
    const blobsBefore = await rows(ctx, 'SELECT id FROM receipt_blobs ORDER BY id');
    const response = await correct(id, { reason: 'Wrong amount', amount: 90 });
    expect(response.status).toBe(201);
    const correctedId = response.body.entry.id as number;

    const shown = await receiptsOf(correctedId);
    expect(shown.map((one) => one.fileName)).toEqual(['bill.pdf', 'note.pdf']);
    expect((await receiptsOf(id)).map((one) => one.fileName)).toEqual(['bill.pdf', 'note.pdf']);
    const links = await rows<{ entry_id: number; blob_id: number }>(
      ctx,
      'SELECT entry_id, blob_id FROM receipts ORDER BY id',
    );
    const blobsOf = (entryId: number) =>
      links.filter((link) => Number(link.entry_id) === entryId).map((link) => Number(link.blob_id));
    expect(blobsOf(correctedId)).toEqual(blobsOf(id));
    expect(await rows(ctx, 'SELECT id FROM receipt_blobs ORDER BY id')).toEqual(blobsBefore);

    const journal = await call('GET', `/api/journal?kind=expense`);
    const row = (journal.body.entries as { id: number; receipts: number }[]).find(
      (one) => one.id === correctedId,
    );
    expect(row?.receipts).toBe(2);
  });

  it('leaves a removed receipt behind', async () => {
    const { id } = await expense({ date: today });
    await attach(id, ['bill.pdf', 'wrong.pdf']);
    const [, wrong] = await rows<{ id: number }>(ctx, 'SELECT id FROM receipts ORDER BY id');
    const removed = await call('POST', `/api/receipts/${wrong!.id}/remove`, { reason: 'Not ours' });
    expect(removed.status).toBe(200);
    const response = await correct(id, { reason: 'Wrong amount', amount: 90 });
    expect((await receiptsOf(response.body.entry.id)).map((one) => one.fileName)).toEqual([
      'bill.pdf',
    ]);
  });
});

describe('an Idempotency-Key', () => {
  const key = 'correction-key-0001';

  it('makes a double press one correction', async () => {
    const { id } = await expense();
    const first = await correct(id, { reason: 'Wrong amount', amount: 90 }, key);
    const second = await correct(id, { reason: 'Wrong amount', amount: 90 }, key);
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.entry.id).toBe(first.body.entry.id);
    expect(second.body.reversal.id).toBe(first.body.reversal.id);
    expect(await entries()).toHaveLength(3);
  });

  it('makes two presses at once one correction', async () => {
    const { id } = await expense();
    const both = await Promise.all([
      correct(id, { reason: 'Wrong amount', amount: 90 }, key),
      correct(id, { reason: 'Wrong amount', amount: 90 }, key),
    ]);
    expect(both.map((one) => one.status).sort()).toEqual([200, 201]);
    expect(both[0].body.entry.id).toBe(both[1].body.entry.id);
    expect(await entries()).toHaveLength(3);
  });

  it('used for another correction or a reversal is refused', async () => {
    const { id } = await expense();
    await correct(id, { reason: 'Wrong amount', amount: 90 }, key);
    const before = await everything();
    const other = await correct(id, { reason: 'Wrong amount', amount: 91 }, key);
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(apiMessages.correctKeyConflict);

    const { id: second } = await expense({ amount: 7 });
    const reversedKey = 'reversal-key-00001';
    await call(
      'POST',
      `/api/journal/${second}/reverse`,
      { reason: 'Wrong' },
      {
        'idempotency-key': reversedKey,
      },
    );
    const reused = await correct(second, { reason: 'Wrong', amount: 8 }, reversedKey);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(apiMessages.correctKeyConflict);
    expect((await everything()).entries).toHaveLength(before.entries.length + 2);
  });

  it("is its call's: a correction's key on a reverse, or its corrected entry's on a new entry, is refused", async () => {
    const { id } = await expense();
    await correct(id, { reason: 'Wrong amount', amount: 90 }, key);
    const before = await everything();
    // The same entry and reason: the reversal the correction wrote is not a reverse's answer.
    const reverse = await call(
      'POST',
      `/api/journal/${id}/reverse`,
      { reason: 'Wrong amount' },
      { 'idempotency-key': key },
    );
    expect(reverse).toEqual({
      status: 409,
      body: expect.objectContaining({ message: apiMessages.reverseKeyConflict }),
    });
    // The key the corrected entry is kept under, sent with the same entry's fields.
    const again = await call(
      'POST',
      '/api/expance/addexpance',
      {
        expanceTypeId: 1,
        amount: 90,
        description: 'Printer paper',
        Creditdebit: 'Credit',
        date: earlier,
      },
      { 'idempotency-key': `correction:${key}` },
    );
    expect(again).toEqual({
      status: 409,
      body: expect.objectContaining({ message: apiMessages.idempotencyConflict }),
    });
    expect(await everything()).toEqual(before);
  });
});
