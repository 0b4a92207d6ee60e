// Entry batches: listed with their sums, their entries found in the journal, undone in one step
// (one reversal per entry) or not at all (docs/decisions/013-entry-batches.md). The features that
// write batches (import, payroll, repeating entries) test their own calls; here a batch is
// written as they write one: createBatch and the entries in one transaction.
import { sql } from 'kysely';
import { apiMessages } from 'contract';
import { bearer, rows, setupDatabase, signInBoth, type TestContext, requestAs } from './helpers.js';
import { seedParties } from './fixtures.js';
import { createBatch, registerBatchReversal } from '../src/repositories/batches.js';
import { addDays, todayIn } from '../src/lib/dates.js';
import { conflict } from '../src/lib/errors.js';

const db = await setupDatabase();
let ctx: TestContext;
let admin: string;
let staff: string;
const today = todayIn('UTC');
const days = [addDays(today, -40), addDays(today, -20), addDays(today, -1)];
afterAll(() => db.close());

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  ({ admin, staff } = await signInBoth(ctx.app));
});

/** The id of the first row a query answers. */
async function firstId(query: string): Promise<number> {
  const [row] = await rows<{ id: number }>(ctx, query);
  if (!row) throw new Error(`no row: ${query}`);
  return row.id;
}

/** A batch of three income entries for client 1 (two Credit, one Debit) and its id. */
async function writeBatch(kind: 'import' | 'payroll' | 'recurring' = 'import'): Promise<number> {
  const userId = await firstId('SELECT id FROM users ORDER BY id LIMIT 1');
  return ctx.database.db.transaction().execute(async (tx) => {
    const batchId = await createBatch(tx, {
      kind,
      label: 'bank.csv',
      userId,
      details: { rows: 3 },
    });
    for (const [i, [amount, cd]] of (
      [
        ['100.10', 'Credit'],
        ['200.20', 'Credit'],
        ['50.05', 'Debit'],
      ] as const
    ).entries()) {
      await sql`
        INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description,
                             entry_date, created_by, batch_id)
        VALUES ('income', 1, 'Acme Buyer', ${amount}, ${cd}, ${`line ${i + 2}`}, ${days[i]},
                ${userId}, ${batchId})`.execute(tx);
    }
    return batchId;
  });
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = admin) =>
  requestAs(ctx.app, who, method, url, payload);

const countEntries = async () =>
  Number((await rows<{ n: string }>(ctx, 'SELECT count(*) AS n FROM entries'))[0]?.n);

