// The one writer of the books (docs/decisions/020-one-writer-of-the-books.md): no other module
// inserts entries or reversals, or compares a day with the closed period; and its calls for the
// writers to come (a correction in one step, many entries of any kinds in one statement).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiMessages } from 'contract';
import { rows, setupDatabase, type TestContext } from './helpers.js';
import { seedParties } from './fixtures.js';
import {
  correctEntry,
  createBatch,
  insertEntries,
  moveClosedThrough,
  recordEntries,
  recordEntry,
} from '../src/books/index.js';
import { addDays, todayIn } from '../src/lib/dates.js';
import { HttpError } from '../src/lib/errors.js';

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
const books = path.join(src, 'books');

/** Every TypeScript file under src but the books writer's, with its text. */
async function sourcesOutsideBooks(): Promise<{ file: string; text: string }[]> {
  const found: { file: string; text: string }[] = [];
  for (const entry of await readdir(src, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !file.endsWith('.ts') || file.startsWith(books + path.sep)) continue;
    found.push({ file: path.relative(src, file), text: await readFile(file, 'utf8') });
  }
  return found;
}

/** The files whose text matches, with the first match. */
async function filesMatching(pattern: RegExp): Promise<string[]> {
  return (await sourcesOutsideBooks())
    .filter(({ file, text }) => !file.startsWith(`db${path.sep}migrations`) && pattern.test(text))
    .map(({ file, text }) => `${file}: ${text.match(pattern)![0]}`);
}

