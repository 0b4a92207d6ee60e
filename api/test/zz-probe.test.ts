import { setupDatabase, signInBoth, bearer } from './helpers.js';
const db = setupDatabase();
let setup: Awaited<typeof db>;
beforeAll(async () => {
  setup = await db;
});
afterAll(async () => setup.close());
it('probe', async () => {
  const { app } = await setup.reset();
  const { admin } = await signInBoth(app);
  const h = bearer(admin);
  const out: string[] = [];
  const go = async (
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const r = await app.inject({
      method: method as 'GET',
      url,
      payload: payload as object,
      headers: { ...h, ...headers },
    });
    out.push(
      `${method} ${url} ${JSON.stringify(payload) ?? ''} -> ${r.statusCode} ${r.body.slice(0, 150)}`,
    );
  };
  await go('POST', '/api/clients/addClient', { name: 'C', email: 'c@x.co', companyName: 'Co' });
  await go('POST', '/api/employees/addEmployee', { name: 'E', email: 'e@x.co', number: '12' });
  await go('POST', '/api/expance/addexpancetype', { expancetype: 'Rent' });
  await go('GET', '/%61pi/users/getUser', undefined, { authorization: '' });
  await go('POST', '/api/users/login', { email: 'a\u0000@x.co', password: 'xxxxxxxxx' });
  await go('POST', '/api/clients/addClient', {
    name: 'C\u0000',
    email: 'c2@x.co',
    companyName: 'Co',
  });
  await go('DELETE', '/api/clients/deleteClient/Infinity');
  await go('DELETE', '/api/clients/deleteClient/0x6');
  await go('PUT', '/api/expance/D_A_xpancetype/Infinity/Active');
  await go('GET', '/api/dashboard/getClientLedger?clientId=Infinity');
  await go('GET', '/api/dashboard/getClientLedger?clientId=1&startDate=0000-01-01');
  await go('GET', '/api/dashboard/getClientLedger?clientId=1&startDate=0001-01-01');
  await go('GET', '/api/dashboard/finance?from=0001-01-01&to=0001-01-31');
  await go('GET', '/api/dashboard/finance?from=0000-01-01');
  await go('GET', '/api/dashboard/getExpenseVsType?startDate=0001-01-15&endDate=0001-03-15');
  await go('GET', '/api/dashboard/getEmployeesVsSalary?startDate=9999-12-01&endDate=9999-12-31');
  await go('GET', '/api/dashboard/getExpenseVsType?startDate=9999-11-15&endDate=9999-12-31');
  await go('GET', '/api/dashboard/yearly?year=Infinity');
  await go('GET', '/api/dashboard/yearly?year=0x7e8');
  await go('POST', '/api/incoms/addIncome', { clientId: 1, amount: true, Creditdebit: 'Credit' });
  await go('POST', '/api/incoms/addIncome', { clientId: 1, amount: '0x10', Creditdebit: 'Credit' });
  await go('POST', '/api/incoms/addIncome', { clientId: [1], amount: 5, Creditdebit: 'Credit' });
  await go('POST', '/api/incoms/addIncome', {
    clientId: 1,
    amount: 5,
    Creditdebit: 'Credit',
    description: 'x'.repeat(600),
  });
  await go('POST', '/api/clients/addClient', { name: 12, email: 'c3@x.co', companyName: 'Co' });
  await go('POST', '/api/clients/addClient', 'not json', { 'content-type': 'application/json' });
  await go('POST', '/api/clients/addClient', '{"a":', { 'content-type': 'application/json' });
  await go('POST', '/api/clients/addClient', 'name=x', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  await go('POST', '/api/clients/addClient', 'name=x', { 'content-type': 'text/plain' });
  await go(
    'POST',
    '/api/clients/addClient',
    '{"name":"x\\ud800","email":"c9@x.co","companyName":"Co"}',
    { 'content-type': 'application/json' },
  );
  await go(
    'POST',
    '/api/clients/addClient',
    '{"name":"x","email":"c9@x.co","companyName":"Co","__proto__":{"a":1}}',
    { 'content-type': 'application/json' },
  );
  await go(
    'POST',
    '/api/incoms/addIncome',
    '{"clientId":1,"amount":1e400,"Creditdebit":"Credit"}',
    { 'content-type': 'application/json' },
  );
  await go(
    'POST',
    '/api/incoms/addIncome',
    '{"clientId":1e400,"amount":1,"Creditdebit":"Credit"}',
    { 'content-type': 'application/json' },
  );
  await go('GET', '/api/dashboard/getClientLedger?clientId=1&clientId=2');
  await go('GET', '/api/dashboard/getClientLedger?clientId=%00');
  await go('GET', '/api/dashboard/getClientLedger?clientId=1&startDate=%ZZ');
  await go('GET', '/api/users/getUser', undefined, { authorization: 'Bearer a\u0000b' });
  await go('GET', '/api/users/getUser', undefined, { 'idempotency-key': 'x'.repeat(10) });
  await go(
    'POST',
    '/api/incoms/addIncome',
    { clientId: 1, amount: 5, Creditdebit: 'Credit' },
    { 'idempotency-key': 'abc\u0000defgh' },
  );
  console.log(out.join('\n'));
});
