import { sql } from 'kysely';
import { ADMIN, bearer, login, rows, setupDatabase, type TestContext } from './helpers.js';
import { insertEntries, seedParties, type DatedEntry } from './fixtures.js';
import { todayIn } from '../src/lib/dates.js';
import { buildApp } from '../src/app.js';
import { foldRollups } from '../src/db/rollup-folder.js';

const db = await setupDatabase();
let ctx: TestContext;
let token: string;

// Hand-made history around month and year boundaries; the figures below are worked out by hand.
const history: DatedEntry[] = [
  {
    kind: 'income',
    party: 1,
    amount: '1000.10',
    cd: 'Debit',
    day: '2025-01-31',
    description: 'Invoice 1',
  },
  {
    kind: 'income',
    party: 1,
    amount: '400.20',
    cd: 'Credit',
    day: '2025-02-01',
    description: 'Part payment',
  },
  { kind: 'income', party: 1, amount: '0.10', cd: 'Debit', day: '2025-02-28' },
  { kind: 'income', party: 1, amount: '0.20', cd: 'Credit', day: '2025-03-01' },
  { kind: 'income', party: 2, amount: '500.00', cd: 'Debit', day: '2024-12-31' },
  { kind: 'income', party: 2, amount: '500.00', cd: 'Credit', day: '2025-01-01' },
  { kind: 'salary', party: 1, amount: '30000.00', day: '2025-01-31' },
  { kind: 'salary', party: 1, amount: '30000.00', day: '2025-02-28' },
  { kind: 'salary', party: 2, amount: '25000.50', day: '2025-02-15' },
  { kind: 'expense', party: 1, amount: '1200.00', day: '2025-01-01' },
  { kind: 'expense', party: 2, amount: '0.10', day: '2025-01-15' },
  { kind: 'expense', party: 2, amount: '0.20', day: '2025-01-16' },
  { kind: 'expense', party: 3, amount: '99.99', day: '2024-12-31' },
];

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  await insertEntries(ctx, history);
  token = await login(ctx.app, ADMIN);
});
afterAll(() => db.close());

