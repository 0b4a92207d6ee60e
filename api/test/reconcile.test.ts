// Reconciling an account with its statement (issue 33): suggestions (ties, many-to-one), accept
// and accept all, concurrent matching, exclusions, entries made from lines (rules, closed
// period), rules, "reconciled through" and the lock on its matches.
import { accountMessages as am } from 'contract';
import { bearer, rows, setupDatabase, type TestContext } from './helpers.js';
import { bankOffice, importStatement, reconcileWorklist, type Call } from './fixtures.js';
import ExcelJS from 'exceljs';
import { hasTool, pdfToText } from './office-tools.js';

const pdftotext = await hasTool('pdftotext', ['-v']);

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
let bank: number;
let call: Call;

beforeEach(async () => {
  ({ ctx, admin, staff, viewer, bank, call } = await bankOffice(
    db,
    { openingBalance: '1000.00' },
    { parties: true },
  ));
});
afterAll(() => db.close());

const refusal = (status: number, message: string | RegExp) => ({
  status,
  body: expect.objectContaining({
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  }),
});

const importCsv = (text: string) => importStatement(ctx, staff, bank, text);

async function income(
  clientId: number,
  amount: number,
  date: string,
  description = '',
  accountId = bank,
): Promise<number> {
  const { status, body } = await call(staff, 'POST', '/api/incoms/addIncome', {
    clientId,
    amount,
    Creditdebit: 'Credit',
    date,
    description,
    accountId,
  });
  expect(status).toBe(201);
  return body.entry.id;
}
async function expense(
  typeId: number,
  amount: number,
  date: string,
  description = '',
): Promise<number> {
  const { status, body } = await call(staff, 'POST', '/api/expance/addexpance', {
    expanceTypeId: typeId,
    amount,
    Creditdebit: 'Credit',
    date,
    description,
    accountId: bank,
  });
  expect(status).toBe(201);
  return body.entry.id;
}

type Line = {
  id: number;
  date: string;
  amount: number;
  description: string;
  status: string;
  suggestions: { entryIds: number[]; score: number; strong: boolean }[];
  proposal: unknown;
  entryIds: number[];
};
const worklist = (query = '') =>
  reconcileWorklist<{ lines: Line[]; entries: { id: number; amount: number }[] }>(
    ctx,
    viewer,
    bank,
    query,
  );
const lineOf = async (description: string) =>
  (await worklist('?status=all')).lines.find((l) => l.description === description)!;

describe('suggestions', () => {
  test('same amount and direction within the days; nearer first, then the better name', async () => {
    const near = await income(1, 250, '2026-01-04', 'Invoice 7');
    const far = await income(2, 250, '2026-01-10', 'other');
    await income(1, 250, '2026-01-20'); // beyond 7 days
    await expense(1, 250, '2026-01-05'); // money out: the other direction
    await importCsv('Date,Description,Amount\n2026-01-05,Acme Buyer INV 7,250.00\n');
    const { lines, entries } = await worklist();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.suggestions.map((s) => s.entryIds)).toEqual([[near], [far]]);
    expect(lines[0]!.suggestions[0]!.strong).toBe(true);
    expect(lines[0]!.suggestions[0]!.score).toBeGreaterThan(lines[0]!.suggestions[1]!.score);
    expect(entries.map((e) => e.amount)).toEqual([250, -250, 250]);
  });

  test('a tie in days is broken by how well the party and description agree', async () => {
    const other = await income(2, 80, '2026-01-06');
    const acme = await income(1, 80, '2026-01-06', 'January');
    await importCsv('Date,Description,Amount\n2026-01-05,ACME BUYER January,80.00\n');
    const [line] = (await worklist()).lines;
    expect(line!.suggestions.map((s) => s.entryIds[0])).toEqual([acme, other]);
  });

  test('a deposit of several payments: a set of entries adding up to the line', async () => {
    const a = await income(1, 100, '2026-01-03');
    const b = await income(2, 50.25, '2026-01-04');
    await income(3, 999, '2026-01-04');
    await importCsv('Date,Description,Amount\n2026-01-05,Deposit,150.25\n');
    const [line] = (await worklist()).lines;
    expect(line!.suggestions[0]).toMatchObject({ entryIds: [a, b], strong: false });
    const matched = await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
      lineId: line!.id,
      entryIds: [a, b],
    });
    expect(matched.status).toBe(201);
    expect(matched.body.line).toMatchObject({ status: 'matched', entryIds: [a, b] });
  });
});

