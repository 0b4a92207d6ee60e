import { randomUUID } from 'node:crypto';
import { ADMIN, bearer, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import { insertEntries, seedParties } from './fixtures.js';
import { addDays, todayIn } from '../src/lib/dates.js';

const db = await setupDatabase();
let ctx: TestContext;
let token: string;
let staff: string;
const today = todayIn('UTC');
const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1);

const fresh = async () => {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  ({ admin: token, staff } = await signInBoth(ctx.app));
};
afterAll(() => db.close());

const call = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  who = token,
) => {
  const response = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...bearer(who), ...headers },
  });
  return {
    status: response.statusCode,
    body: String(response.headers['content-type']).startsWith('application/json')
      ? response.json()
      : response.body,
    headers: response.headers,
  };
};

const expense = (extra: object = {}) =>
  call('POST', '/api/expance/addexpance', {
    expanceTypeId: 1,
    amount: 100.25,
    description: 'Printer paper',
    Creditdebit: 'Credit',
    ...extra,
  });
const income = (extra: object = {}) =>
  call('POST', '/api/incoms/addIncome', {
    clientId: 1,
    amount: 500,
    description: 'Invoice 9',
    Creditdebit: 'Credit',
    ...extra,
  });
const reverse = (id: number, reason: unknown = 'Typed the wrong amount', key?: string) =>
  call('POST', `/api/journal/${id}/reverse`, { reason }, key ? { 'idempotency-key': key } : {});
const count = async () =>
  Number((await rows<{ n: string }>(ctx, 'SELECT count(*)::text AS n FROM entries'))[0]?.n);

describe('the entry date', () => {
  beforeAll(fresh);

  it('defaults to today and is stored as given on every entry call', async () => {
    const plain = await expense();
    expect(plain.status).toBe(201);
    expect(plain.body.entry).toMatchObject({ date: today, reversesId: null });
    const salary = await call('POST', '/api/expance/addsalery', {
      employeeId: 1,
      amount: 10,
      Creditdebit: 'Credit',
      date: lastMonth,
    });
    expect(salary.body.entry.date).toBe(lastMonth);
    const paid = await income({ date: '2024-02-29' });
    expect(paid.body.entry.date).toBe('2024-02-29');
    expect(await rows(ctx, 'SELECT entry_date FROM entries ORDER BY id')).toEqual([
      { entry_date: today },
      { entry_date: lastMonth },
      { entry_date: '2024-02-29' },
    ]);
  });

  it('decides the day, month and year in the reports', async () => {
    const backdated = await expense({ amount: 70, date: lastMonth });
    expect(backdated.status).toBe(201);
    const month = Number(lastMonth.slice(5, 7));
    const yearly = await call('GET', `/api/dashboard/yearly?year=${lastMonth.slice(0, 4)}`);
    expect(yearly.body[month - 1].expense).toBe(70);
    const finance = await call('GET', '/api/dashboard/finance');
    expect(finance.body.expense).toBe(100.25);
    const income2024 = await call('GET', '/api/dashboard/getIncomeReport');
    expect(income2024.body).toEqual([{ date: '2024-02-29', totalIncome: 500 }]);
  });

  it.each([
    ['a day after today', addDays(today, 1), 400, 'date must not be after today'],
    ['an impossible day', '2025-02-29', 400, 'date must be a valid date'],
    [
      'a day that is not a date',
      '2025-13-01',
      400,
      'date must be a date (YYYY-MM-DD) from 1900-01-01 to 9999-12-31',
    ],
  ])('refuses %s and stores nothing', async (_name, date, status, message) => {
    const before = await count();
    const response = await expense({ date });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ message });
    expect(await count()).toBe(before);
  });

  it('keeps idempotency: the same key and date answer the first entry', async () => {
    const key = randomUUID();
    const first = await expense({ date: lastMonth, amount: 1 }).then((r) => r);
    expect(first.status).toBe(201);
    const once = await call(
      'POST',
      '/api/expance/addexpance',
      { expanceTypeId: 1, amount: 2, Creditdebit: 'Credit', date: lastMonth },
      { 'idempotency-key': key },
    );
    const again = await call(
      'POST',
      '/api/expance/addexpance',
      { expanceTypeId: 1, amount: 2, Creditdebit: 'Credit', date: lastMonth },
      { 'idempotency-key': key },
    );
    expect([once.status, again.status]).toEqual([201, 200]);
    expect(again.body.entry.id).toBe(once.body.entry.id);
    const otherDay = await call(
      'POST',
      '/api/expance/addexpance',
      { expanceTypeId: 1, amount: 2, Creditdebit: 'Credit', date: today },
      { 'idempotency-key': key },
    );
    expect(otherDay.status).toBe(409);
  });
});