const get = async (url: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/dashboard${url}`,
    headers: bearer(token),
  });
  return { status: response.statusCode, body: response.json() };
};

describe('GET /api/dashboard/totals', () => {
  it('counts admins, employees and clients', async () => {
    expect(await get('/totals')).toEqual({
      status: 200,
      body: { admins: 1, employees: 2, clients: 3 },
    });
  });
});

describe('GET /api/dashboard/finance', () => {
  it.each([
    ['2025-01-01', '2025-01-31', { income: 500, salary: 30000, expense: 1200.3 }],
    ['2025-02-01', '2025-02-28', { income: 400.2, salary: 55000.5, expense: 0 }],
    ['2024-12-31', '2025-03-01', { income: 900.4, salary: 85000.5, expense: 1300.29 }],
    ['2023-01-01', '2023-12-31', { income: 0, salary: 0, expense: 0 }],
  ])('from %s to %s counts received income, salary and expense', async (from, to, expected) => {
    expect(await get(`/finance?from=${from}&to=${to}`)).toEqual({ status: 200, body: expected });
  });

  it('rejects a day that does not exist and a reversed range', async () => {
    expect(await get('/finance?from=2025-02-30&to=2025-03-01')).toEqual({
      status: 400,
      body: { code: expect.any(String), message: 'from must be a valid date' },
    });
    expect(await get('/finance?from=2025-03-01&to=2025-02-01')).toEqual({
      status: 400,
      body: { code: expect.any(String), message: 'from must not be after to' },
    });
    expect((await get('/finance?from=yesterday')).status).toBe(400);
  });
});

describe('GET /api/dashboard/getClientsVsSales', () => {
  it('nets billed (Debit) against received (Credit) per client, exactly', async () => {
    expect(await get('/getClientsVsSales')).toEqual({
      status: 200,
      body: [
        {
          clientId: 1,
          clientname: 'Acme Buyer',
          totalDebit: 1000.2,
          totalCredit: 400.4,
          netTotal: 599.8,
        },
        { clientId: 2, clientname: 'Beta Buyer', totalDebit: 500, totalCredit: 500, netTotal: 0 },
      ],
    });
  });
});

describe('GET /api/dashboard/getEmployeesVsSalary', () => {
  it.each([
    [
      '2025-01-15',
      '2025-02-20',
      [
        { employeeId: 1, employeeName: 'Ali', totalSalary: 30000 },
        { employeeId: 2, employeeName: 'Bina', totalSalary: 25000.5 },
      ],
    ],
    ['2025-02-28', '2025-02-28', [{ employeeId: 1, employeeName: 'Ali', totalSalary: 30000 }]],
    [
      '',
      '',
      [
        { employeeId: 1, employeeName: 'Ali', totalSalary: 60000 },
        { employeeId: 2, employeeName: 'Bina', totalSalary: 25000.5 },
      ],
    ],
    ['2026-01-01', '2026-01-31', []],
  ])('from "%s" to "%s"', async (startDate, endDate, expected) => {
    expect(await get(`/getEmployeesVsSalary?startDate=${startDate}&endDate=${endDate}`)).toEqual({
      status: 200,
      body: expected,
    });
  });
});

describe('GET /api/dashboard/getExpenseVsType', () => {
  const jan = [
    { expanceTypeId: 2, expenseType: 'Fuel', totalExpense: 0.3 },
    { expanceTypeId: 1, expenseType: 'Rent', totalExpense: 1200 },
  ];
  const withDecember = [
    jan[0],
    { expanceTypeId: 3, expenseType: 'Old', totalExpense: 99.99 },
    jan[1],
  ];
  it.each([
    ['2025-01-01', '2025-01-31', jan],
    ['2024-12-01', '2025-01-31', withDecember],
    ['2024-12-15', '2025-02-10', withDecember],
    ['2025-01-16', '2025-01-16', [{ expanceTypeId: 2, expenseType: 'Fuel', totalExpense: 0.2 }]],
  ])(
    'from %s to %s sums per type, 0.10 + 0.20 = 0.30 exactly',
    async (startDate, endDate, expected) => {
      expect(await get(`/getExpenseVsType?startDate=${startDate}&endDate=${endDate}`)).toEqual({
        status: 200,
        body: expected,
      });
    },
  );
});

describe('GET /api/dashboard/getIncomeReport', () => {
  it('lists payments received per day', async () => {
    expect(await get('/getIncomeReport')).toEqual({
      status: 200,
      body: [
        { date: '2025-01-01', totalIncome: 500 },
        { date: '2025-02-01', totalIncome: 400.2 },
        { date: '2025-03-01', totalIncome: 0.2 },
      ],
    });
  });
});

describe('GET /api/dashboard/yearly', () => {
  it('has all twelve months with profit/loss', async () => {
    const { status, body } = await get('/yearly?year=2025');
    expect(status).toBe(200);
    expect(body).toHaveLength(12);
    expect(body.slice(0, 4)).toEqual([
      { month: 1, income: 500, salary: 30000, expense: 1200.3, pending: -30700.3 },
      { month: 2, income: 400.2, salary: 55000.5, expense: 0, pending: -54600.3 },
      { month: 3, income: 0.2, salary: 0, expense: 0, pending: 0.2 },
      { month: 4, income: 0, salary: 0, expense: 0, pending: 0 },
    ]);
    const december = (await get('/yearly?year=2024')).body[11];
    expect(december).toEqual({ month: 12, income: 0, salary: 0, expense: 99.99, pending: -99.99 });
  });

  it('needs a year', async () => {
    expect(await get('/yearly')).toEqual({
      status: 400,
      body: { code: expect.any(String), message: 'year is required' },
    });
    expect(await get('/yearly?year=abc')).toEqual({
      status: 400,
      body: { code: expect.any(String), message: 'year must be an integer' },
    });
  });
});

describe('GET /api/ledgers/opening', () => {
  const opening = async (query: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/ledgers/opening?${query}`,
      headers: bearer(token),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('brings forward what a client owed before the range, the figure the ledger starts from', async () => {
    expect(await opening('ledger=client&partyId=1&startDate=2025-02-01')).toEqual({
      status: 200,
      body: { startDate: '2025-02-01', balance: 1000.1 },
    });
    // A range with no entries still has its balance: everything up to 1 March.
    expect(await opening('ledger=client&partyId=1&startDate=2025-03-02')).toEqual({
      status: 200,
      body: { startDate: '2025-03-02', balance: 599.8 },
    });
    expect((await opening('ledger=client&partyId=2&startDate=2025-01-02')).body.balance).toBe(0);
    expect((await opening('ledger=client&partyId=1&startDate=2025-01-31')).body.balance).toBe(0);
  });

  it('brings forward what was paid to an employee and for every expense type', async () => {
    expect((await opening('ledger=employee&partyId=1&startDate=2025-02-01')).body).toEqual({
      startDate: '2025-02-01',
      balance: 30000,
    });
    expect((await opening('ledger=employee&partyId=1&startDate=2025-03-01')).body.balance).toBe(
      60000,
    );
    expect((await opening('ledger=expense&startDate=2025-01-01')).body.balance).toBe(99.99);
    expect((await opening('ledger=expense&startDate=2025-02-01')).body.balance).toBe(1300.29);
  });

  it('starts from the first day of this month without a startDate', async () => {
    const today = todayIn('UTC');
    expect((await opening('ledger=expense')).body).toEqual({
      startDate: `${today.slice(0, 7)}-01`,
      balance: 1300.29,
    });
  });

  it('answers a missing or unneeded party, an unknown one and bad input clearly', async () => {
    expect(await opening('ledger=client&startDate=2025-02-01')).toEqual({
      status: 400,
      body: {
        code: expect.any(String),
        message: 'partyId is required for the client and employee ledgers',
      },
    });
    expect(await opening('ledger=expense&partyId=1')).toEqual({
      status: 400,
      body: {
        code: expect.any(String),
        message: 'The expense ledger covers every expense type: send no partyId',
      },
    });
    expect(await opening('ledger=client&partyId=99')).toEqual({
      status: 404,
      body: { code: expect.any(String), message: 'Client not found' },
    });
    expect(await opening('ledger=employee&partyId=99')).toEqual({
      status: 404,
      body: { code: expect.any(String), message: 'Employee not found' },
    });
    expect((await opening('ledger=income&partyId=1')).status).toBe(400);
    expect((await opening('partyId=1')).status).toBe(400);
    expect(await opening('ledger=expense&startDate=2025-02-30')).toEqual({
      status: 400,
      body: { code: expect.any(String), message: 'startDate must be a valid date' },
    });
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/ledgers/opening?ledger=expense',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('ledgers', () => {
  it('carries the client balance from before the range and runs it row by row', async () => {
    const { status, body } = await get(
      '/getClientLedger?clientId=1&startDate=2025-02-01&endDate=2025-02-28',
    );
    expect(status).toBe(200);
    expect(body).toEqual([
      expect.objectContaining({
        date: '2025-02-01',
        ammount: 400.2,
        Creditdebit: 'Credit',
        balance: 599.9,
        clientName: 'Acme Buyer',
        description: 'Part payment',
      }),
      expect.objectContaining({
        date: '2025-02-28',
        ammount: 0.1,
        Creditdebit: 'Debit',
        balance: 600,
        clientName: 'Acme Buyer',
      }),
    ]);
    expect(body[0]).toEqual({
      id: 2,
      createdAt: '2025-02-01T12:00:00.000Z',
      date: '2025-02-01',
      ammount: 400.2,
      Creditdebit: 'Credit',
      description: 'Part payment',
      balance: 599.9,
      clientName: 'Acme Buyer',
    });
  });

  it('filters the client ledger by date, both days included', async () => {
    const { body } = await get(
      '/getClientLedger?clientId=1&startDate=2025-01-31&endDate=2025-03-01',
    );
    expect(body.map((row: { balance: number }) => row.balance)).toEqual([
      1000.1, 599.9, 600, 599.8,
    ]);
  });

  it('runs the employee ledger as a total paid', async () => {
    const { body } = await get(
      '/getEmployeeLedger?employeeId=1&startDate=2025-02-01&endDate=2025-02-28',
    );
    expect(body).toEqual([
      expect.objectContaining({
        date: '2025-02-28',
        ammount: 30000,
        balance: 60000,
        employeeName: 'Ali',
      }),
    ]);
  });

  it('lists every expense type in the expense ledger', async () => {
    const { body } = await get('/getExpenseLedger?startDate=2025-01-01&endDate=2025-01-31');
    expect(
      body.map((r: { expenseType: string; balance: number }) => [r.expenseType, r.balance]),
    ).toEqual([
      ['Rent', 1299.99],
      ['Fuel', 1300.09],
      ['Fuel', 1300.29],
    ]);
  });

  it('sends the ledger as exact JSON text: keys in order, amounts as stored', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/getExpenseLedger?startDate=2025-01-01&endDate=2025-01-31',
      headers: bearer(token),
    });
    const row = (id: number, day: string, amount: string, balance: string, type: string) =>
      `{"id" : ${id}, "createdAt" : "${day}T12:00:00.000Z", "date" : "${day}", ` +
      `"ammount" : ${amount}, "Creditdebit" : "Credit", "description" : "", ` +
      `"balance" : ${balance}, "expenseType" : "${type}"}`;
    expect(response.body).toBe(
      `[${row(10, '2025-01-01', '1200.00', '1299.99', 'Rent')}, ` +
        `${row(11, '2025-01-15', '0.10', '1300.09', 'Fuel')}, ` +
        `${row(12, '2025-01-16', '0.20', '1300.29', 'Fuel')}]`,
    );
    const empty = await get('/getExpenseLedger?startDate=2020-01-01&endDate=2020-01-31');
    expect(empty).toEqual({ status: 200, body: [] });
  });

  it('answers validation errors and unknown parties clearly', async () => {
    expect(await get('/getClientLedger')).toEqual({
      status: 400,
      body: { code: expect.any(String), message: 'clientId is required' },
    });
    expect(await get('/getClientLedger?clientId=99')).toEqual({
      status: 404,
      body: { code: expect.any(String), message: 'Client not found' },
    });
    expect(await get('/getEmployeeLedger?employeeId=99')).toEqual({
      status: 404,
      body: { code: expect.any(String), message: 'Employee not found' },
    });
    expect((await get('/getEmployeeLedger?employeeId=1&startDate=2025-13-01')).status).toBe(400);
  });
});

