// Known parties and dated entries for report tests, written straight to the database so that
// entries can sit on chosen days (the API stamps entries with today); a money account and its
// statements for the bank tests, through the API.
import type { CreditDebit, EntryKind, StatementOptions } from 'contract';
import type { TestContext } from './helpers.js';
import { bearer, requestAs, rows, signInAll, uploadBody } from './helpers.js';

export async function seedParties(ctx: TestContext): Promise<void> {
  await rows(
    ctx,
    `INSERT INTO clients (name, email, company_name) VALUES
       ('Acme Buyer', 'acme@test.local', 'Acme'), ('Beta Buyer', 'beta@test.local', 'Beta'),
       ('Idle Buyer', 'idle@test.local', 'Idle')`,
  );
  await rows(
    ctx,
    `INSERT INTO employees (name, email, number) VALUES
       ('Ali', 'ali@test.local', '0300111'), ('Bina', 'bina@test.local', '0300222')`,
  );
  await rows(
    ctx,
    // name_key as the server writes it (nameKey of the name: these are plain ASCII words).
    `INSERT INTO expense_types (expancetype, status, name_key) VALUES
       ('Rent', 'Active', 'rent'), ('Fuel', 'Active', 'fuel'), ('Old', 'Suspended', 'old')`,
  );
}

export interface DatedEntry {
  kind: EntryKind;
  party: number;
  amount: string;
  cd?: CreditDebit;
  day: string;
  description?: string;
}

const column = { income: 'client_id', salary: 'employee_id', expense: 'expense_type_id' } as const;
const nameOf = {
  income: '(SELECT name FROM clients WHERE id = $ID)',
  salary: '(SELECT name FROM employees WHERE id = $ID)',
  expense: '(SELECT expancetype FROM expense_types WHERE id = $ID)',
} as const;

const INSERT_ORDER: readonly EntryKind[] = ['income', 'salary', 'expense'];

export async function insertEntries(ctx: TestContext, entries: DatedEntry[]): Promise<void> {
  if (!entries.length) return;
  const values = entries.map(
    (e) =>
      `('${e.kind}', ${e.party}, ${nameOf[e.kind].replace('$ID', String(e.party))}, ${e.amount}, ` +
      `'${e.cd ?? 'Credit'}', '${e.description ?? ''}', DATE '${e.day}', TIMESTAMPTZ '${e.day} 12:00:00+00')`,
  );
  // One kind per statement (each has its own foreign key column), income, salary, then expense:
  // the ids tests expect follow that order.
  for (const kind of INSERT_ORDER) {
    const mine = values.filter((_, i) => entries[i]?.kind === kind);
    if (!mine.length) continue;
    await rows(
      ctx,
      `INSERT INTO entries (kind, ${column[kind]}, party_name, amount, credit_debit, description, entry_date, created_at)
       VALUES ${mine.join(', ')}`,
    );
  }
}

// A money account and its statements, set up through the API as the bank screens do.

/** A money account the admin creates (a bank, opened on 2026-01-01 unless told): its id. */
export async function moneyAccount(
  ctx: TestContext,
  admin: string,
  fields: { name?: string; openingBalance: string | number; currency?: string },
): Promise<number> {
  const { status, body } = await requestAs(ctx.app, admin, 'POST', '/api/accounts', {
    name: 'HBL',
    kind: 'Bank',
    openingDate: '2026-01-01',
    ...fields,
  });
  expect({ status, body }).toMatchObject({ status: 201 });
  return body.account.id;
}

/** A request as the holder of `token` on the app of the test under way. */
export type Call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => ReturnType<typeof requestAs>;

/**
 * Before each bank test: an empty database (with the known parties when `parties`) served by the
 * file's one app, the admin, a staff user and a viewer signed in, and a money account.
 */
export async function bankOffice(
  db: { resetKeepingApp(): Promise<TestContext> },
  account: Parameters<typeof moneyAccount>[2],
  { parties = false } = {},
) {
  const ctx = await db.resetKeepingApp();
  if (parties) await seedParties(ctx);
  const users = await signInAll(ctx.app);
  const bank = await moneyAccount(ctx, users.admin, account);
  const call: Call = (token, method, url, payload) =>
    requestAs(ctx.app, token, method, url, payload);
  return { ctx, ...users, bank, call };
}

const BOUNDARY = '----statement-boundary';

/** A statement file sent to an account's import, or to its preview, as the bank screen sends it. */
export function sendStatement(
  ctx: TestContext,
  token: string,
  account: number,
  fileName: string,
  file: Buffer | string,
  { options = {}, preview = false }: { options?: StatementOptions; preview?: boolean } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/accounts/${account}/statements${preview ? '/preview' : ''}`,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: uploadBody(
      BOUNDARY,
      fileName,
      typeof file === 'string' ? Buffer.from(file) : file,
      options,
    ),
  });
}

/** A CSV statement imported by `token` (201): the import's id. */
export async function importStatement(
  ctx: TestContext,
  token: string,
  account: number,
  text: string,
): Promise<number> {
  const response = await sendStatement(ctx, token, account, 'statement.csv', text);
  expect(response.statusCode).toBe(201);
  return response.json().importId;
}

/** An account's reconcile worklist as `token` reads it (200); `query` such as '?status=all'. */
export async function reconcileWorklist<T = { lines: { id: number; description: string }[] }>(
  ctx: TestContext,
  token: string,
  account: number,
  query = '',
): Promise<T> {
  const { status, body } = await requestAs(
    ctx.app,
    token,
    'GET',
    `/api/accounts/${account}/reconcile${query}`,
  );
  expect(status).toBe(200);
  return body;
}

/**
 * A CSV statement of `count` generated lines, line i dated in month `from + i % (12 - from)` of
 * 2026 (day 1 + i % 28), described "Line i" (then `padding`, to make the file larger), of
 * 1 + i / 100 rupees: money in for odd i, out for even.
 */
export function generatedCsv(count: number, { from = 2, padding = '' } = {}): string {
  const body = Array.from({ length: count }, (_, i) => {
    const month = String(from + (i % (12 - from))).padStart(2, '0');
    const day = String(1 + (i % 28)).padStart(2, '0');
    const cents = (i % 2 ? 1 : -1) * (100 + i);
    return `2026-${month}-${day},Line ${i}${padding},${(cents / 100).toFixed(2)}`;
  });
  return `Date,Description,Amount\n${body.join('\n')}\n`;
}