describe('books closed through', () => {
  beforeAll(fresh);

  it('starts open, is moved by an admin only, and every move is audited', async () => {
    expect((await call('GET', '/api/journal/closed')).body).toEqual({
      closedThrough: null,
      canMove: true,
    });
    const refused = await call(
      'PUT',
      '/api/journal/closed',
      { closedThrough: lastMonth },
      {},
      staff,
    );
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: expect.any(String),
        message: 'Only admins can move the books closed through date',
      },
    });
    expect((await call('GET', '/api/journal/closed', undefined, {}, staff)).body).toEqual({
      closedThrough: null,
      canMove: false,
    });
    const moved = await call('PUT', '/api/journal/closed', { closedThrough: lastMonth });
    expect(moved).toMatchObject({ status: 200, body: { closedThrough: lastMonth, canMove: true } });
    const back = await call('PUT', '/api/journal/closed', { closedThrough: '2020-01-31' });
    expect(back.body).toEqual({ closedThrough: '2020-01-31', canMove: true });
    expect(
      await rows(
        ctx,
        `SELECT u.email, a.before, a.after FROM audit_log a JOIN users u ON u.id = a.actor_id
         WHERE a.entity = 'books' ORDER BY a.id`,
      ),
    ).toEqual([
      {
        email: ADMIN.email,
        before: { closedThrough: null },
        after: { closedThrough: lastMonth },
      },
      {
        email: ADMIN.email,
        before: { closedThrough: lastMonth },
        after: { closedThrough: '2020-01-31' },
      },
    ]);
  });

  it.each([
    [{ closedThrough: addDays(today, 1) }, 'closedThrough must not be after today'],
    [{ closedThrough: '2025-02-30' }, 'closedThrough must be a valid date'],
    [
      { closedThrough: 'yesterday' },
      'closedThrough must be a date (YYYY-MM-DD) from 1900-01-01 to 9999-12-31',
    ],
    [{}, 'closedThrough is required'],
  ])('refuses %j', async (payload, message) => {
    const response = await call('PUT', '/api/journal/closed', payload);
    expect(response).toMatchObject({ status: 400, body: { code: expect.any(String), message } });
    expect((await call('GET', '/api/journal/closed')).body).toMatchObject({
      closedThrough: '2020-01-31',
    });
  });

  it('refuses entries on or before the day with 409 and stores nothing; later days pass', async () => {
    await call('PUT', '/api/journal/closed', { closedThrough: lastMonth });
    const before = await count();
    for (const date of [lastMonth, '2021-06-01']) {
      const response = await expense({ date });
      expect(response).toMatchObject({
        status: 409,
        body: {
          code: expect.any(String),
          message: `date is in a closed period: the books are closed through ${lastMonth}`,
        },
      });
    }
    expect(await count()).toBe(before);
    expect((await expense({ date: addDays(lastMonth, 1) })).status).toBe(201);
    // Reopening lets the day in again.
    await call('PUT', '/api/journal/closed', { closedThrough: null });
    expect((await expense({ date: lastMonth })).status).toBe(201);
  });
});

