// Payroll runs (issue 23): an employee's monthly salary, the month's sheet, posting a run as one
// batch dated the month's last day, each employee paid once per month (also under 20 posts at
// once), closed periods, and undoing the run's batch, which frees the month.
import { apiMessages } from 'contract';
import { rows, setupDatabase, signInBoth, type TestContext, requestAs } from './helpers.js';
import { addDays, monthOf, monthStart, todayIn } from '../src/lib/dates.js';
import { payrollDate } from '../src/repositories/payroll.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
afterAll(() => db.close());

const today = todayIn('UTC');
/** Last month, YYYY-MM, and its last day. */
const lastMonth = addDays(monthStart(today), -1).slice(0, 7);
const lastMonthEnd = addDays(monthStart(today), -1);

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = staff) =>
  requestAs(ctx.app, who, method, url, payload);

const addEmployee = async (name: string, monthlySalary?: number | string) =>
  (
    await call('POST', '/api/employees/addEmployee', {
      name,
      email: `${name.toLowerCase()}@test.local`,
      number: '0300',
      ...(monthlySalary === undefined ? {} : { monthlySalary }),
    })
  ).body.user.id as number;

const salaryEntries = () =>
  rows<{ employee_id: number; amount: string; entry_date: string; description: string }>(
    ctx,
    `SELECT employee_id, amount::text AS amount, entry_date::text AS entry_date, description
     FROM entries WHERE kind = 'salary' ORDER BY id`,
  );

beforeEach(async () => {
  ctx = await db.resetKeepingApp({ autoPostRecurring: false });
  ({ admin, staff } = await signInBoth(ctx.app));
});