describe('a batch of entries', () => {
  it('is listed with its entries and sums, and is one line in the activity', async () => {
    const id = await writeBatch();
    const list = await call('GET', '/api/batches?kind=import', undefined, staff);
    expect(list.status).toBe(200);
    expect(list.body.batches).toEqual([
      expect.objectContaining({
        id,
        kind: 'import',
        label: 'bank.csv',
        entries: 3,
        credit: 300.3,
        debit: 50.05,
        reversedAt: null,
        reverseReason: null,
        createdBy: expect.objectContaining({ email: 'admin@test.local' }),
      }),
    ]);
    expect((await call('GET', '/api/batches?kind=payroll')).body.batches).toEqual([]);

    const activity = await call('GET', '/api/activity?kind=batch');
    expect(activity.body.users).toHaveLength(1);
    expect(activity.body.users[0]).toMatchObject({ action: 'create', recordId: String(id) });
  });

  it("is the journal's batch filter: its page and totals", async () => {
    const id = await writeBatch();
    await rows(
      ctx,
      `INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description, entry_date)
       VALUES ('income', 1, 'Acme Buyer', 999, 'Credit', 'typed by hand', '${days[1]}')`,
    );
    const page = await call('GET', `/api/journal?batchId=${id}`);
    expect(page.body.entries.map((row: { description: string }) => row.description)).toEqual([
      'line 4',
      'line 3',
      'line 2',
    ]);
    const totals = await call('GET', `/api/journal/totals?batchId=${id}`);
    expect(totals.body).toEqual({ count: 3, credit: 300.3, debit: 50.05 });
  });

  it('is undone by one reversal per entry, once; the journal of the batch then sums to zero', async () => {
    const id = await writeBatch();
    const undone = await call(
      'POST',
      `/api/batches/${id}/reverse`,
      { reason: ' wrong file ' },
      staff,
    );
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      message: apiMessages.batchReversed,
      reversed: 3,
      batch: { id, entries: 3, reverseReason: 'wrong file' },
    });
    expect(undone.body.batch.reversedBy).toMatchObject({ email: 'staff@test.local' });

    const reversals = await rows<{ amount: string; description: string }>(
      ctx,
      `SELECT amount::text AS amount, description FROM entries
       WHERE reverses_id IS NOT NULL AND batch_id = ${id} ORDER BY reverses_id`,
    );
    expect(reversals).toEqual([
      { amount: '-100.10', description: 'wrong file' },
      { amount: '-200.20', description: 'wrong file' },
      { amount: '-50.05', description: 'wrong file' },
    ]);
    const totals = await call('GET', `/api/journal/totals?batchId=${id}`);
    expect(totals.body).toEqual({ count: 6, credit: 0, debit: 0 });
    // The dashboard's figures, from the roll-ups, moved back too.
    expect((await call('GET', '/api/journal/totals')).body).toEqual({
      count: 6,
      credit: 0,
      debit: 0,
    });

    const again = await call('POST', `/api/batches/${id}/reverse`, { reason: 'twice' });
    expect(again).toMatchObject({
      status: 409,
      body: { message: apiMessages.batchAlreadyReversed },
    });
    expect(await countEntries()).toBe(6);

    const activity = await call('GET', '/api/activity?kind=batch&action=reverse');
    expect(activity.body.users).toHaveLength(1);
  });

  it('is not undone at all when one of its entries lies in a closed period', async () => {
    const id = await writeBatch();
    await rows(ctx, `UPDATE books SET closed_through = '${days[0]}'`);
    const refused = await call('POST', `/api/batches/${id}/reverse`, { reason: 'late' });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: `${apiMessages.batchInClosedPeriod} ${days[0]}` },
    });
    expect(await countEntries()).toBe(3);
    expect((await call('GET', '/api/batches')).body.batches[0].reversedAt).toBeNull();
  });

  it('is not undone when one of its entries was reversed on its own', async () => {
    const id = await writeBatch();
    const entryId = await firstId(
      `SELECT id FROM entries WHERE batch_id = ${id} ORDER BY id LIMIT 1`,
    );
    expect((await call('POST', `/api/journal/${entryId}/reverse`, { reason: 'one' })).status).toBe(
      201,
    );
    const refused = await call('POST', `/api/batches/${id}/reverse`, { reason: 'all' });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: apiMessages.batchEntryReversed },
    });
    expect(await countEntries()).toBe(4);
  });

  it("runs the feature's own undo in the same transaction: nothing is undone when it refuses", async () => {
    const seen: number[] = [];
    registerBatchReversal('recurring', async (_tx, batchId) => {
      seen.push(batchId);
      if (seen.length === 1) throw conflict('the feature refuses');
    });
    const id = await writeBatch('recurring');
    const failed = await ctx.app.inject({
      method: 'POST',
      url: `/api/batches/${id}/reverse`,
      payload: { reason: 'x' },
      headers: bearer(admin),
    });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toBe('the feature refuses');
    expect(await countEntries()).toBe(3);
    const done = await call('POST', `/api/batches/${id}/reverse`, { reason: 'x' });
    expect(done.status).toBe(200);
    expect(seen).toEqual([id, id]);
  });

  it('are listed a page at a time with a next cursor', async () => {
    const ids = [await writeBatch(), await writeBatch('payroll'), await writeBatch()];
    const first = await call('GET', '/api/batches?limit=2');
    expect(first.body.batches.map((b: { id: number }) => b.id)).toEqual([ids[2], ids[1]]);
    expect(typeof first.body.next).toBe('string');
    const second = await call('GET', `/api/batches?limit=2&after=${first.body.next}`);
    expect(second.body).toMatchObject({ batches: [{ id: ids[0] }], next: null });
    const imports = await call('GET', '/api/batches?kind=import&limit=1');
    const more = await call('GET', `/api/batches?kind=import&limit=1&after=${imports.body.next}`);
    expect(more.body.batches.map((b: { id: number }) => b.id)).toEqual([ids[0]]);
    expect((await call('GET', '/api/batches?after=bm9wZQ')).status).toBe(400);
  });

  it('refuses an unknown batch, an empty reason and unknown fields, changing nothing', async () => {
    const id = await writeBatch();
    expect((await call('POST', '/api/batches/999/reverse', { reason: 'x' })).body).toMatchObject({
      message: apiMessages.batchNotFound,
    });
    expect((await call('POST', `/api/batches/${id}/reverse`, { reason: '' })).status).toBe(400);
    expect(
      (await call('POST', `/api/batches/${id}/reverse`, { reason: 'x', all: true })).status,
    ).toBe(400);
    expect((await call('GET', '/api/batches?kind=nothing')).status).toBe(400);
    expect(await countEntries()).toBe(3);
  });
});