describe('default ranges', () => {
  it('uses the current month when dates are empty, for finance, reports and ledgers', async () => {
    const key = (n: number) => ({ ...bearer(token), 'idempotency-key': `default-range-${n}` });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/incoms/addIncome',
      headers: key(1),
      payload: { clientId: 2, amount: 70.5, Creditdebit: 'Credit' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/expance/addexpance',
      headers: key(2),
      payload: { expanceTypeId: 1, amount: 10, Creditdebit: 'Credit' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/expance/addsalery',
      headers: key(3),
      payload: { employeeId: 2, amount: 5, Creditdebit: 'Credit' },
    });
    expect((await get('/finance')).body).toEqual({ income: 70.5, salary: 5, expense: 10 });
    expect((await get('/finance?from=&to=')).body).toEqual({
      income: 70.5,
      salary: 5,
      expense: 10,
    });
    expect((await get('/getExpenseVsType')).body).toEqual([
      { expanceTypeId: 1, expenseType: 'Rent', totalExpense: 10 },
    ]);
    expect((await get('/getExpenseLedger')).body).toHaveLength(1);
    expect((await get('/getEmployeeLedger?employeeId=2')).body).toEqual([
      expect.objectContaining({ ammount: 5, balance: 25005.5, date: todayIn('UTC') }),
    ]);
    const month = Number(todayIn('UTC').slice(5, 7));
    const year = todayIn('UTC').slice(0, 4);
    expect((await get(`/yearly?year=${year}`)).body[month - 1]).toEqual({
      month,
      income: 70.5,
      salary: 5,
      expense: 10,
      pending: 55.5,
    });
  });
});