describe("an employee's monthly salary", () => {
  it('is kept beside the spec fields, shown only when set, and cleared with null', async () => {
    const ali = await addEmployee('Ali', 1500.5);
    const bina = await addEmployee('Bina');
    const list = await call('GET', '/api/employees/getEmployees');
    expect(list.body.users).toEqual([
      { id: ali, name: 'Ali', email: 'ali@test.local', number: '0300', monthlySalary: 1500.5 },
      { id: bina, name: 'Bina', email: 'bina@test.local', number: '0300' },
    ]);
    const cleared = await call('PUT', `/api/employees/updateEmployee/${ali}`, {
      name: 'Ali',
      email: 'ali@test.local',
      number: '0300',
      monthlySalary: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.user).toEqual({
      id: ali,
      name: 'Ali',
      email: 'ali@test.local',
      number: '0300',
    });
  });

  it('is refused with 400 when it is not a money amount, and nothing is stored', async () => {
    for (const monthlySalary of [0, -5, 10.005, '1e3', 'abc']) {
      const answer = await call('POST', '/api/employees/addEmployee', {
        name: 'Ali',
        email: 'ali@test.local',
        number: '1',
        monthlySalary,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect(await rows(ctx, 'SELECT id FROM employees')).toEqual([]);
  });
});

describe('the payroll date', () => {
  it("is the month's last day, or today while the month runs", () => {
    expect(payrollDate('2026-02', '2026-11-24')).toBe('2026-02-28');
    expect(payrollDate('2024-02', '2026-11-24')).toBe('2024-02-29');
    expect(payrollDate('2026-11', '2026-11-24')).toBe('2026-11-24');
    expect(payrollDate('2026-11', '2026-11-30')).toBe('2026-11-30');
    expect(payrollDate('2026-12', '2026-11-24')).toBe('2026-12-31');
  });
});

describe('a payroll run', () => {
  it('lists every employee with their salary and what they were paid in the month', async () => {
    const ali = await addEmployee('Ali', 1000);
    const bina = await addEmployee('Bina');
    const advance = await call('POST', '/api/expance/addsalery', {
      employeeId: bina,
      amount: 250,
      Creditdebit: 'Credit',
      description: 'Advance',
      date: lastMonthEnd,
    });
    const sheet = await call('GET', `/api/payroll?month=${lastMonth}`);
    expect(sheet.status).toBe(200);
    expect(sheet.body).toEqual({
      month: lastMonth,
      date: lastMonthEnd,
      closed: false,
      rows: [
        {
          employeeId: ali,
          name: 'Ali',
          number: '0300',
          monthlySalary: 1000,
          paid: 0,
          paidByPayroll: false,
          lastMonthPaid: null,
        },
        {
          employeeId: bina,
          name: 'Bina',
          number: '0300',
          monthlySalary: null,
          paid: 250,
          paidByPayroll: false,
          lastMonthPaid: null,
        },
      ],
    });
    // The month after offers what each was paid in this one.
    const next = monthOf(addDays(lastMonthEnd, 1)).from.slice(0, 7);
    const after = await call('GET', `/api/payroll?month=${next}`);
    expect(
      after.body.rows.map((row: { name: string; lastMonthPaid: number | null }) => [
        row.name,
        row.lastMonthPaid,
      ]),
    ).toEqual([
      ['Ali', null],
      ['Bina', 250],
    ]);
    // A month whose salary was reversed offers nothing.
    await call('POST', `/api/journal/${advance.body.entry.id}/reverse`, { reason: 'Typo' });
    const reversed = await call('GET', `/api/payroll?month=${next}`);
    expect(reversed.body.rows[1]).toMatchObject({ name: 'Bina', lastMonthPaid: null });
    // This month by default, dated today while it runs.
    const now = await call('GET', '/api/payroll');
    expect(now.body).toMatchObject({
      month: today.slice(0, 7),
      date: payrollDate(today.slice(0, 7), today),
    });
  });

  it('posts one salary entry per line as one batch, dated the month end, and says so', async () => {
    const ali = await addEmployee('Ali', 1000);
    const bina = await addEmployee('Bina', 2500.5);
    const posted = await call('POST', '/api/payroll', {
      month: lastMonth,
      lines: [
        { employeeId: bina, amount: '2500.50' },
        { employeeId: ali, amount: 1200 },
      ],
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      message: 'Payroll posted: 2 salaries, RS: 3,700.50',
      posted: 2,
      total: 3700.5,
      alreadyPaid: [],
    });
    const name = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${lastMonth}-01T00:00:00Z`));
    expect(await salaryEntries()).toEqual([
      {
        employee_id: ali,
        amount: '1200.00',
        entry_date: lastMonthEnd,
        description: `Salary for ${name}`,
      },
      {
        employee_id: bina,
        amount: '2500.50',
        entry_date: lastMonthEnd,
        description: `Salary for ${name}`,
      },
    ]);
    // One batch, one line in the activity, and the sheet shows them as paid.
    const batches = await call('GET', '/api/batches?kind=payroll');
    expect(batches.body.batches).toEqual([
      expect.objectContaining({
        id: posted.body.batchId,
        entries: 2,
        credit: 3700.5,
        label: `Payroll ${name}`,
      }),
    ]);
    const activity = await call('GET', '/api/activity?kind=batch', undefined, admin);
    expect(activity.body.users).toHaveLength(1);
    const sheet = await call('GET', `/api/payroll?month=${lastMonth}`);
    expect(
      sheet.body.rows.map((row: { paid: number; paidByPayroll: boolean }) => [
        row.paid,
        row.paidByPayroll,
      ]),
    ).toEqual([
      [1200, true],
      [2500.5, true],
    ]);
  });

  it('pays nobody twice for a month: a second run posts only those not yet paid', async () => {
    const ali = await addEmployee('Ali', 1000);
    const bina = await addEmployee('Bina', 2000);
    await call('POST', '/api/payroll', {
      month: lastMonth,
      lines: [{ employeeId: ali, amount: 1000 }],
    });
    const again = await call('POST', '/api/payroll', {
      month: lastMonth,
      lines: [
        { employeeId: ali, amount: 1000 },
        { employeeId: bina, amount: 2000 },
      ],
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ posted: 1, total: 2000, alreadyPaid: [ali] });
    const third = await call('POST', '/api/payroll', {
      month: lastMonth,
      lines: [{ employeeId: bina, amount: 2000 }],
    });
    expect(third.status).toBe(200);
    expect(third.body).toEqual({
      message: 'Payroll posted: 0 salaries, RS: 0.00',
      posted: 0,
      total: 0,
      batchId: null,
      alreadyPaid: [bina],
    });
    expect((await salaryEntries()).map((e) => e.employee_id)).toEqual([ali, bina]);
    // No empty batch is left behind by the run that posted nothing.
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM entry_batches')).toEqual([{ n: 2 }]);
  });

  it('posts each employee once under 20 runs at once', async () => {
    const ids = [
      await addEmployee('Ali', 1000),
      await addEmployee('Bina', 2000),
      await addEmployee('Cem', 3000),
    ];
    const lines = ids.map((employeeId, i) => ({ employeeId, amount: 1000 * (i + 1) }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/payroll', { month: lastMonth, lines })),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(answers.reduce((sum, a) => sum + a.body.posted, 0)).toBe(3);
    expect((await salaryEntries()).map((e) => e.employee_id).sort()).toEqual(ids);
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM payroll_payments')).toEqual([{ n: 3 }]);
  });

  it('is refused in a closed period and for a month not yet begun, storing nothing', async () => {
    const ali = await addEmployee('Ali', 1000);
    await call('PUT', '/api/journal/closed', { closedThrough: lastMonthEnd }, admin);
    const sheet = await call('GET', `/api/payroll?month=${lastMonth}`);
    expect(sheet.body.closed).toBe(true);
    const closed = await call('POST', '/api/payroll', {
      month: lastMonth,
      lines: [{ employeeId: ali, amount: 10 }],
    });
    expect(closed).toEqual({
      status: 409,
      body: { code: 'period_closed', message: `${apiMessages.periodClosed} ${lastMonthEnd}` },
    });
    const next = monthOf(addDays(monthOf(today).to, 1)).from.slice(0, 7);
    const future = await call('POST', '/api/payroll', {
      month: next,
      lines: [{ employeeId: ali, amount: 10 }],
    });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(apiMessages.dateInFuture);
    expect(await salaryEntries()).toEqual([]);
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM entry_batches')).toEqual([{ n: 0 }]);
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM payroll_payments')).toEqual([{ n: 0 }]);
  });

  it('refuses an unknown employee, one listed twice and unknown fields with a clear 4xx', async () => {
    const ali = await addEmployee('Ali', 1000);
    const missing = await call('POST', '/api/payroll', {
      month: lastMonth,
      lines: [{ employeeId: 999, amount: 5 }],
    });
    expect(missing).toMatchObject({
      status: 404,
      body: { message: apiMessages.payrollEmployeeMissing },
    });
    const twice = await call('POST', '/api/payroll', {
      month: lastMonth,
      lines: [
        { employeeId: ali, amount: 5 },
        { employeeId: ali, amount: 6 },
      ],
    });
    expect(twice).toMatchObject({
      status: 400,
      body: { message: apiMessages.payrollEmployeeTwice },
    });
    const extra = await call('POST', '/api/payroll', {
      month: lastMonth,
      lines: [],
      colour: 'red',
    });
    expect(extra.status).toBe(400);
    const badMonth = await call('POST', '/api/payroll', {
      month: '2026-13',
      lines: [{ employeeId: ali, amount: 5 }],
    });
    expect(badMonth.status).toBe(400);
    expect(await salaryEntries()).toEqual([]);
  });

  it('is undone as a batch, which frees the month to be paid again', async () => {
    const ali = await addEmployee('Ali', 1000);
    const first = await call('POST', '/api/payroll', {
      month: lastMonth,
      lines: [{ employeeId: ali, amount: 1000 }],
    });
    const undone = await call('POST', `/api/batches/${first.body.batchId}/reverse`, {
      reason: 'Wrong amount',
    });
    expect(undone.status).toBe(200);
    const sheet = await call('GET', `/api/payroll?month=${lastMonth}`);
    expect(sheet.body.rows[0]).toMatchObject({ paid: 0, paidByPayroll: false });
    const again = await call('POST', '/api/payroll', {
      month: lastMonth,
      lines: [{ employeeId: ali, amount: 1100 }],
    });
    expect(again.body).toMatchObject({ posted: 1, total: 1100 });
    expect((await salaryEntries()).map((e) => e.amount)).toEqual([
      '1000.00',
      '-1000.00',
      '1100.00',
    ]);
  });
});
