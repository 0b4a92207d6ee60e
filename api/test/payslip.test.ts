// Payslips (issue 23, item 4): an employee's salary entries of one month as a PDF, read back
// with pdftotext -layout: the employee, the month, each entry (payroll runs, the Salary form,
// a reversal beside what it reverses), the total to the cent; bad input refused; viewers read it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiMessages } from 'contract';
import {
  bearer,
  login,
  setupDatabase,
  signInBoth,
  type TestContext,
  requestAs,
} from './helpers.js';

const run = promisify(execFile);
const db = await setupDatabase();
let ctx: TestContext;
let admin = '';
let staff = '';
let viewer = '';
let ali = 0;
let bina = 0;
afterAll(() => db.close());

/** A month long past, so that the books take it whatever today is. */
const MONTH = '2025-02';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = staff) =>
  requestAs(ctx.app, who, method, url, payload);

const addEmployee = async (name: string, monthlySalary?: number) => {
  const added = await call('POST', '/api/employees/addEmployee', {
    name,
    email: `${name.toLowerCase()}@test.local`,
    number: name === 'Ali' ? '0300' : '0301',
    ...(monthlySalary === undefined ? {} : { monthlySalary }),
  });
  expect(added.status).toBe(201);
  return added.body.user.id as number;
};

const addSalary = async (employeeId: number, amount: number, date: string, description: string) =>
  expect(
    (
      await call('POST', '/api/expance/addsalery', {
        employeeId,
        amount,
        description,
        Creditdebit: 'Credit',
        date,
      })
    ).status,
  ).toBe(201);

const payroll = async (lines: Array<{ employeeId: number; amount: number }>) => {
  const posted = await call('POST', '/api/payroll', { month: MONTH, lines });
  expect(posted.status).toBe(201);
  return posted.body.batchId as number;
};

const slipUrl = (employeeId: number, month = MONTH) =>
  `/api/payroll/payslip?employeeId=${employeeId}&month=${month}`;

