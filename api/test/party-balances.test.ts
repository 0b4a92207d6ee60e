// GET /api/ledgers/balances: each client's or employee's balance as their ledger ends, beside
// them on Manage Clients and Manage Employees.
import { bearer, login, ADMIN, setupDatabase, type TestContext } from './helpers.js';
import { insertEntries, seedParties, type DatedEntry } from './fixtures.js';
import { foldRollups } from '../src/db/rollup-folder.js';

const db = await setupDatabase();
let ctx: TestContext;
let token: string;

const history: DatedEntry[] = [
  { kind: 'income', party: 1, amount: '1000.10', cd: 'Debit', day: '2025-01-31' },
  { kind: 'income', party: 1, amount: '400.20', cd: 'Credit', day: '2025-02-01' },
  { kind: 'income', party: 1, amount: '0.10', cd: 'Debit', day: '2025-02-28' },
  { kind: 'income', party: 1, amount: '0.20', cd: 'Credit', day: '2025-03-01' },
  { kind: 'income', party: 2, amount: '500.00', cd: 'Debit', day: '2024-12-31' },
  { kind: 'income', party: 2, amount: '500.01', cd: 'Credit', day: '2025-01-01' },
  { kind: 'salary', party: 1, amount: '30000.00', day: '2025-01-31' },
  { kind: 'salary', party: 1, amount: '30000.00', day: '2025-02-28' },
  { kind: 'salary', party: 2, amount: '25000.50', day: '2025-02-15' },
  { kind: 'expense', party: 1, amount: '1200.00', day: '2025-01-01' },
];

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  await insertEntries(ctx, history);
  token = await login(ctx.app, ADMIN);
});
afterAll(() => db.close());

const balances = async (query: string, headers: Record<string, string> = bearer(token)) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/ledgers/balances?${query}`,
    headers,
  });
  return { status: response.statusCode, body: response.json() };
};

describe('GET /api/ledgers/balances', () => {
  it("gives each client's balance, billed less received, to the cent", async () => {
    expect(await balances('ledger=client')).toEqual({
      status: 200,
      body: {
        balances: [
          { id: 1, balance: 599.8 },
          // Paid a cent more than billed: in credit.
          { id: 2, balance: -0.01 },
        ],
      },
    });
  });

  it('gives each employee everything paid, as the employee ledger ends', async () => {
    expect(await balances('ledger=employee')).toEqual({
      status: 200,
      body: {
        balances: [
          { id: 1, balance: 60000 },
          { id: 2, balance: 25000.5 },
        ],
      },
    });
  });

  it("equals the balance each party's own ledger ends on, the figure its ledger screen shows", async () => {
    for (const [ledger, party] of [
      ['client', 'clientId'],
      ['employee', 'employeeId'],
    ] as const) {
      const { body } = await balances(`ledger=${ledger}`);
      expect(body.balances).toHaveLength(2);
      for (const { id, balance } of body.balances as Array<{ id: number; balance: number }>) {
        const name = ledger === 'client' ? 'getClientLedger' : 'getEmployeeLedger';
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/dashboard/${name}?${party}=${id}&startDate=2024-01-01&endDate=2025-12-31`,
          headers: bearer(token),
        });
        const rows = response.json() as Array<{ balance: number }>;
        expect({ ledger, id, balance: rows.at(-1)?.balance }).toEqual({ ledger, id, balance });
      }
    }
  });

  it('answers the same once the roll-ups are folded', async () => {
    await foldRollups(ctx.database.db);
    expect((await balances('ledger=client')).body.balances).toEqual([
      { id: 1, balance: 599.8 },
      { id: 2, balance: -0.01 },
    ]);
  });

  it('refuses another ledger and an unsigned caller', async () => {
    expect((await balances('ledger=expense')).status).toBe(400);
    expect((await balances('')).status).toBe(400);
    expect((await balances('ledger=client', {})).status).toBe(401);
  });
});
