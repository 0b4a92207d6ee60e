// Statements stored once and exactly (issue 39): a line is known again whether or not its file
// has a Reference column; undoing an import removes only the lines no other active import holds;
// a money account has a currency (the office's by default), given on POST /api/accounts and
// shown by GET; the stored fingerprints are the ones migration 035 writes in SQL.
import { accountMessages as am, statementMessages as sm } from 'contract';
import { requestAs, rows, setupDatabase, type TestContext } from './helpers.js';
import { bankOffice, sendStatement } from './fixtures.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;
let bank: number;
afterAll(() => db.close());

beforeEach(async () => {
  ({ ctx, admin, staff, viewer, bank } = await bankOffice(db, { openingBalance: 0 }));
});

async function upload(fileName: string, file: string) {
  const response = await sendStatement(ctx, staff, bank, fileName, file);
  return { status: response.statusCode, body: response.json() };
}

const undo = (importId: number) =>
  requestAs(ctx.app, staff, 'POST', `/api/accounts/${bank}/statements/${importId}/undo`, {
    reason: 'imported twice',
  });

const lines = () =>
  rows<{ line_date: string; amount: string; description: string; import_id: string }>(
    ctx,
    `SELECT line_date, amount::text AS amount, description, import_id::text AS import_id
     FROM statement_lines ORDER BY line_date, id`,
  );

const PLAIN =
  'Date,Description,Amount\n' +
  '2026-01-05,Acme payment,100.00\n' +
  '2026-01-06,Bank charge,-10.00\n' +
  '2026-01-07,Rent January,-500.00\n';
const WITH_REFERENCE =
  'Date,Description,Reference,Amount\n' +
  '2026-01-05,Acme payment,R1,100.00\n' +
  '2026-01-06,BANK CHARGE,R2,-10.00\n' +
  '2026-01-07,Rent January,R3,-500.00\n' +
  '2026-01-08,Deposit,R4,5.00\n';

describe('a line is known again', () => {
  test('when its file gains a Reference column, or loses it', async () => {
    expect((await upload('plain.csv', PLAIN)).body).toMatchObject({ added: 3, known: 0 });
    // The same lines with references (one description in capitals), and a new one.
    expect((await upload('refs.csv', WITH_REFERENCE)).body).toMatchObject({ added: 1, known: 3 });
    expect((await upload('plain.csv', PLAIN)).body).toMatchObject({ added: 0, known: 3 });
    expect(await lines()).toHaveLength(4);
  });

  test('the stored fingerprints are what migration 035 computes in SQL', async () => {
    const file =
      'Date,Description,Amount\n2026-01-05,Café MÜLLER 7,-12.50\n2026-01-05,Café MÜLLER 7,-12.50\n' +
      '2026-01-06,,0.05\n2026-01-07,Dépôt ÉTÉ,1250000.00\n';
    expect((await upload('accents.csv', file)).body).toMatchObject({ added: 4 });
    const check = await rows<{ same: boolean }>(
      ctx,
      `SELECT fingerprint = to_char(line_date, 'YYYY-MM-DD') || '|' || (amount * 100)::bigint::text
               || '|' || encode(sha256(convert_to(translate(description,
                    'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), 'UTF8')), 'hex')
               || '|' || row_number() OVER (PARTITION BY account_id, line_date, amount, description
                                            ORDER BY position) AS same
       FROM statement_lines ORDER BY id`,
    );
    expect(check).toEqual([{ same: true }, { same: true }, { same: true }, { same: true }]);
  });
});