/** The payslip's text as pdftotext -layout lays it out. */
async function payslipText(url: string, who = staff): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(who) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const dir = mkdtempSync(path.join(tmpdir(), 'payslip-'));
  try {
    writeFileSync(path.join(dir, 'slip.pdf'), response.rawPayload);
    await run('pdftotext', ['-layout', path.join(dir, 'slip.pdf'), path.join(dir, 'slip.txt')]);
    return readFileSync(path.join(dir, 'slip.txt'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  ctx = await db.reset({ autoPostRecurring: false });
  ({ admin, staff } = await signInBoth(ctx.app));
  const made = await call(
    'POST',
    '/api/users/register',
    { name: 'Auditor', email: 'auditor@test.local', password: 'auditor-pass-1', role: 'viewer' },
    admin,
  );
  expect(made.status).toBe(201);
  viewer = await login(ctx.app, { email: 'auditor@test.local', password: 'auditor-pass-1' });
  expect((await call('PUT', '/api/settings/company', { name: 'Noor & Sons' }, admin)).status).toBe(
    200,
  );

  ali = await addEmployee('Ali', 1500.5);
  bina = await addEmployee('Bina');
  await addSalary(ali, 250.1, '2025-02-14', 'Eid bonus');
  await addSalary(ali, 999.99, '2025-03-01', 'March advance');
  // The first run pays Ali too little: it is undone and the month paid again.
  const first = await payroll([
    { employeeId: ali, amount: 1500.5 },
    { employeeId: bina, amount: 700.25 },
  ]);
  expect(
    (await call('POST', `/api/batches/${first}/reverse`, { reason: 'Wrong amount' })).status,
  ).toBe(200);
  await payroll([{ employeeId: ali, amount: 1600 }]);
});

describe('a payslip', () => {
  it("names the employee and the month, lists the month's salary entries and nets the reversals", async () => {
    const text = await payslipText(slipUrl(ali));
    expect(text).toContain('Noor & Sons');
    expect(text).toContain('Payslip');
    expect(text).toContain('Employee: Ali');
    expect(text).toContain('Number: 0300');
    expect(text).toContain('E-mail: ali@test.local');
    expect(text).toContain('Month: February 2025 (2025-02-01 to 2025-02-28)');
    expect(text).toContain('Monthly salary on file: 1,500.50');
    expect(text).toMatch(/Date\s+Entry\s+Description\s+Source\s+Amount/);
    expect(text).toMatch(/2025-02-14\s+#\d+\s+Eid bonus\s+Salary form\s+250\.10/);
    expect(text).toMatch(
      /2025-02-28\s+#\d+\s+Salary for February 2025\s+Payroll run, reversed by #\d+\s+1,500\.50/,
    );
    expect(text).toMatch(/2025-02-28\s+#\d+\s+Wrong amount\s+Reversal of #\d+\s+-1,500\.50/);
    expect(text).toMatch(/2025-02-28\s+#\d+\s+Salary for February 2025\s+Payroll run\s+1,600\.00/);
    // 250.10 + 1,500.50 - 1,500.50 + 1,600.00
    expect(text).toMatch(/Total paid\s+1,850\.10/);
    // Not March's entry, not another employee's.
    expect(text).not.toContain('999.99');
    expect(text).not.toContain('700.25');
    expect(text).toMatch(/Generated by Staff Member <staff@test\.local> on \d{4}-\d\d-\d\d/);
    expect(text).toContain('Page 1 of 1');
    // The payroll sheet's "Already paid" says the same.
    const sheet = await call('GET', `/api/payroll?month=${MONTH}`);
    expect(
      sheet.body.rows.find((row: { employeeId: number }) => row.employeeId === ali),
    ).toMatchObject({ paid: 1850.1 });
  });

  it('says when there is no monthly salary on file and nothing left paid', async () => {
    const text = await payslipText(slipUrl(bina));
    expect(text).toContain('Employee: Bina');
    expect(text).toContain('Monthly salary on file: none');
    expect(text).toMatch(/Payroll run, reversed by #\d+\s+700\.25/);
    expect(text).toMatch(/Reversal of #\d+\s+-700\.25/);
    expect(text).toMatch(/Total paid\s+0\.00/);
  });

  it('of a month without salary says so', async () => {
    const text = await payslipText(slipUrl(ali, '2025-01'));
    expect(text).toContain('Month: January 2025 (2025-01-01 to 2025-01-31)');
    expect(text).toContain('No salary paid in this month');
    expect(text).toMatch(/Total paid\s+0\.00/);
  });

  it('is a file named for the month and the employee', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: slipUrl(ali),
      headers: bearer(staff),
    });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="payslip-${MONTH}-${ali}.pdf"`,
    );
  });

  it('is read by a viewer and refused to the signed-out', async () => {
    const text = await payslipText(slipUrl(ali), viewer);
    expect(text).toContain('Generated by Auditor <auditor@test.local>');
    expect(text).toMatch(/Total paid\s+1,850\.10/);
    const anonymous = await ctx.app.inject({ method: 'GET', url: slipUrl(ali) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for an unknown employee and 400 for a bad month or query', async () => {
    const missing = await call('GET', slipUrl(999_999));
    expect(missing).toMatchObject({ status: 404, body: { message: apiMessages.employeeNotFound } });
    for (const url of [
      slipUrl(ali, '2025-13'),
      slipUrl(ali, '2025-2'),
      slipUrl(ali, '2025-02-01'),
      slipUrl(ali, ''),
      `/api/payroll/payslip?employeeId=${ali}`,
      `/api/payroll/payslip?month=${MONTH}`,
      `/api/payroll/payslip?employeeId=abc&month=${MONTH}`,
      `${slipUrl(ali)}&colour=red`,
    ]) {
      const refused = await call('GET', url);
      expect({ url, status: refused.status }).toEqual({ url, status: 400 });
      expect(typeof refused.body.message).toBe('string');
      expect(JSON.stringify(refused.body)).not.toMatch(/stack|SELECT|at .*\.ts/);
    }
  });
});