describe('reversals', () => {
  beforeAll(fresh);

  it('cancel the original in every figure, link both ways and are audited with the reason', async () => {
    const billed = await income({ Creditdebit: 'Debit', amount: 900, date: lastMonth });
    const paid = await income({ amount: 400.1, date: lastMonth });
    await income({ amount: 50, date: lastMonth });
    const id = paid.body.entry.id as number;

    const response = await reverse(id, '  Paid by another client  ');
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Entry reversed');
    expect(response.body.entry).toMatchObject({
      kind: 'income',
      partyId: 1,
      amount: -400.1,
      Creditdebit: 'Credit',
      date: lastMonth,
      description: 'Paid by another client',
      reversesId: id,
    });
    const reversalId = response.body.entry.id as number;

    const month = Number(lastMonth.slice(5, 7));
    const yearly = await call('GET', `/api/dashboard/yearly?year=${lastMonth.slice(0, 4)}`);
    expect(yearly.body[month - 1].income).toBe(50);
    const sales = await call('GET', '/api/dashboard/getClientsVsSales');
    expect(sales.body).toEqual([
      { clientId: 1, clientname: 'Acme Buyer', totalDebit: 900, totalCredit: 50, netTotal: 850 },
    ]);
    const range = `startDate=${lastMonth.slice(0, 8)}01&endDate=${lastMonth}`;
    const finance = await call(
      'GET',
      `/api/dashboard/finance?from=${lastMonth.slice(0, 8)}01&to=${lastMonth}`,
    );
    expect(finance.body.income).toBe(50);
    const ledger = await call('GET', `/api/dashboard/getClientLedger?clientId=1&${range}`);
    expect(
      ledger.body.map((r: { ammount: number; balance: number }) => [r.ammount, r.balance]),
    ).toEqual([
      [900, 900],
      [400.1, 499.9],
      [50, 449.9],
      [-400.1, 850],
    ]);
    const report = await call('GET', '/api/dashboard/getIncomeReport');
    expect(report.body).toEqual([{ date: lastMonth, totalIncome: 50 }]);

    const journal = await call('GET', '/api/journal');
    const byId = new Map(
      (journal.body.entries as { id: number }[]).map((row) => [row.id, row] as const),
    );
    expect(byId.get(id)).toMatchObject({ reversedById: reversalId, reversesId: null });
    expect(byId.get(reversalId)).toMatchObject({
      reversesId: id,
      reversedById: null,
      amount: -400.1,
      recordedBy: { id: 1, name: 'Admin', email: ADMIN.email, former: false },
    });
    expect(byId.get(billed.body.entry.id)).toMatchObject({ reversedById: null });

    expect(
      await rows(
        ctx,
        `SELECT action, entity, entity_id, after->>'reason' AS reason FROM audit_log
         WHERE action = 'reverse'`,
      ),
    ).toEqual([
      {
        action: 'reverse',
        entity: 'entry:income',
        entity_id: String(id),
        reason: 'Paid by another client',
      },
    ]);
  });

  it('happen once: a second reversal and a reversal of a reversal are refused', async () => {
    const { body } = await expense();
    const first = await reverse(body.entry.id);
    expect(first.status).toBe(201);
    const before = await count();
    expect(await reverse(body.entry.id)).toMatchObject({
      status: 409,
      body: { code: expect.any(String), message: 'This entry has already been reversed' },
    });
    expect(await reverse(first.body.entry.id)).toMatchObject({
      status: 409,
      body: {
        code: expect.any(String),
        message: 'A reversal cannot be reversed; record a new entry instead',
      },
    });
    expect(await count()).toBe(before);
  });

  it('take an idempotency key: a double click reverses once', async () => {
    const { body } = await expense();
    const key = randomUUID();
    const [a, b] = await Promise.all([
      reverse(body.entry.id, 'Twice', key),
      reverse(body.entry.id, 'Twice', key),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.entry.id).toBe(b.body.entry.id);
    expect(
      await rows(
        ctx,
        `SELECT count(*)::int AS n FROM entries WHERE reverses_id = ${body.entry.id}`,
      ),
    ).toEqual([{ n: 1 }]);
    const other = await expense();
    expect((await reverse(other.body.entry.id, 'Twice', key)).status).toBe(409);
  });

  it.each([
    ['no reason', {}, 400, 'reason is required'],
    ['a blank reason', { reason: '   ' }, 400, 'reason must not be blank'],
    ['a long reason', { reason: 'x'.repeat(501) }, 400, 'reason must be at most 500 characters'],
  ])('refuse %s', async (_name, payload, status, message) => {
    const { body } = await expense();
    const before = await count();
    const response = await call('POST', `/api/journal/${body.entry.id}/reverse`, payload);
    expect(response).toMatchObject({ status, body: { code: expect.any(String), message } });
    expect(await count()).toBe(before);
  });

  it('answer 404 for an unknown entry and 400 for an id that is not one', async () => {
    expect(await reverse(999999)).toMatchObject({
      status: 404,
      body: { code: expect.any(String), message: 'Entry not found' },
    });
    expect((await call('POST', '/api/journal/abc/reverse', { reason: 'x' })).status).toBe(400);
  });

  it('are refused in a closed period', async () => {
    const { body } = await expense({ date: lastMonth });
    await call('PUT', '/api/journal/closed', { closedThrough: lastMonth });
    const before = await count();
    expect(await reverse(body.entry.id)).toMatchObject({
      status: 409,
      body: {
        code: expect.any(String),
        message: `date is in a closed period: the books are closed through ${lastMonth}`,
      },
    });
    expect(await count()).toBe(before);
    await call('PUT', '/api/journal/closed', { closedThrough: null });
  });

  it('are allowed to staff and are checked by the database too', async () => {
    const { body } = await expense();
    expect((await reverse(body.entry.id, 'Staff fix', undefined)).status).toBe(201);
    await expect(
      rows(
        ctx,
        `INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit, reverses_id)
         VALUES ('expense', 1, 'Rent', -5, 'Credit', ${body.entry.id})`,
      ),
    ).rejects.toThrow();
  });
});

describe('GET /api/journal', () => {
  const history = [
    {
      kind: 'income',
      party: 1,
      amount: '1000.00',
      cd: 'Debit',
      day: '2025-01-05',
      description: 'Invoice ALPHA-1',
    },
    {
      kind: 'income',
      party: 2,
      amount: '250.50',
      cd: 'Credit',
      day: '2025-01-06',
      description: 'Cheque',
    },
    { kind: 'salary', party: 1, amount: '3000.00', day: '2025-01-31', description: 'January pay' },
    {
      kind: 'expense',
      party: 1,
      amount: '120.00',
      day: '2025-02-01',
      description: 'Office rent, 100% paid',
    },
    { kind: 'expense', party: 2, amount: '45.25', day: '2025-02-02', description: 'Diesel' },
    {
      kind: 'income',
      party: 1,
      amount: '80.00',
      cd: 'Credit',
      day: '2025-02-03',
      description: 'part of alpha-1',
    },
  ] as const;

  beforeAll(async () => {
    await fresh();
    // One at a time, so that ids follow the order above.
    for (const entry of history) await insertEntries(ctx, [{ ...entry }]);
  });

  const list = (query = '') => call('GET', `/api/journal${query ? `?${query}` : ''}`);
  const ids = async (query: string) =>
    ((await list(query)).body.entries as { id: number }[]).map((row) => row.id);
  const totals = async (query: string) => (await call('GET', `/api/journal/totals?${query}`)).body;

  it('lists every entry newest first with its columns', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.entries.map((r: { id: number }) => r.id)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(body.next).toBeNull();
    expect(body.entries[5]).toEqual({
      id: 1,
      date: '2025-01-05',
      kind: 'income',
      partyId: 1,
      partyName: 'Acme Buyer',
      Creditdebit: 'Debit',
      amount: 1000,
      description: 'Invoice ALPHA-1',
      recordedBy: null,
      recordedAt: '2025-01-05T12:00:00.000Z',
      reversesId: null,
      reversedById: null,
      receipts: 0,
      accountId: null,
      accountName: null,
    });
  });

  it.each([
    ['from=2025-01-31', [6, 5, 4, 3], { count: 4, credit: 3245.25, debit: 0 }],
    ['to=2025-01-06', [2, 1], { count: 2, credit: 250.5, debit: 1000 }],
    ['from=2025-01-06&to=2025-02-01', [4, 3, 2], { count: 3, credit: 3370.5, debit: 0 }],
    ['kind=expense', [5, 4], { count: 2, credit: 165.25, debit: 0 }],
    ['kind=income&partyId=1', [6, 1], { count: 2, credit: 80, debit: 1000 }],
    ['kind=income&partyId=1&from=2025-01-06', [6], { count: 1, credit: 80, debit: 0 }],
    ['Creditdebit=Debit', [1], { count: 1, credit: 0, debit: 1000 }],
    ['minAmount=80&maxAmount=250.5', [6, 4, 2], { count: 3, credit: 450.5, debit: 0 }],
    ['q=alpha', [6, 1], { count: 2, credit: 80, debit: 1000 }],
    ['q=UYER', [6, 2, 1], { count: 3, credit: 330.5, debit: 1000 }],
    ['q=100%25', [4], { count: 1, credit: 120, debit: 0 }],
    ['q=_', [], { count: 0, credit: 0, debit: 0 }],
    [
      'kind=income&Creditdebit=Credit&minAmount=50&q=buyer&from=2025-01-01&to=2025-12-31',
      [6, 2],
      { count: 2, credit: 330.5, debit: 0 },
    ],
  ])('filters %s and totals everything that matches', async (query, expected, sums) => {
    expect(await ids(query)).toEqual(expected);
    expect(await totals(query)).toEqual(sums);
  });

  it('pages by position without gaps or repeats, totals staying over every match', async () => {
    const seen: number[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const page = await list(`limit=4${next ? `&after=${next}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.entries.map((r: { id: number }) => r.id));
      next = page.body.next;
      pages += 1;
    } while (next);
    expect(pages).toBe(2);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1]);
    // The positions of before (`YYYY-MM-DD_id`, deprecated) are still taken for one release.
    expect(await ids('limit=2&after=2025-02-01_4')).toEqual([3, 2]);
    expect(await totals('')).toEqual({ count: 6, credit: 3495.75, debit: 1000 });
  });

  it('answers an opaque `next` that only this list takes back', async () => {
    const first = await list('limit=4');
    const next = first.body.next as string;
    expect(next).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(next).not.toMatch(/^[0-9]{4}-[0-9]{2}-[0-9]{2}_/);
    expect((await list(`limit=4&after=${next}`)).body.entries).toHaveLength(2);
    // Another list's cursor, or one cut short, is refused rather than misread.
    const ledgerCursor = Buffer.from('ledger:2025-02-01_4').toString('base64url');
    for (const after of [ledgerCursor, next.slice(0, -2), 'AAAA'])
      expect(await list(`after=${after}`)).toMatchObject({
        status: 400,
        body: {
          code: 'page_cursor_not_valid',
          message: 'after must be a position from a previous page',
        },
      });
    expect(await totals('')).toEqual({ count: 6, credit: 3495.75, debit: 1000 });
  });

  it('shows an entry and its reversal together under an amount filter, the pair netting to 0', async () => {
    const response = await reverse(5, 'Wrong type');
    const reversal = response.body.entry.id;
    expect(await ids('minAmount=45.25&maxAmount=45.25')).toEqual([reversal, 5]);
    expect(await totals('minAmount=45.25&maxAmount=45.25')).toEqual({
      count: 2,
      credit: 0,
      debit: 0,
    });
    expect(await totals('kind=expense')).toEqual({ count: 3, credit: 120, debit: 0 });
    expect(await totals('kind=expense&partyId=2')).toEqual({ count: 2, credit: 0, debit: 0 });
  });

  it.each([
    ['from=2025-02-30', 'from must be a valid date'],
    ['from=2025-03-01&to=2025-02-01', 'from must not be after to'],
    ['minAmount=10&maxAmount=5', 'minAmount must not be more than maxAmount'],
    ['minAmount=1.005', 'minAmount and maxAmount must have at most 2 decimals'],
    ['minAmount=-1', 'minAmount must be at least 0'],
    ['partyId=1', 'kind is required with partyId'],
    ['kind=loan', 'kind has an invalid value'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=501', 'limit must be at most 500'],
    ['after=2025-02-30_4', 'after must be a position from a previous page'],
    ['after=abc', 'after must be a position from a previous page'],
    ['after=a%2Bb', 'after has an invalid format'],
    [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('refuses %s with a message naming the field', async (query, message) => {
    expect(await list(query)).toMatchObject({
      status: 400,
      body: { code: expect.any(String), message },
    });
    if (!query.startsWith('limit') && !query.startsWith('after'))
      expect(await call('GET', `/api/journal/csv?${query}`)).toMatchObject({
        status: 400,
        body: { code: expect.any(String), message },
      });
  });

  it('refuses unknown query fields, as the OpenAPI document says', async () => {
    const { status, body } = await list('kind=salary&colour=red');
    expect(status).toBe(400);
    expect(body.message).toBe('colour is not an accepted field');
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/journal' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/journal/csv', () => {
  beforeAll(async () => {
    await fresh();
    await insertEntries(ctx, [
      {
        kind: 'income',
        party: 1,
        amount: '1000.10',
        cd: 'Debit',
        day: '2025-01-05',
        description: 'Invoice "big", Q1',
      },
      { kind: 'expense', party: 1, amount: '0.20', day: '2025-01-06', description: '=cmd()' },
      { kind: 'expense', party: 2, amount: '0.10', day: '2025-01-07', description: 'Fuel' },
    ]);
  });

  it('streams every matching row, newest first, and a totals row', async () => {
    const response = await call('GET', '/api/journal/csv');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="journal.csv"');
    expect((response.body as string).split('\r\n')).toEqual([
      '\uFEFFid,date,kind,party,Creditdebit,amount,description,recorded by,recorded at,state,account',
      '3,2025-01-07,expense,Fuel,Credit,0.10,Fuel,,2025-01-07T12:00:00.000Z,,Cash',
      "2,2025-01-06,expense,Rent,Credit,0.20,'=cmd(),,2025-01-06T12:00:00.000Z,,Cash",
      '1,2025-01-05,income,Acme Buyer,Debit,1000.10,"Invoice ""big"", Q1",,2025-01-05T12:00:00.000Z,,',
      'Totals,3 entries,,,Credit,0.30,Debit,1000.10,,,',
      '',
    ]);
  });

  it('holds only the filtered rows, with their state and exact totals', async () => {
    await reverse(3, 'Not ours');
    const lines = ((await call('GET', '/api/journal/csv?kind=expense')).body as string).split(
      '\r\n',
    );
    expect(lines.slice(1)).toEqual([
      `4,2025-01-07,expense,Fuel,Credit,-0.10,Not ours,Admin <${ADMIN.email}>,` +
        lines[1]?.split(',')[8] +
        ',reverses #3,Cash',
      '3,2025-01-07,expense,Fuel,Credit,0.10,Fuel,,2025-01-07T12:00:00.000Z,reversed by #4,Cash',
      "2,2025-01-06,expense,Rent,Credit,0.20,'=cmd(),,2025-01-06T12:00:00.000Z,,Cash",
      'Totals,3 entries,,,Credit,0.20,Debit,0.00,,,',
      '',
    ]);
  });
});

describe('GET /api/journal/csv cells', () => {
  it('quotes, escapes and guards each text cell, and leaves plain numbers as they are', async () => {
    await fresh();
    await rows(
      ctx,
      `INSERT INTO expense_types (expancetype, status) VALUES ('Smith, "Sons"', 'Active')`,
    );
    await rows(
      ctx,
      `INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit, description,
                            entry_date, created_at)
       SELECT 'expense', 4, 'Smith, "Sons"', 1.25, 'Credit', d, DATE '2025-03-01' + n::int,
              TIMESTAMPTZ '2025-03-01 09:30:00.5+00' + n * interval '1 day'
       FROM unnest(ARRAY['=SUM(A1:A3)', '-12.50', '-5 apples', '@home, "left"', E'two\nlines',
                         E'\tindented', '+1', '']) WITH ORDINALITY AS t(d, n)`,
    );
    expect((await reverse(2, 'Wrong, "twice"')).status).toBe(201);
    const lines = ((await call('GET', '/api/journal/csv')).body as string).split('\r\n');
    const party = '"Smith, ""Sons"""';
    const at = (day: number) => `2025-03-${String(day).padStart(2, '0')}T09:30:00.500Z`;
    expect(lines.slice(1)).toEqual([
      `8,2025-03-09,expense,${party},Credit,1.25,,,${at(9)},,Cash`,
      `7,2025-03-08,expense,${party},Credit,1.25,'+1,,${at(8)},,Cash`,
      `6,2025-03-07,expense,${party},Credit,1.25,"'\tindented",,${at(7)},,Cash`,
      `5,2025-03-06,expense,${party},Credit,1.25,"two\nlines",,${at(6)},,Cash`,
      `4,2025-03-05,expense,${party},Credit,1.25,"'@home, ""left""",,${at(5)},,Cash`,
      `3,2025-03-04,expense,${party},Credit,1.25,'-5 apples,,${at(4)},,Cash`,
      `9,2025-03-03,expense,${party},Credit,-1.25,"Wrong, ""twice""",Admin <${ADMIN.email}>,` +
        lines[7]?.split(',')[10] +
        ',reverses #2,Cash',
      `2,2025-03-03,expense,${party},Credit,1.25,-12.50,,${at(3)},reversed by #9,Cash`,
      `1,2025-03-02,expense,${party},Credit,1.25,'=SUM(A1:A3),,${at(2)},,Cash`,
      'Totals,9 entries,,,Credit,8.75,Debit,0.00,,,',
      '',
    ]);
  });
});

describe('GET /api/journal/csv over more than one batch', () => {
  it('holds every row once, in order, with exact totals', async () => {
    await fresh();
    await rows(
      ctx,
      `INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit, entry_date)
       SELECT 'expense', 1, 'Rent', 1.01, 'Credit', DATE '2024-01-01' + (g % 3)
       FROM generate_series(1, 10005) g`,
    );
    const text = (await call('GET', '/api/journal/csv?to=2024-12-31')).body as string;
    const lines = text.split('\r\n').slice(1, -2);
    expect(lines).toHaveLength(10005);
    const keys = lines.map((line) => line.split(',').slice(0, 2));
    expect(new Set(keys.map(([id]) => id)).size).toBe(10005);
    const sorted = [...keys].sort(([a = '', ad = ''], [b = '', bd = '']) =>
      ad === bd ? Number(b) - Number(a) : bd.localeCompare(ad),
    );
    expect(keys).toEqual(sorted);
    expect(text.endsWith('Totals,10005 entries,,,Credit,10105.05,Debit,0.00,,,\r\n')).toBe(true);
  });
});

describe('ledger paging', () => {
  beforeAll(async () => {
    await fresh();
    await insertEntries(
      ctx,
      Array.from({ length: 9 }, (_, i) => ({
        kind: 'income' as const,
        party: 1,
        amount: `${(i + 1) * 10}.05`,
        cd: i % 3 === 0 ? ('Credit' as const) : ('Debit' as const),
        day: `2025-03-0${1 + Math.floor(i / 2)}`,
      })),
    );
    await insertEntries(ctx, [
      { kind: 'income', party: 1, amount: '7.00', cd: 'Debit', day: '2025-02-10' },
    ]);
  });

  it('gives the whole range without paging parameters and the same rows and balances page by page', async () => {
    const range = 'startDate=2025-03-01&endDate=2025-03-31';
    const whole = (await call('GET', `/api/dashboard/getClientLedger?clientId=1&${range}`))
      .body as { id: number; date: string; balance: number }[];
    expect(whole).toHaveLength(9);
    expect(whole[0]?.balance).toBe(-3.05);
    const paged: typeof whole = [];
    let after = '';
    let pages = 0;
    for (;;) {
      const page = await call('GET', `/api/ledgers/client?clientId=1&${range}&limit=4${after}`);
      expect(page.status).toBe(200);
      const { rows, next } = page.body as { rows: typeof whole; next: string | null };
      paged.push(...rows);
      pages += 1;
      if (next === null) break;
      after = `&after=${next}`;
    }
    expect(pages).toBe(3);
    expect(paged).toEqual(whole);
    // A page that ends the range exactly says so: no empty page after it.
    const exact = await call('GET', `/api/ledgers/client?clientId=1&${range}&limit=9`);
    expect(exact.body).toEqual({ rows: whole, next: null });
    const expenses = await call('GET', `/api/ledgers/expense?${range}&limit=2`);
    expect(expenses).toMatchObject({ status: 200, body: { rows: [], next: null } });
    const employee = await call('GET', `/api/ledgers/employee?employeeId=999&${range}`);
    expect(employee).toMatchObject({ status: 404 });
    expect((await call('GET', `/api/ledgers/client?clientId=1&${range}&limit=0`)).body).toEqual({
      code: 'invalid_input',
      message: 'limit must be at least 1',
    });
    const journalCursor = Buffer.from('journal:2025-03-02_3').toString('base64url');
    for (const wrong of ['2025-03-32_1', journalCursor])
      expect(
        (await call('GET', `/api/ledgers/client?clientId=1&${range}&after=${wrong}`)).body,
      ).toEqual({
        code: 'page_cursor_not_valid',
        message: 'after must be a position from a previous page',
      });
  });

  it("still pages the spec's ledger calls by a row's position for one release (deprecated)", async () => {
    const base =
      '/api/dashboard/getClientLedger?clientId=1&startDate=2025-03-01&endDate=2025-03-31';
    const whole = (await call('GET', base)).body as { id: number; date: string; balance: number }[];
    const paged: typeof whole = [];
    let after = '';
    for (;;) {
      const page = (await call('GET', `${base}&limit=4${after}`)).body as typeof whole;
      paged.push(...page);
      const last = page[page.length - 1];
      if (page.length < 4 || !last) break;
      after = `&after=${last.date}_${last.id}`;
    }
    expect(paged).toEqual(whole);
    // The spec's call answers its list, with no `next`; a paged ledger's cursor is taken too.
    const { next } = (
      await call(
        'GET',
        '/api/ledgers/client?clientId=1&startDate=2025-03-01&endDate=2025-03-31&limit=4',
      )
    ).body as { next: string };
    expect((await call('GET', `${base}&limit=4&after=${next}`)).body).toEqual(whole.slice(4, 8));
    expect((await call('GET', `${base}&after=2025-03-32_1`)).body).toEqual({
      code: 'page_cursor_not_valid',
      message: 'after must be a position from a previous page',
    });
  });
});