describe('the books writer is the only one', () => {
  it('sees the sources it scans', async () => {
    const files = (await sourcesOutsideBooks()).map(({ file }) => file);
    expect(files).toContain(path.join('repositories', 'imports.ts'));
    expect(files).not.toContain(path.join('books', 'write.ts'));
  });

  it('that inserts entries or reversals', async () => {
    expect(await filesMatching(/INSERT\s+INTO\s+"?entries"?[\s(]/i)).toEqual([]);
    expect(await filesMatching(/insertInto\(\s*['"`]entries['"`]/)).toEqual([]);
  });

  it('that posts ledger lines or vouchers', async () => {
    expect(await filesMatching(/INSERT\s+INTO\s+"?(ledger_lines|vouchers)"?[\s(]/i)).toEqual([]);
    expect(await filesMatching(/insertInto\(\s*['"`](ledger_lines|vouchers)['"`]/)).toEqual([]);
  });

  it('that reads, moves or compares against the closed period', async () => {
    // The schema types the column and a backup checks the row; neither compares a day.
    expect((await filesMatching(/closed_through/)).sort()).toEqual([
      `${path.join('backup', 'tables.ts')}: closed_through`,
      `${path.join('db', 'schema.ts')}: closed_through`,
    ]);
    expect(await filesMatching(/(<=|>=|<|>)\s*closed\w*\b|\bclosed\w*\s*(<=|>=)/)).toEqual([]);
    expect(await filesMatching(/\bclosed\w*\s*&&/)).toEqual([]);
  });
});

const db = await setupDatabase();
let ctx: TestContext;
let userId: number;
const today = todayIn('UTC');
afterAll(() => db.close());

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  await rows(
    ctx,
    `INSERT INTO users (name, email, password_hash, role)
     VALUES ('Writer', 'writer@test.local', 'x', 'admin')`,
  );
  const [user] = await rows<{ id: number }>(ctx, 'SELECT id FROM users LIMIT 1');
  userId = user!.id;
});

const entriesNow = () =>
  rows<{ id: number; amount: string; reverses_id: number | null; description: string }>(
    ctx,
    'SELECT id, amount::text AS amount, reverses_id, description FROM entries ORDER BY id',
  );

const income = (amount: number, date = addDays(today, -3)) => ({
  kind: 'income' as const,
  partyId: 1,
  amount,
  creditDebit: 'Credit' as const,
  description: 'Invoice 7',
  date,
});

describe('a correction', () => {
  it('writes the reversal and the corrected entry in one transaction', async () => {
    const { entry } = await recordEntry(ctx.database.db, userId, income(100), today);
    const { reversal, entry: corrected } = await correctEntry(
      ctx.database.db,
      userId,
      { id: entry.id, reason: ' wrong amount ', changes: { amount: 120 } },
      today,
    );
    expect(reversal).toMatchObject({
      reversesId: entry.id,
      amount: -100,
      description: 'wrong amount',
    });
    expect(corrected).toMatchObject({ amount: 120, partyName: 'Acme Buyer', reversesId: null });
    expect((await entriesNow()).map((row) => [row.amount, row.reverses_id])).toEqual([
      ['100.00', null],
      ['-100.00', entry.id],
      ['120.00', null],
    ]);
    const activity = await rows<{ action: string }>(
      ctx,
      `SELECT action FROM audit_log WHERE entity = 'entry:income' ORDER BY id`,
    );
    expect(activity.map((row) => row.action)).toEqual(['create', 'reverse', 'create']);
  });

  it('writes nothing when the corrected entry is refused', async () => {
    const { entry } = await recordEntry(
      ctx.database.db,
      userId,
      { ...income(100), kind: 'expense', partyId: 1 },
      today,
    );
    const refused = correctEntry(
      ctx.database.db,
      userId,
      { id: entry.id, reason: 'wrong type', changes: { partyId: 3 } },
      today,
    );
    await expect(refused).rejects.toThrow(new HttpError(409, apiMessages.expenseTypeSuspended));
    expect(await entriesNow()).toHaveLength(1);
  });

  it('is refused in the closed period with the entries’ own text', async () => {
    const day = addDays(today, -3);
    const { entry } = await recordEntry(ctx.database.db, userId, income(100, day), today);
    await moveClosedThrough(ctx.database.db, userId, day, today);
    const refused = correctEntry(
      ctx.database.db,
      userId,
      { id: entry.id, reason: 'late', changes: { amount: 90, date: today } },
      today,
    );
    await expect(refused).rejects.toThrow(`${apiMessages.periodClosed} ${day}`);
    expect(await entriesNow()).toHaveLength(1);
  });
});

describe('many entries at once', () => {
  it('are written in order, of any kinds, in one batch', async () => {
    const day = addDays(today, -1);
    const ids = await ctx.database.db.transaction().execute(async (tx) => {
      const batchId = await createBatch(tx, { kind: 'import', label: 'lines', userId });
      return insertEntries(
        tx,
        [
          {
            kind: 'expense',
            partyId: 1,
            partyName: 'Rent',
            amount: '10.00',
            creditDebit: 'Credit',
            description: 'a',
            date: day,
          },
          {
            kind: 'income',
            partyId: 2,
            partyName: 'Beta Buyer',
            amount: '20.50',
            creditDebit: 'Debit',
            description: 'b',
            date: day,
          },
          {
            kind: 'salary',
            partyId: 1,
            partyName: 'Ali',
            amount: '30.00',
            creditDebit: 'Credit',
            description: 'c',
            date: day,
          },
        ],
        { userId, batchId },
      );
    });
    const written = await rows<{
      id: number;
      kind: string;
      client_id: number | null;
      employee_id: number | null;
      expense_type_id: number | null;
      batch_id: number | null;
    }>(
      ctx,
      'SELECT id, kind, client_id, employee_id, expense_type_id, batch_id FROM entries ORDER BY id',
    );
    expect(written.map((row) => Number(row.id))).toEqual(ids);
    expect(
      written.map((row) => [row.kind, row.client_id, row.employee_id, row.expense_type_id]),
    ).toEqual([
      ['expense', null, null, 1],
      ['income', 2, null, null],
      ['salary', null, 1, null],
    ]);
    expect(new Set(written.map((row) => row.batch_id)).size).toBe(1);
  });
});

describe('entries written as the form writes them, many at once', () => {
  const write = (inputs: Parameters<typeof recordEntries>[2]) =>
    ctx.database.db.transaction().execute(async (tx) => {
      const batchId = await createBatch(tx, { kind: 'import', label: 'statement', userId });
      return recordEntries(tx, userId, inputs, today, batchId);
    });

  it('take the names looked up now, in one batch', async () => {
    const ids = await write([income(10), { ...income(5), kind: 'expense', partyId: 2 }]);
    expect(ids).toHaveLength(2);
    const written = await rows<{ party_name: string }>(
      ctx,
      'SELECT party_name FROM entries ORDER BY id',
    );
    expect(written.map((row) => row.party_name)).toEqual(['Acme Buyer', 'Fuel']);
  });

  it('are refused all together as the form refuses one', async () => {
    await expect(write([income(10), { ...income(5), partyId: 99 }])).rejects.toThrow(
      new HttpError(404, apiMessages.clientNotFound),
    );
    await expect(
      write([income(10), { ...income(5), kind: 'expense', partyId: 3 }]),
    ).rejects.toThrow(new HttpError(409, apiMessages.expenseTypeSuspended));
    await expect(write([income(10), income(5, addDays(today, 1))])).rejects.toThrow(
      new HttpError(400, apiMessages.dateInFuture),
    );
    await expect(write([income(10.005)])).rejects.toThrow(HttpError);
    expect(await entriesNow()).toEqual([]);
  });
});
