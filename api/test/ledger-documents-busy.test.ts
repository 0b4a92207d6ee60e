// The ledger's downloads at the edges (issue 40): a figure in the hundreds of billions printed
// whole in a PDF, and the general ledger of a busy account: every line of the period in the
// Excel file, read a page at a time, and its PDF refused past the statements' bound.
import { sql } from 'kysely';
import { apiMessages } from 'contract';
import { hasTool, pdfToText } from './office-tools.js';
import { ledgerFiles } from './ledger-files.js';
import { bearer, requestAs, rows, setupDatabase, signInAll, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import { PDF_MAX_ROWS } from '../src/exports/documents.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
let viewer: string;

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  ({ admin, staff, viewer } = await signInAll(ctx.app));
});
afterAll(() => db.close());

const { download, sheetRows, after } = ledgerFiles(() => ({ app: ctx.app, token: staff }));

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  requestAs(ctx.app, token, method, url, payload);

async function newAccount(code: string, name: string, type: string): Promise<number> {
  const made = await call(admin, 'POST', '/api/ledger/accounts', { code, name, type });
  expect(made.status).toBe(201);
  return made.body.account.id;
}

const pdftotext = await hasTool('pdftotext', ['-v']);

(pdftotext ? test : test.skip)(
  'an amount in the hundreds of billions is printed whole, on one line',
  async () => {
    const posted = await call(admin, 'POST', '/api/ledger/vouchers', {
      date: '2026-04-01',
      description: 'A large accrual',
      lines: [
        { accountId: await newAccount('1400', 'Prepaid rent', 'Asset'), debit: '98765432109.87' },
        {
          accountId: await newAccount('2200', 'Accrued rent', 'Liability'),
          credit: '98765432109.87',
        },
      ],
    });
    expect(posted.status).toBe(201);
    await rows(ctx, 'SELECT fold_entry_rollups()');
    const trial = await pdfToText(
      (await download('/api/ledger/trial-balance/pdf?date=2026-04-30')).rawPayload,
    );
    expect(trial).toMatch(/1400\s+Prepaid rent\s+Asset\s+98,765,432,109\.87/);
    expect(trial).toMatch(/2200\s+Accrued rent\s+Liability\s+98,765,432,109\.87/);
    expect(trial).toMatch(/Totals\s+98,765,432,109\.87\s+98,765,432,109\.87/);
  },
);

test('the Excel file holds every line of a period past the PDF’s bound, the PDF is refused with a message', async () => {
  const paid = await newAccount('1500', 'Deposits paid', 'Asset');
  const held = await newAccount('2300', 'Deposits held', 'Liability');
  // PDF_MAX_ROWS + 1 balanced vouchers of 1.01 in May, written as the books' writer writes them.
  const count = PDF_MAX_ROWS + 1;
  await sql`
    WITH v AS (
      INSERT INTO vouchers (voucher_date, description, total)
      SELECT DATE '2026-05-01' + (g % 31), 'Deposit ' || g, 1.01
      FROM generate_series(1, ${count}::int) g
      RETURNING id, voucher_date)
    INSERT INTO ledger_lines (source, source_id, line_date, account_id, debit, credit)
    SELECT 'voucher', v.id, v.voucher_date, x.account, x.debit, x.credit
    FROM v, LATERAL (VALUES (${paid}::int, 1.01, 0), (${held}::int, 0, 1.01))
      x(account, debit, credit)`.execute(ctx.database.db);
  await sql`SELECT rebuild_entry_rollups()`.execute(ctx.database.db);
  const url = `/api/ledger/accounts/${paid}/lines`;
  const { lines } = await sheetRows(`${url}/excel?from=2026-05-01&to=2026-05-31`, 6, viewer);
  const body = after(lines, 'Date');
  expect(body.length).toBe(count + 3);
  expect(body[0]).toEqual(['Opening balance', null, null, null, null, 0]);
  expect(body[1]).toEqual([
    '2026-05-01',
    expect.stringMatching(/^Voucher #\d+$/),
    expect.stringMatching(/^Deposit \d+$/),
    1.01,
    null,
    1.01,
  ]);
  // The running balance carried on over the pages the file was read in.
  expect(body[count]?.[5]).toBe(15151.01);
  expect(body.slice(-2)).toEqual([
    ['Totals', null, null, 15151.01, 0, null],
    ['Closing balance', null, null, null, null, 15151.01],
  ]);
  const refused = await ctx.app.inject({
    method: 'GET',
    url: `${url}/pdf?from=2026-05-01&to=2026-05-31`,
    headers: bearer(viewer),
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toBe(apiMessages.pdfTooManyRows);
  if (!pdftotext) return;
  // A shorter period is drawn: 483 of the vouchers fall on 31 May (every 31st from the 30th).
  const day = await pdfToText(
    (await download(`${url}/pdf?from=2026-05-31&to=2026-05-31`, viewer)).rawPayload,
  );
  expect(day).toMatch(/Opening balance\s+14,663\.18/);
  expect(day).toMatch(/Totals\s+487\.83\s+0\.00/);
  expect(day).toMatch(/Closing balance\s+15,151\.01/);
});

test.each([
  '/api/ledger/trial-balance/excel',
  '/api/ledger/balance-sheet/pdf?date=2026-03-31',
  '/api/ledger/profit-loss/excel?from=2026-03-01&to=2026-03-31',
  '/api/ledger/accounts/1/lines/pdf?from=2026-03-01&to=2026-03-31',
])('%s takes one of its user’s export slots: 429 while they are all taken', async (url) => {
  const [user] = await rows<{ id: number }>(
    ctx,
    "SELECT id FROM users WHERE email = 'viewer@test.local'",
  );
  // Every slot of the viewer's taken, as by downloads under way.
  const held: Array<() => void> = [];
  for (
    let give = ctx.app.exportSlots.take(user!.id);
    give;
    give = ctx.app.exportSlots.take(user!.id)
  )
    held.push(give);
  try {
    expect(held.length).toBeGreaterThan(0);
    const busy = await ctx.app.inject({ method: 'GET', url, headers: bearer(viewer) });
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toEqual({ code: 'export_busy', message: apiMessages.exportBusy });
  } finally {
    for (const giveBack of held) giveBack();
  }
  const answered = await ctx.app.inject({ method: 'GET', url, headers: bearer(viewer) });
  expect(answered.statusCode).toBe(200);
});
