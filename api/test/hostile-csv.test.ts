// The hostile suite's CSV part (run with `npm run test:hostile`): text typed by people, signed in
// or not, full of separators, quotes, line breaks and formula characters, goes through the API
// into every record the journal and activity CSVs show; no piece of either file may then be a
// formula when split on a comma, semicolon or TAB (docs/decisions/010-csv-cells.md). The seed
// is printed; HOSTILE_SEED=<seed> replays the same text.
import { seededRandom } from '../src/lib/random.js';
import { ADMIN, bearer, login, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import { formulaPieces, NO_FORMULAS } from './csv-split.js';

const SEED = Number(
  process.env.HOSTILE_SEED || (process.env.CI ? 1 : Math.floor(Math.random() * 2 ** 31)),
);
const random = seededRandom(SEED);

const PARTS = [
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  '\r\n',
  ',',
  ';',
  ' ',
  '"',
  "'",
  '=1+1',
  '@SUM(1)',
  '-2+3',
  '+cmd|x',
  'a',
  'Zoë',
  '1',
  '.5',
  '=HYPERLINK("http://x")',
];

/** Printable at both ends, so that names are accepted; hostile inside. */
const hostileText = () =>
  `${random.pick(['a', 'X', 'Ö', '1'])}${Array.from({ length: random.int(1, 8) }, () => random.pick(PARTS)).join('')}${random.pick(['', '=1+1', ';', 'z'])}`.slice(
    0,
    90,
  );

/** Names refuse control characters (TAB and line breaks among them): a name gets `;` there. */
const hostileName = () => hostileText().replace(/[\t\r\n]/g, ';');

const db = await setupDatabase();
let ctx: TestContext;
afterAll(() => db.close());

const accepted: Record<string, number> = {};
const send = async (method: 'POST' | 'PUT', url: string, token: string, payload: object) => {
  const response = await ctx.app.inject({ method, url, headers: bearer(token), payload });
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode < 300) accepted[url] = (accepted[url] ?? 0) + 1;
  return response;
};

beforeAll(async () => {
  ctx = await db.reset();
  const { admin, staff } = await signInBoth(ctx.app);
  process.stdout.write(`hostile CSV: seed ${SEED} (HOSTILE_SEED=${SEED} replays it)\n`);
  for (let i = 0; i < 25; i += 1) {
    const client = await send('POST', '/api/clients/addClient', admin, {
      name: hostileName(),
      email: `client${i}@test.local`,
      companyName: hostileName(),
    });
    const employee = await send('POST', '/api/employees/addEmployee', admin, {
      name: hostileName(),
      email: `employee${i}@test.local`,
      number: `0300${String(i).padStart(3, '0')}`,
    });
    const type = await send('POST', '/api/expance/addexpancetype', admin, {
      expancetype: `${hostileName()} ${i}`,
    });
    await send('PUT', '/api/users/updateuser/2', admin, { name: hostileName(), role: 'staff' });
    const entry = { amount: random.int(1, 999), description: hostileText() };
    if (client.statusCode === 201) {
      await send('POST', '/api/incoms/addIncome', staff, {
        clientId: client.json().user?.id ?? i + 1,
        Creditdebit: 'Debit',
        ...entry,
      });
    }
    if (employee.statusCode === 201) {
      await send('POST', '/api/expance/addsalery', staff, {
        employeeId: employee.json().user?.id ?? i + 1,
        Creditdebit: 'Credit',
        ...entry,
      });
    }
    if (type.statusCode === 201) {
      await send('POST', '/api/expance/addexpance', staff, {
        expanceTypeId: type.json().user?.id ?? i + 1,
        Creditdebit: 'Credit',
        ...entry,
      });
    }
    // A stranger: the e-mail field and the browser are whatever they send.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'user-agent': hostileText().replace(/[\r\n]/g, ' ') },
      payload: { email: hostileText(), password: hostileText() },
    });
  }
});

describe('hostile suite: CSV', () => {
  it('stored hostile text in every kind of record the CSVs show', () => {
    expect(accepted['/api/clients/addClient']).toBeGreaterThan(10);
    expect(accepted['/api/incoms/addIncome']).toBeGreaterThan(10);
    expect(accepted['/api/expance/addsalery']).toBeGreaterThan(10);
    expect(accepted['/api/expance/addexpance']).toBeGreaterThan(10);
    expect(accepted['/api/users/updateuser/2']).toBeGreaterThan(10);
  });

  it.each(['journal', 'activity'])(
    'leaves no formula in the %s CSV under a comma, semicolon or TAB split',
    async (name) => {
      const admin = await login(ctx.app, ADMIN);
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/${name}/csv`,
        headers: bearer(admin),
      });
      expect(response.statusCode).toBe(200);
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      expect(formulaPieces(response.body)).toEqual(NO_FORMULAS);
    },
  );
});