describe('undoing an import', () => {
  test('removes only the lines no other active import holds', async () => {
    const first = (await upload('plain.csv', PLAIN)).body.importId;
    const second = (await upload('refs.csv', WITH_REFERENCE)).body.importId;
    // The first import undone: its three lines are the second's too, and stay.
    expect(await undo(first)).toEqual({ status: 200, body: { message: am.statementUndone } });
    expect((await lines()).map((l) => [l.line_date, l.import_id])).toEqual([
      ['2026-01-05', String(second)],
      ['2026-01-06', String(second)],
      ['2026-01-07', String(second)],
      ['2026-01-08', String(second)],
    ]);
    // The second undone too: nothing holds them now.
    expect((await undo(second)).status).toBe(200);
    expect(await lines()).toEqual([]);
    const audit = await rows<{ after: { lines: number; kept: number } }>(
      ctx,
      `SELECT after FROM audit_log WHERE action = 'statement_undone' ORDER BY id`,
    );
    expect(audit.map((row) => [row.after.lines, row.after.kept])).toEqual([
      [0, 3],
      [4, 0],
    ]);
  });

  test('is refused while a line only it holds is excluded; a line another import holds does not stop it', async () => {
    const first = (await upload('plain.csv', PLAIN)).body.importId;
    const second = (await upload('refs.csv', WITH_REFERENCE)).body.importId;
    const deposit = await rows<{ id: string }>(
      ctx,
      `SELECT id::text AS id FROM statement_lines WHERE description = 'Deposit'`,
    );
    const excluded = await requestAs(
      ctx.app,
      staff,
      'POST',
      `/api/accounts/${bank}/lines/${deposit[0]!.id}/exclude`,
      { reason: 'not ours' },
    );
    expect(excluded.status).toBe(200);
    expect(await undo(second)).toEqual({
      status: 409,
      body: expect.objectContaining({ message: am.statementHasMatches }),
    });
    // The first import's lines are all the second's too: its undo goes through.
    expect((await undo(first)).status).toBe(200);
    expect(await lines()).toHaveLength(4);
  });

  test('is refused while a line only it holds is matched; unmatched again, it goes through', async () => {
    const first = (await upload('plain.csv', PLAIN)).body.importId;
    // The same file twice: the second import holds lines the first holds too.
    const again = (await upload('plain.csv', PLAIN)).body.importId;
    const [charge] = await rows<{ id: string }>(
      ctx,
      `SELECT id::text AS id FROM statement_lines WHERE description = 'Bank charge'`,
    );
    const [charges] = await rows<{ id: string }>(
      ctx,
      `SELECT id::text AS id FROM ledger_accounts WHERE code = '5100'`,
    );
    const booked = await requestAs(
      ctx.app,
      staff,
      'POST',
      `/api/accounts/${bank}/lines/${charge!.id}/entry`,
      { kind: 'ledger', ledgerAccountId: Number(charges!.id) },
    );
    expect(booked.status).toBe(201);
    // The second import's undo deletes nothing: the first still holds every line.
    expect((await undo(again)).status).toBe(200);
    expect(await lines()).toHaveLength(3);
    expect(await undo(first)).toEqual({
      status: 409,
      body: expect.objectContaining({ message: am.statementHasMatches }),
    });
    expect(await lines()).toHaveLength(3);
    const unmatched = await requestAs(
      ctx.app,
      staff,
      'DELETE',
      `/api/accounts/${bank}/matches/${charge!.id}`,
      { reason: 'booked from the wrong statement' },
    );
    expect(unmatched.status).toBe(200);
    expect((await undo(first)).status).toBe(200);
    expect(await lines()).toEqual([]);
  });
});

describe("an account's currency", () => {
  test("is the office's unless given, shown by GET, and a 3-letter ISO code", async () => {
    const usd = await requestAs(ctx.app, admin, 'POST', '/api/accounts', {
      name: 'Dollar account',
      kind: 'Bank',
      openingBalance: 0,
      openingDate: '2026-01-01',
      currency: 'USD',
    });
    expect(usd.status).toBe(201);
    expect(usd.body.account.currency).toBe('USD');
    const list = await requestAs(ctx.app, viewer, 'GET', '/api/accounts');
    expect(
      list.body.accounts.map((a: { name: string; currency: string }) => [a.name, a.currency]),
    ).toEqual([
      ['Cash', 'PKR'],
      ['Dollar account', 'USD'],
      ['HBL', 'PKR'],
    ]);
    for (const currency of ['usd', 'DOLLARS', 'QQQ'])
      expect(
        (
          await requestAs(ctx.app, admin, 'POST', '/api/accounts', {
            name: `Bad ${currency}`,
            kind: 'Bank',
            openingBalance: 0,
            openingDate: '2026-01-01',
            currency,
          })
        ).status,
      ).toBe(400);
    const unknown = await requestAs(ctx.app, admin, 'POST', '/api/accounts', {
      name: 'Bad',
      kind: 'Bank',
      openingBalance: 0,
      openingDate: '2026-01-01',
      currency: 'QQQ',
    });
    expect(unknown.body.message).toBe(sm.unknownCurrency);
    // A change that leaves the currency out keeps it.
    const kept = await requestAs(ctx.app, admin, 'PUT', `/api/accounts/${usd.body.account.id}`, {
      name: 'Dollars',
      kind: 'Bank',
      openingBalance: 0,
      openingDate: '2026-01-01',
    });
    expect(kept.body.account).toMatchObject({ name: 'Dollars', currency: 'USD' });
  });

  test("a statement in the account's own currency is taken", async () => {
    const eur = await requestAs(ctx.app, admin, 'POST', '/api/accounts', {
      name: 'Euro account',
      kind: 'Bank',
      openingBalance: 0,
      openingDate: '2026-01-01',
      currency: 'EUR',
    });
    bank = eur.body.account.id;
    const mt940 =
      ':20:S\r\n:25:1\r\n:60F:C260101EUR10,00\r\n:61:260105C5,00NTRFNONREF\r\n:86:Deposit\r\n:62F:C260131EUR15,00\r\n-';
    expect((await upload('eur.sta', mt940)).status).toBe(201);
  });
});