describe('roll-ups agree with the entries themselves', () => {
  it('for random histories and random ranges', async () => {
    const random = (() => {
      let seed = 42;
      return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    })();
    const day = (start: number, span: number) =>
      new Date(Date.UTC(2023, 0, 1) + Math.floor(start + random() * span) * 86_400_000)
        .toISOString()
        .slice(0, 10);
    const extra: DatedEntry[] = Array.from({ length: 600 }, () => {
      const kind = (['income', 'salary', 'expense'] as const)[Math.floor(random() * 3)] ?? 'income';
      const party =
        kind === 'expense' ? 1 + Math.floor(random() * 2) : 1 + Math.floor(random() * 2);
      return {
        kind,
        party,
        amount: (1 + Math.floor(random() * 100000) / 100).toFixed(2),
        cd: kind === 'income' && random() < 0.5 ? 'Debit' : 'Credit',
        day: day(0, 700),
      };
    });
    // The first half folded into the roll-ups, the second still queued: every read adds both.
    await insertEntries(ctx, extra.slice(0, 300));
    expect(await foldRollups(ctx.database.db)).toBeGreaterThanOrEqual(300);
    await insertEntries(ctx, extra.slice(300));
    const [queued] = await rows<{ entries: number }>(
      ctx,
      `SELECT sum(entries)::int AS entries FROM entry_rollup_queue`,
    );
    expect(queued?.entries).toBe(300);

    const money = (value: string | null | undefined) => Number(value ?? 0);
    const [all] = await rows<{ income: string | null }>(
      ctx,
      `SELECT sum(amount)::text AS income FROM entries WHERE kind = 'income' AND credit_debit = 'Credit'`,
    );
    const incomeDays = (await get('/getIncomeReport')).body as { totalIncome: number }[];
    expect(incomeDays).toHaveLength(
      (
        await rows(
          ctx,
          `SELECT DISTINCT entry_date FROM entries WHERE kind = 'income' AND credit_debit = 'Credit'`,
        )
      ).length,
    );
    expect(incomeDays.reduce((sum, day) => sum + Math.round(day.totalIncome * 100), 0) / 100).toBe(
      money(all?.income),
    );
    const billed = await rows<{ party_id: number; debit: string; credit: string }>(
      ctx,
      `SELECT party_id,
              coalesce(sum(amount) FILTER (WHERE credit_debit = 'Debit'), 0)::text AS debit,
              coalesce(sum(amount) FILTER (WHERE credit_debit = 'Credit'), 0)::text AS credit
       FROM entries WHERE kind = 'income' GROUP BY party_id ORDER BY party_id`,
    );
    const sales = (await get('/getClientsVsSales')).body as {
      clientId: number;
      totalDebit: number;
      totalCredit: number;
    }[];
    expect(sales.map((r) => [r.clientId, r.totalDebit, r.totalCredit]).sort()).toEqual(
      billed.map((r) => [r.party_id, money(r.debit), money(r.credit)]).sort(),
    );

    for (let i = 0; i < 25; i += 1) {
      const a = day(0, 760);
      const b = day(0, 760);
      const [from, to] = a < b ? [a, b] : [b, a];
      const expected = await rows<{ party_id: number; total: string }>(
        ctx,
        `SELECT party_id, sum(amount)::text AS total FROM entries
         WHERE kind = 'salary' AND entry_date BETWEEN '${from}' AND '${to}' GROUP BY party_id ORDER BY party_id`,
      );
      const actual = (await get(`/getEmployeesVsSalary?startDate=${from}&endDate=${to}`)).body as {
        employeeId: number;
        totalSalary: number;
      }[];
      expect(actual.map((r) => [r.employeeId, r.totalSalary]).sort()).toEqual(
        expected.map((r) => [r.party_id, Number(r.total)]).sort(),
      );

      const [owed] = await rows<{ total: string | null }>(
        ctx,
        `SELECT sum(CASE WHEN credit_debit = 'Debit' THEN amount ELSE -amount END)::text AS total
         FROM entries WHERE kind = 'income' AND client_id = 1 AND entry_date <= '${to}'`,
      );
      const ledger = (await get(`/getClientLedger?clientId=1&startDate=${from}&endDate=${to}`))
        .body as {
        balance: number;
      }[];
      if (ledger.length) expect(ledger[ledger.length - 1]?.balance).toBe(Number(owed?.total ?? 0));

      const [paid] = await rows<{
        income: string | null;
        salary: string | null;
        expense: string | null;
      }>(
        ctx,
        `SELECT sum(amount) FILTER (WHERE kind = 'income')::text AS income,
                sum(amount) FILTER (WHERE kind = 'salary')::text AS salary,
                sum(amount) FILTER (WHERE kind = 'expense')::text AS expense
         FROM entries WHERE credit_debit = 'Credit' AND entry_date BETWEEN '${from}' AND '${to}'`,
      );
      expect((await get(`/finance?from=${from}&to=${to}`)).body).toEqual({
        income: money(paid?.income),
        salary: money(paid?.salary),
        expense: money(paid?.expense),
      });
    }
  });
});