describe('matching', () => {
  test('accept all suggested takes lines with exactly one strong suggestion', async () => {
    const rent = await expense(1, 500, '2026-01-07', 'Rent January');
    await income(1, 70, '2026-01-05');
    await income(2, 70, '2026-01-06');
    await importCsv(
      'Date,Description,Amount\n2026-01-07,Rent,-500.00\n2026-01-06,Payment,70.00\n2026-01-10,Charge,-3.00\n',
    );
    expect(
      (await call(viewer, 'POST', `/api/accounts/${bank}/matches/accept-suggested`)).status,
    ).toBe(403);
    const { status, body } = await call(
      staff,
      'POST',
      `/api/accounts/${bank}/matches/accept-suggested`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ message: am.acceptedSuggested, matched: 1 });
    expect((await lineOf('Rent')).entryIds).toEqual([rent]);
    expect((await lineOf('Payment')).status).toBe('unmatched');
    const audit = await rows(ctx, `SELECT action FROM audit_log WHERE entity = 'statement_line'`);
    expect(audit).toEqual([{ action: 'matched' }]);
  });

  test('accept all suggested looks at 100 lines a call; the next call goes on from its cursor', async () => {
    // 110 payments into the bank on the days of their lines, each of an amount of its own.
    await rows(
      ctx,
      `INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description,
                            entry_date, account_id)
       SELECT 'income', c.id, c.name, 100 + g, 'Credit', '', date '2026-01-01' + g, $1
       FROM generate_series(0, 109) g, (SELECT id, name FROM clients ORDER BY id LIMIT 1) c
       CROSS JOIN (SELECT ${bank} AS bank) b`.replace('$1', 'b.bank'),
    );
    const csv = ['Date,Description,Amount'];
    for (let i = 0; i < 110; i += 1) {
      const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
      csv.push(`${day},Payment ${i},${100 + i}.00`);
    }
    await importCsv(`${csv.join('\n')}\n`);
    const url = `/api/accounts/${bank}/matches/accept-suggested`;
    const first = await call(staff, 'POST', url);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ matched: 100, next: expect.any(String) });
    const second = await call(staff, 'POST', `${url}?after=${encodeURIComponent(first.body.next)}`);
    expect(second.body).toMatchObject({ matched: 10, next: null });
    expect(
      await rows(ctx, `SELECT count(*)::int AS n FROM statement_lines WHERE status = 'matched'`),
    ).toEqual([{ n: 110 }]);
    expect(await call(staff, 'POST', `${url}?after=not-a-cursor`)).toEqual(
      expect.objectContaining({ status: 400 }),
    );
  });

  test('a match must add up to the line and be of the account', async () => {
    const cash = await income(1, 40, '2026-01-05', '', 1);
    const mine = await income(1, 41, '2026-01-05');
    await importCsv('Date,Description,Amount\n2026-01-05,Payment,40.00\n');
    const [line] = (await worklist()).lines;
    expect(
      await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
        lineId: line!.id,
        entryIds: [mine],
      }),
    ).toEqual(refusal(400, am.matchSumDiffers));
    expect(
      await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
        lineId: line!.id,
        entryIds: [cash],
      }),
    ).toEqual(refusal(409, am.entryNotOfAccount));
    expect(
      (
        await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
          lineId: 999,
          entryIds: [mine],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(viewer, 'POST', `/api/accounts/${bank}/matches`, {
          lineId: line!.id,
          entryIds: [mine],
        })
      ).status,
    ).toBe(403);
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM statement_matches')).toEqual([{ n: 0 }]);
  });

  test('two clerks at once: one line or one entry is matched once, the other gets a clear 409', async () => {
    const entry = await income(1, 60, '2026-01-05');
    const other = await income(2, 60, '2026-01-05');
    await importCsv('Date,Description,Amount\n2026-01-05,First,60.00\n2026-01-05,Second,60.00\n');
    const { lines } = await worklist();
    const [first, second] = lines;
    const sameLine = await Promise.all([
      call(staff, 'POST', `/api/accounts/${bank}/matches`, {
        lineId: first!.id,
        entryIds: [entry],
      }),
      call(admin, 'POST', `/api/accounts/${bank}/matches`, {
        lineId: first!.id,
        entryIds: [other],
      }),
    ]);
    expect(sameLine.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(sameLine.find((r) => r.status === 409)!.body.message).toBe(am.lineNotUnmatched);
    const winner = sameLine.find((r) => r.status === 201)!.body.line.entryIds[0];
    const sameEntry = await Promise.all([
      call(staff, 'POST', `/api/accounts/${bank}/matches`, {
        lineId: second!.id,
        entryIds: [winner],
      }),
      call(admin, 'POST', `/api/accounts/${bank}/matches`, {
        lineId: second!.id,
        entryIds: [winner],
      }),
    ]);
    expect(sameEntry.map((r) => r.status)).toEqual([409, 409]);
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM statement_matches')).toEqual([{ n: 1 }]);
  });

  test('a line is excluded with a reason, and an unmatch needs one', async () => {
    await importCsv(
      'Date,Description,Amount\n2026-01-05,Bank reversal,-9.00\n2026-01-05,Bank reversal back,9.00\n',
    );
    const { lines } = await worklist();
    const excluded = await call(
      staff,
      'POST',
      `/api/accounts/${bank}/lines/${lines[0]!.id}/exclude`,
      { reason: 'internal reversal pair' },
    );
    expect(excluded.status).toBe(200);
    expect(excluded.body.line).toMatchObject({
      status: 'excluded',
      excludedReason: 'internal reversal pair',
    });
    expect(
      (
        await call(staff, 'POST', `/api/accounts/${bank}/lines/${lines[0]!.id}/exclude`, {
          reason: 'again',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(staff, 'POST', `/api/accounts/${bank}/lines/${lines[1]!.id}/exclude`, {
          reason: '',
        })
      ).status,
    ).toBe(400);
    expect((await worklist()).lines).toHaveLength(1);
    expect(await rows(ctx, `SELECT action FROM audit_log WHERE entity = 'statement_line'`)).toEqual(
      [{ action: 'excluded' }],
    );
  });
});

describe('entries from lines and rules', () => {
  test('a line becomes an entry in one step, matched; money in is income only', async () => {
    await importCsv('Date,Description,Amount\n2026-01-05,Bank charge January,-12.50\n');
    const [line] = (await worklist()).lines;
    expect(
      await call(staff, 'POST', `/api/accounts/${bank}/lines/${line!.id}/entry`, {
        kind: 'income',
        partyId: 1,
      }),
    ).toEqual(refusal(400, am.entryKindFromSign));
    const made = await call(staff, 'POST', `/api/accounts/${bank}/lines/${line!.id}/entry`, {
      kind: 'expense',
      partyId: 2,
    });
    expect(made.status).toBe(201);
    expect(made.body.entry).toMatchObject({
      kind: 'expense',
      amount: 12.5,
      date: '2026-01-05',
      description: 'Bank charge January',
      accountId: bank,
      partyName: 'Fuel',
    });
    expect((await lineOf('Bank charge January')).entryIds).toEqual([made.body.entry.id]);
    expect(
      (
        await call(staff, 'POST', `/api/accounts/${bank}/lines/${line!.id}/entry`, {
          kind: 'expense',
          partyId: 2,
        })
      ).status,
    ).toBe(409);
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM entries')).toEqual([{ n: 1 }]);
  });

  test('in the closed period a line can be matched but cannot make an entry', async () => {
    const entry = await income(1, 30, '2026-01-05');
    await importCsv('Date,Description,Amount\n2026-01-05,Payment,30.00\n2026-01-06,Charge,-1.00\n');
    await rows(ctx, `UPDATE books SET closed_through = '2026-01-31'`);
    const lines = (await worklist()).lines;
    const charge = lines.find((l) => l.description === 'Charge')!;
    const refused = await call(staff, 'POST', `/api/accounts/${bank}/lines/${charge.id}/entry`, {
      kind: 'expense',
      partyId: 1,
    });
    expect(refused.status).toBe(409);
    expect(await rows(ctx, 'SELECT count(*)::int AS n FROM entries')).toEqual([{ n: 1 }]);
    const payment = lines.find((l) => l.description === 'Payment')!;
    expect(
      (
        await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
          lineId: payment.id,
          entryIds: [entry],
        })
      ).status,
    ).toBe(201);
  });

  test('rules propose the kind, party and description; they are listed, changed and switched off', async () => {
    expect(
      (
        await call(viewer, 'POST', '/api/bank-rules', {
          contains: 'charge',
          kind: 'expense',
          partyId: 2,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(staff, 'POST', '/api/bank-rules', {
          contains: 'charge',
          kind: 'expense',
          partyId: 99,
        })
      ).status,
    ).toBe(404);
    const rule = await call(staff, 'POST', '/api/bank-rules', {
      contains: 'CHARGE',
      maxAmount: 50,
      kind: 'expense',
      partyId: 2,
      description: 'Bank charges',
    });
    expect(rule.status).toBe(201);
    expect(rule.body.rule).toMatchObject({
      contains: 'CHARGE',
      maxAmount: 50,
      minAmount: null,
      partyName: 'Fuel',
      enabled: true,
    });
    await importCsv(
      'Date,Description,Amount\n2026-01-05,Monthly charge,-12.50\n2026-01-06,Big charge,-80.00\n2026-01-07,Charge back,5.00\n',
    );
    const proposals = (await worklist()).lines.map((l) => [l.description, l.proposal]);
    expect(proposals).toEqual([
      [
        'Monthly charge',
        {
          ruleId: rule.body.rule.id,
          pattern: 'CHARGE',
          kind: 'expense',
          partyId: 2,
          ledgerAccountId: null,
          targetName: 'Fuel',
          description: 'Bank charges',
        },
      ],
      ['Big charge', null],
      ['Charge back', null],
    ]);
    const off = await call(staff, 'PUT', `/api/bank-rules/${rule.body.rule.id}`, {
      contains: 'CHARGE',
      kind: 'expense',
      partyId: 2,
      enabled: false,
    });
    expect(off.body.rule.enabled).toBe(false);
    expect((await worklist()).lines[0]!.proposal).toBeNull();
    expect((await call(viewer, 'GET', '/api/bank-rules')).body.rules).toHaveLength(1);
    expect(
      await rows(ctx, `SELECT action FROM audit_log WHERE entity = 'bank_rule' ORDER BY id`),
    ).toEqual([{ action: 'create' }, { action: 'update' }]);
  });
});

describe('reconciled through', () => {
  test('refused naming the difference; then it locks the matches, which only an admin undoes with a reason', async () => {
    const entry = await income(1, 200, '2026-01-05');
    await importCsv('Date,Description,Amount\n2026-01-05,Payment,200.00\n');
    const [line] = (await worklist()).lines;
    await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
      lineId: line!.id,
      entryIds: [entry],
    });
    const wrong = await call(staff, 'POST', `/api/accounts/${bank}/reconciled`, {
      through: '2026-01-31',
      closingBalance: '1250.00',
    });
    expect(wrong).toEqual(refusal(409, `${am.reconcileDiffers} 50.00`));
    expect(
      (
        await call(viewer, 'POST', `/api/accounts/${bank}/reconciled`, {
          through: '2026-01-31',
          closingBalance: 1200,
        })
      ).status,
    ).toBe(403);
    const done = await call(staff, 'POST', `/api/accounts/${bank}/reconciled`, {
      through: '2026-01-31',
      closingBalance: 1200,
    });
    expect(done.status).toBe(200);
    expect(done.body.account).toMatchObject({ reconciledThrough: '2026-01-31' });
    expect(await lineOf('Payment')).toMatchObject({ reconciled: true });
    const register = await call(viewer, 'GET', `/api/accounts/${bank}/register`);
    expect(register.body.rows[0]).toMatchObject({ matched: true, reconciled: true });

    expect(
      await call(staff, 'DELETE', `/api/accounts/${bank}/matches/${line!.id}`, { reason: 'wrong' }),
    ).toEqual(refusal(409, `${am.reconciledPeriod} 2026-01-31`));
    expect(
      (await call(admin, 'DELETE', `/api/accounts/${bank}/matches/${line!.id}`, {})).status,
    ).toBe(400);
    const undone = await call(admin, 'DELETE', `/api/accounts/${bank}/matches/${line!.id}`, {
      reason: 'matched to the wrong payment',
    });
    expect(undone.status).toBe(200);
    expect(undone.body.line).toMatchObject({ status: 'unmatched', entryIds: [] });
    const audit = await rows<{ action: string; after: { reason?: string } }>(
      ctx,
      `SELECT action, after FROM audit_log WHERE action IN ('reconciled', 'unmatched') ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['reconciled', 'unmatched']);
    expect(audit[1]!.after.reason).toBe('matched to the wrong payment');
  });
});

describe('the bank reconciliation statement', () => {
  async function scenario() {
    const paid = await income(1, 200, '2026-01-05', 'Invoice 7');
    await income(2, 75, '2026-01-30', 'Deposit in transit');
    await expense(1, 40, '2026-01-29', 'Cheque not yet cashed');
    await importCsv(
      'Date,Description,Amount,Balance\n2026-01-05,Payment,200.00,1200.00\n2026-01-31,Bank charge,-3.00,1197.00\n',
    );
    const [line] = (await worklist()).lines;
    await call(staff, 'POST', `/api/accounts/${bank}/matches`, {
      lineId: line!.id,
      entryIds: [paid],
    });
  }

  test('as Excel: bank balance, recorded not on the statement, on the statement not recorded, books; they agree', async () => {
    await scenario();
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/accounts/${bank}/reconciliation/excel?date=2026-01-31`,
      headers: bearer(viewer),
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    const row = (label: string) => values.find((r) => r[0] === label)!;
    expect(values.some((r) => r[0] === 'Bank reconciliation statement')).toBe(true);
    expect(row('Balance as per bank statement')[4]).toBe(1197);
    expect(row('Total recorded, not yet on the statement')[4]).toBe(35);
    expect(row('Total on the statement, not yet recorded')[4]).toBe(-3);
    expect(row('Adjusted bank balance')[4]).toBe(1235);
    expect(row('Balance as per books')[4]).toBe(1235);
    expect(row('Difference')[4]).toBe(0);
    expect(values.some((r) => r[3] === 'Cheque not yet cashed' && r[4] === -40)).toBe(true);
    expect(values.some((r) => r[3] === 'Bank charge' && r[4] === -3)).toBe(true);
    expect((await call(viewer, 'GET', `/api/accounts/999/reconciliation/excel`)).status).toBe(404);
    expect(
      (await call(viewer, 'GET', `/api/accounts/${bank}/reconciliation/excel?date=2026-02-30`))
        .status,
    ).toBe(400);
  });

  (pdftotext ? test : test.skip)('as PDF, read back with pdftotext', async () => {
    await scenario();
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/accounts/${bank}/reconciliation/pdf?date=2026-01-31`,
      headers: bearer(viewer),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfToText(response.rawPayload, true);
    expect(text).toContain('Bank reconciliation statement');
    expect(text).toContain('Account: HBL');
    expect(text).toMatch(/Balance as per bank\b.*1,197\.00/);
    expect(text).toMatch(/Balance as per books\s+1,235\.00/);
    expect(text).toContain('Deposit in transit');
    expect(text).toMatch(/Difference\s+0\.00/);
  });
});
