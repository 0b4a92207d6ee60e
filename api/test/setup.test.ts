// GET /api/setup (issue 42): the dashboard's Get started list, each item ticked as the office
// fills it in through the screens' own calls.
import { requestAs, setupDatabase, signInBoth, signInViewer, type TestContext } from './helpers.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;

beforeAll(async () => {
  ctx = await db.reset();
  ({ admin, staff } = await signInBoth(ctx.app));
  viewer = await signInViewer(ctx.app, admin);
});
afterAll(() => db.close());

const setup = async (token = staff) => {
  const { status, body } = await requestAs(ctx.app, token, 'GET', '/api/setup');
  expect(status).toBe(200);
  return body;
};

describe('GET /api/setup', () => {
  it('answers nothing done on a fresh database, whose one Cash account does not count', async () => {
    expect(await setup()).toEqual({
      company: false,
      expenseTypes: false,
      clients: false,
      employees: false,
      accounts: false,
      firstEntry: false,
    });
  });

  it('ticks each item as it is filled in, read alike by every signed-in role', async () => {
    const done = async (token: string, method: 'POST' | 'PUT', url: string, payload: object) => {
      const { status, body } = await requestAs(ctx.app, token, method, url, payload);
      expect({ url, status: status < 300 }).toEqual({ url, status: true });
      return body;
    };
    await done(admin, 'PUT', '/api/settings/company', { name: 'Northwind' });
    expect((await setup()).company).toBe(true);
    const type = await done(staff, 'POST', '/api/expance/addexpancetype', { expancetype: 'Rent' });
    await done(staff, 'POST', '/api/clients/addClient', {
      name: 'Acme',
      email: 'acme@example.com',
      companyName: 'Acme Ltd',
    });
    await done(staff, 'POST', '/api/employees/addEmployee', {
      name: 'Ali',
      email: 'ali@example.com',
      number: '1',
    });
    expect(await setup()).toEqual({
      company: true,
      expenseTypes: true,
      clients: true,
      employees: true,
      accounts: false,
      firstEntry: false,
    });
    await done(admin, 'POST', '/api/accounts', {
      name: 'HBL',
      kind: 'Bank',
      openingDate: '2026-01-01',
      openingBalance: 0,
    });
    await done(staff, 'POST', '/api/expance/addexpance', {
      expanceTypeId: type.user.id,
      amount: 10,
      description: '',
      Creditdebit: 'Credit',
      date: '2026-01-05',
    });
    const all = {
      company: true,
      expenseTypes: true,
      clients: true,
      employees: true,
      accounts: true,
      firstEntry: true,
    };
    expect(await setup()).toEqual(all);
    expect(await setup(viewer)).toEqual(all);
    expect(await setup(admin)).toEqual(all);
  });

  it('counts the Cash account as set up once its opening balance is entered', async () => {
    ctx = await db.reset();
    ({ admin, staff } = await signInBoth(ctx.app));
    expect((await setup()).accounts).toBe(false);
    const { status } = await requestAs(ctx.app, admin, 'PUT', '/api/accounts/1', {
      name: 'Cash',
      kind: 'Cash',
      openingBalance: 2500,
      openingDate: '2026-01-01',
    });
    expect(status).toBe(200);
    expect((await setup()).accounts).toBe(true);
  });

  it('is refused without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/setup' });
    expect(response.statusCode).toBe(401);
  });
});