describe('with backdated entries and reversals', () => {
  it('every report is exactly the plain sum over the entries that are not reversed', async () => {
    const random = (() => {
      let seed = 7;
      return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    })();
    const day = () =>
      new Date(Date.UTC(2023, 0, 1) + Math.floor(random() * 760) * 86_400_000)
        .toISOString()
        .slice(0, 10);
    const forms = {
      income: ['/api/incoms/addIncome', 'clientId'],
      salary: ['/api/expance/addsalery', 'employeeId'],
      expense: ['/api/expance/addexpance', 'expanceTypeId'],
    } as const;
    // Recorded today through the API, dated on random earlier days, in no particular order.
    for (let i = 0; i < 90; i += 1) {
      const kind = (['income', 'salary', 'expense'] as const)[Math.floor(random() * 3)] ?? 'income';
      const [url, field] = forms[kind];
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: bearer(token),
        payload: {
          [field]: 1 + Math.floor(random() * 2),
          amount: Number((1 + Math.floor(random() * 100000) / 100).toFixed(2)),
          Creditdebit: kind === 'income' && random() < 0.5 ? 'Debit' : 'Credit',
          date: day(),
        },
      });
      expect(response.statusCode).toBe(201);
    }
    // Reverse about a quarter of every entry, old and new.
    const ids = await rows<{ id: number }>(ctx, 'SELECT id FROM entries ORDER BY id');
    let reversed = 0;
    for (const { id } of ids) {
      if (random() >= 0.25) continue;
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/journal/${id}/reverse`,
        headers: bearer(token),
        payload: { reason: 'random correction' },
      });
      expect(response.statusCode).toBe(201);
      reversed += 1;
    }
    expect(reversed).toBeGreaterThan(20);

    const live = `entries e WHERE e.reverses_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM entries r WHERE r.reverses_id = e.id)`;
    const money = (value: string | null | undefined) => Number(value ?? 0);

    for (let i = 0; i < 20; i += 1) {
      const a = day();
      const b = day();
      const [from, to] = a < b ? [a, b] : [b, a];
      const perParty = async (kind: string) =>
        (
          await rows<{ party_id: number; total: string }>(
            ctx,
            `SELECT party_id, sum(amount)::text AS total FROM ${live} AND kind = '${kind}'
             AND entry_date BETWEEN '${from}' AND '${to}' GROUP BY party_id`,
          )
        )
          .map((r) => [r.party_id, Number(r.total)])
          .sort();
      const salary = (await get(`/getEmployeesVsSalary?startDate=${from}&endDate=${to}`)).body as {
        employeeId: number;
        totalSalary: number;
      }[];
      // A party whose every entry in the range is reversed shows 0: the plain sum has no row.
      expect(
        salary
          .filter((r) => r.totalSalary !== 0)
          .map((r) => [r.employeeId, r.totalSalary])
          .sort(),
      ).toEqual(await perParty('salary'));
      const expense = (await get(`/getExpenseVsType?startDate=${from}&endDate=${to}`)).body as {
        expanceTypeId: number;
        totalExpense: number;
      }[];
      const expectedExpense = await perParty('expense');
      expect(
        expense
          .filter((r) => r.totalExpense !== 0)
          .map((r) => [r.expanceTypeId, r.totalExpense])
          .sort(),
      ).toEqual(expectedExpense);

      const [sums] = await rows<{ income: string; salary: string; expense: string }>(
        ctx,
        `SELECT sum(amount) FILTER (WHERE kind = 'income')::text AS income,
                sum(amount) FILTER (WHERE kind = 'salary')::text AS salary,
                sum(amount) FILTER (WHERE kind = 'expense')::text AS expense
         FROM ${live} AND credit_debit = 'Credit' AND entry_date BETWEEN '${from}' AND '${to}'`,
      );
      expect((await get(`/finance?from=${from}&to=${to}`)).body).toEqual({
        income: money(sums?.income),
        salary: money(sums?.salary),
        expense: money(sums?.expense),
      });

      const [owed] = await rows<{ total: string | null }>(
        ctx,
        `SELECT sum(CASE WHEN credit_debit = 'Debit' THEN amount ELSE -amount END)::text AS total
         FROM ${live} AND kind = 'income' AND client_id = 2 AND entry_date <= '${to}'`,
      );
      const ledger = (await get(`/getClientLedger?clientId=2&startDate=${from}&endDate=${to}`))
        .body as { balance: number }[];
      if (ledger.length) expect(ledger[ledger.length - 1]?.balance).toBe(money(owed?.total));
    }

    for (const year of [2023, 2024, 2025]) {
      const expected = await rows<{
        month: number;
        income: string;
        salary: string;
        expense: string;
      }>(
        ctx,
        `SELECT extract(month FROM entry_date)::int AS month,
                coalesce(sum(amount) FILTER (WHERE kind = 'income'), 0)::text AS income,
                coalesce(sum(amount) FILTER (WHERE kind = 'salary'), 0)::text AS salary,
                coalesce(sum(amount) FILTER (WHERE kind = 'expense'), 0)::text AS expense
         FROM ${live} AND credit_debit = 'Credit' AND extract(year FROM entry_date) = ${year}
         GROUP BY 1`,
      );
      const yearly = (await get(`/yearly?year=${year}`)).body as {
        month: number;
        income: number;
        salary: number;
        expense: number;
      }[];
      for (const row of expected)
        expect(yearly[row.month - 1]).toMatchObject({
          income: money(row.income),
          salary: money(row.salary),
          expense: money(row.expense),
        });
    }

    const sales = await rows<{ party_id: number; debit: string; credit: string }>(
      ctx,
      `SELECT party_id,
              coalesce(sum(amount) FILTER (WHERE credit_debit = 'Debit'), 0)::text AS debit,
              coalesce(sum(amount) FILTER (WHERE credit_debit = 'Credit'), 0)::text AS credit
       FROM ${live} AND kind = 'income' GROUP BY party_id`,
    );
    const report = (await get('/getClientsVsSales')).body as {
      clientId: number;
      totalDebit: number;
      totalCredit: number;
    }[];
    for (const row of sales)
      expect(report.find((r) => r.clientId === row.party_id)).toMatchObject({
        totalDebit: money(row.debit),
        totalCredit: money(row.credit),
      });

    const daily = await rows<{ day: string; total: string }>(
      ctx,
      `SELECT entry_date AS day, sum(amount)::text AS total FROM ${live}
       AND kind = 'income' AND credit_debit = 'Credit' GROUP BY entry_date`,
    );
    const incomeReport = new Map(
      ((await get('/getIncomeReport')).body as { date: string; totalIncome: number }[]).map(
        (r) => [r.date, r.totalIncome] as const,
      ),
    );
    for (const row of daily) expect(incomeReport.get(row.day) ?? 0).toBe(money(row.total));
  });
});

describe('concurrent writers', () => {
  it('are summed exactly by the reports, queued and after the fold', async () => {
    ctx = await db.resetKeepingApp();
    await seedParties(ctx);
    token = await login(ctx.app, ADMIN);
    const amounts = Array.from({ length: 40 }, (_, i) => 1000 + i + (i % 7) / 100);
    const answers = await Promise.all(
      amounts.map((amount, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/incoms/addIncome',
          headers: bearer(token),
          payload: {
            clientId: 1 + (i % 2),
            clientName: 'x',
            amount,
            description: '',
            Creditdebit: 'Credit',
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(amounts.map(() => 201));
    const cents = amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0);
    const today = todayIn('UTC');
    const reportsShow = async () => {
      expect((await get(`/finance?from=${today}&to=${today}`)).body).toEqual({
        income: cents / 100,
        salary: 0,
        expense: 0,
      });
      expect((await get('/getIncomeReport')).body).toEqual([
        { date: today, totalIncome: cents / 100 },
      ]);
    };
    await reportsShow();
    expect(await foldRollups(ctx.database.db)).toBe(40);
    await reportsShow();
    const [daily] = await rows<{ keys: number; entries: number; total: string }>(
      ctx,
      `SELECT count(*)::int AS keys, sum(entries)::int AS entries, sum(total)::text AS total
       FROM entry_daily`,
    );
    expect(daily).toEqual({ keys: 1, entries: 40, total: (cents / 100).toFixed(2) });
    expect(await rows(ctx, 'SELECT * FROM entry_rollup_queue')).toEqual([]);
    // A second fold finds nothing to move and changes no figure.
    expect(await foldRollups(ctx.database.db)).toBe(0);
    await reportsShow();
  });
});

describe('the roll-up queue', () => {
  const day = '2025-03-10';
  const insertEntry = (amount: string) => sql`
    INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description,
                         entry_date)
    VALUES ('income', 1, 'Client', ${amount}, 'Credit', '', ${day})`;
  const dayTotal = async () =>
    (
      await rows<{ total: string | null }>(
        ctx,
        `SELECT sum(total)::text AS total FROM entry_daily_current WHERE day = '${day}'`,
      )
    )[0]?.total ?? null;

  it('holds an entry from its commit, and a fold moves it into the roll-ups', async () => {
    ctx = await db.resetKeepingApp();
    await seedParties(ctx);
    await ctx.database.db.transaction().execute(async (tx) => {
      await insertEntry('12.34').execute(tx);
      await insertEntry('0.66').execute(tx);
      const inside = await sql<{ entries: number }>`
        SELECT sum(entries)::int AS entries FROM entry_daily_current WHERE day = ${day}`.execute(
        tx,
      );
      expect(inside.rows[0]?.entries).toBe(2);
      if (ctx.database.driver === 'postgres') {
        // Another connection sees nothing yet, and its fold neither waits nor takes the rows.
        expect(await dayTotal()).toBeNull();
        expect(await foldRollups(ctx.database.db)).toBe(0);
      }
    });
    expect(await dayTotal()).toBe('13.00');
    expect(await foldRollups(ctx.database.db)).toBe(2);
    expect(await dayTotal()).toBe('13.00');
    expect(
      await rows(ctx, `SELECT total::text, entries::int FROM entry_daily WHERE day = '${day}'`),
    ).toEqual([{ total: '13.00', entries: 2 }]);
    expect(
      await rows(
        ctx,
        `SELECT month::text, party_id, total::text, entries::int FROM entry_monthly
         WHERE kind = 'income'`,
      ),
    ).toEqual([{ month: '2025-03-01', party_id: 1, total: '13.00', entries: 2 }]);
  });

  it('gets nothing from a transaction that rolls back', async () => {
    ctx = await db.resetKeepingApp();
    await seedParties(ctx);
    await expect(
      ctx.database.db.transaction().execute(async (tx) => {
        await insertEntry('5.00').execute(tx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await dayTotal()).toBeNull();
    expect(await rows(ctx, 'SELECT * FROM entry_rollup_queue')).toEqual([]);
    await insertEntry('5.00').execute(ctx.database.db);
    expect(await dayTotal()).toBe('5.00');
  });

  it('folds an insert of many entries into one roll-up row per key', async () => {
    ctx = await db.resetKeepingApp();
    await seedParties(ctx);
    await sql`
      INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description,
                           entry_date)
      SELECT 'income', 1 + g % 2, 'Client', 0.01 * g, 'Credit', '', ${day}
      FROM generate_series(1, 500) AS g`.execute(ctx.database.db);
    expect(await dayTotal()).toBe('1252.50');
    expect(await foldRollups(ctx.database.db)).toBe(500);
    expect(
      await rows(
        ctx,
        `SELECT party_id, total::text, entries::int FROM entry_monthly ORDER BY party_id`,
      ),
    ).toEqual([
      { party_id: 1, total: '627.50', entries: 250 },
      { party_id: 2, total: '625.00', entries: 250 },
    ]);
    expect(await dayTotal()).toBe('1252.50');
  });

  it('is emptied by a rebuild, which counts every entry once', async () => {
    ctx = await db.resetKeepingApp();
    await seedParties(ctx);
    await insertEntry('1.50').execute(ctx.database.db);
    await foldRollups(ctx.database.db);
    await insertEntry('2.25').execute(ctx.database.db);
    await sql`SELECT rebuild_entry_rollups()`.execute(ctx.database.db);
    expect(await rows(ctx, 'SELECT * FROM entry_rollup_queue')).toEqual([]);
    expect(await dayTotal()).toBe('3.75');
  });

  /** A fresh database served by an app that folds every 20 ms, as a server does every second. */
  const folding = async () => {
    ctx = await db.reset();
    await ctx.app.close();
    ctx.app = await buildApp(
      { ...ctx.config, rollupFoldMs: 20 },
      { database: ctx.database, logger: false, autoPostRecurring: false },
    );
    await ctx.app.ready();
    await seedParties(ctx);
  };
  /** Waits (at most 20 s) until `done` says so. */
  const until = async (done: () => Promise<boolean>) => {
    const deadline = Date.now() + 20_000;
    while (!(await done()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('is folded by the server every ROLLUP_FOLD_MS', async () => {
    await folding();
    await insertEntry('7.00').execute(ctx.database.db);
    await until(async () => (await rows(ctx, 'SELECT * FROM entry_rollup_queue')).length === 0);
    expect(await rows(ctx, 'SELECT * FROM entry_rollup_queue')).toEqual([]);
    expect(await rows(ctx, `SELECT total::text FROM entry_daily WHERE day = '${day}'`)).toEqual([
      { total: '7.00' },
    ]);
  });
});
