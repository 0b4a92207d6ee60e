// The only statements that insert into `entries`: new entries (one or many, by unnest, so a large
// import costs a statement per few thousand rows) and reversals (of one entry or of a batch), and
// the batch that several entries written in one step belong to, with its activity line. Callers
// check first (parties.ts, closed-period.ts); these write, and refuse what falls in a money
// account's reconciled period (reconciled-period.ts), which no caller can leave out.
import { sql, type RawBuilder } from 'kysely';
import type { BatchKind, CreditDebit, EntryKind } from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { postEntries, withPosting } from './ledger-posting.js';
import { guardReconciled, type Move } from './reconciled-period.js';

/** One entry as it is stored; the party's name is the one looked up when it is written. */
export interface EntryLine {
  kind: EntryKind;
  partyId: number;
  partyName: string;
  /** NUMERIC text (the contract's plainMoney). */
  amount: string;
  creditDebit: CreditDebit;
  description: string;
  /** YYYY-MM-DD. */
  date: string;
  /**
   * The money account (migration 026): the default account when left out; an invoice (Debit)
   * never has one, whatever is given. Callers check a given account exists (books/accounts.ts).
   */
  accountId?: number | null;
}

/** Who writes: null is the server itself; `batchId` links every line to its batch. */
export interface Writer {
  userId: number | null;
  batchId?: number | null;
  /** An admin's reason for writing in an account's reconciled period (refused without). */
  reason?: string | null;
}

/** The columns a written entry is read back with (toEntry). */
export const ENTRY_COLUMNS = sql`id, kind, party_id, party_name, amount::text AS amount,
  credit_debit, description, entry_date, created_at, reverses_id, account_id`;

export type WrittenEntry = {
  id: number;
  kind: EntryKind;
  party_id: number;
  party_name: string;
  amount: string;
  credit_debit: CreditDebit;
  description: string;
  entry_date: string;
  created_at: Date;
  reverses_id: number | null;
  account_id: number | null;
};

const CHUNK = 5000;

/** One INSERT of the lines, column by column (unnest): no object per value, in the lines' order. */
const insertStatement = (
  lines: readonly EntryLine[],
  by: Writer & { idempotencyKey?: string | null },
  returning: RawBuilder<unknown>,
) => {
  const party = (kind: EntryKind) =>
    lines.map((line) => (line.kind === kind ? line.partyId : null));
  const insert = sql`
    INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                         credit_debit, description, entry_date, created_by, idempotency_key,
                         batch_id, account_id)
    SELECT u.kind, u.client, u.employee, u.expense_type, u.name, u.amount, u.side,
           u.description, u.day, ${by.userId}::integer, ${by.idempotencyKey ?? null}::text,
           ${by.batchId ?? null}::bigint,
           CASE WHEN u.side = 'Credit'
                THEN coalesce(u.account, (SELECT a.id FROM accounts a WHERE a.is_default)) END
    FROM unnest(
      ${lines.map((line) => line.kind)}::text[],
      ${party('income')}::integer[],
      ${party('salary')}::integer[],
      ${party('expense')}::integer[],
      ${lines.map((line) => line.partyName)}::text[],
      ${lines.map((line) => line.amount)}::numeric[],
      ${lines.map((line) => line.creditDebit)}::text[],
      ${lines.map((line) => line.description)}::text[],
      ${lines.map((line) => line.date)}::date[],
      ${lines.map((line) => line.accountId ?? null)}::integer[]
    ) WITH ORDINALITY AS u(kind, client, employee, expense_type, name, amount, side,
                           description, day, account, position)
    ORDER BY u.position
    RETURNING *`;
  // Each entry's ledger lines in the same statement (ledger-posting.ts).
  return withPosting(insert, postEntries, returning);
};

/** Inserts one entry (a form's submission, with its idempotency key) and answers it. */
export async function insertEntry(
  tx: Db,
  line: EntryLine,
  by: Writer & { idempotencyKey?: string | null },
): Promise<WrittenEntry> {
  const { rows } = await insertStatement([line], by, ENTRY_COLUMNS).execute(tx);
  const entry = rows[0] as WrittenEntry;
  await guardReconciled(tx, [{ accountId: entry.account_id, day: entry.entry_date }], by, {
    entry: Number(entry.id),
  });
  return entry;
}

/** Inserts the lines (any number, any kinds) and answers their ids in the lines' order. */
export async function insertEntries(
  tx: Db,
  lines: readonly EntryLine[],
  by: Writer,
): Promise<number[]> {
  const ids: number[] = [];
  const moves: Move[] = [];
  for (let start = 0; start < lines.length; start += CHUNK) {
    const chunk = lines.slice(start, start + CHUNK);
    const { rows } = await insertStatement(
      chunk,
      by,
      sql`id, account_id, entry_date::text AS day`,
    ).execute(tx);
    for (const row of rows as { id: number | string; account_id: number | null; day: string }[]) {
      ids.push(Number(row.id));
      moves.push({ accountId: row.account_id, day: row.day });
    }
  }
  await guardReconciled(tx, moves, by, { entries: ids.length, batch: by.batchId ?? null });
  return ids;
}

/**
 * The statement lines the entries (`of`: one, or a batch's) are matched to, as moves: reversing
 * such an entry changes what a line dated in a reconciled period stands for.
 */
async function matchedLines(tx: Db, of: { entryId: number } | { batchId: number }) {
  const { rows } = await sql<{ account_id: number; day: string }>`
    SELECT l.account_id, min(l.line_date)::text AS day
    FROM statement_matches sm JOIN statement_lines l ON l.id = sm.line_id
    WHERE sm.entry_id ${
      'entryId' in of
        ? sql`= ${of.entryId}`
        : sql`IN (SELECT id FROM entries WHERE batch_id = ${of.batchId} AND reverses_id IS NULL)`
    }
    GROUP BY l.account_id`.execute(tx);
  return rows.map((row): Move => ({ accountId: row.account_id, day: row.day }));
}

/** The reversals of one entry (outside any batch) or of a batch's entries (carrying the batch). */
const reversalStatement = (
  of: { entryId: number } | { batchId: number },
  reason: string,
  by: { userId: number; idempotencyKey?: string | null },
) => sql`
  INSERT INTO entries (kind, client_id, employee_id, expense_type_id, party_name, amount,
                       credit_debit, description, entry_date, created_by, idempotency_key,
                       reverses_id, batch_id, account_id)
  SELECT kind, client_id, employee_id, expense_type_id, party_name, -amount, credit_debit,
         ${reason}, entry_date, ${by.userId}, ${by.idempotencyKey ?? null}, id,
         ${'entryId' in of ? sql`NULL::bigint` : sql`batch_id`},
         -- (an invoice recorded before accounts existed carries Cash: its reversal has none)
         CASE WHEN credit_debit = 'Credit' THEN account_id END
  FROM entries
  WHERE ${'entryId' in of ? sql`id = ${of.entryId}` : sql`batch_id = ${of.batchId} AND reverses_id IS NULL`}
  ORDER BY entry_date, id`;

/**
 * Writes the reversal of one entry; undefined when it does not exist. Callers check first. In an
 * account's reconciled period, `reason` is the admin's reason.
 */
export async function insertReversal(
  tx: Db,
  entryId: number,
  reason: string,
  by: { userId: number; idempotencyKey?: string | null },
): Promise<WrittenEntry | undefined> {
  const { rows } = await sql<WrittenEntry>`${withPosting(
    sql`${reversalStatement({ entryId }, reason, by)} RETURNING *`,
    postEntries,
    ENTRY_COLUMNS,
  )}`.execute(tx);
  const reversal = rows[0];
  if (!reversal) return undefined;
  await guardReconciled(
    tx,
    [
      { accountId: reversal.account_id, day: reversal.entry_date },
      ...(await matchedLines(tx, { entryId })),
    ],
    { userId: by.userId, reason },
    { reversalOf: entryId },
  );
  return reversal;
}

/**
 * Writes the reversal of every entry of a batch that is not a reversal, carrying the batch, so
 * the journal filtered by the batch sums to zero; answers how many. Callers check first.
 */
export async function insertBatchReversals(
  tx: Db,
  batchId: number,
  reason: string,
  by: { userId: number },
): Promise<number> {
  const { rows } = await sql<{ account_id: number | null; day: string; count: string | number }>`
    WITH reversals AS (
      ${reversalStatement({ batchId }, reason, by)} RETURNING *
    ), posted AS (${postEntries(sql.raw('reversals'))})
    SELECT account_id, min(entry_date)::text AS day, count(*) AS count
    FROM reversals GROUP BY account_id`.execute(tx);
  await guardReconciled(
    tx,
    [
      ...rows.map((row): Move => ({ accountId: row.account_id, day: row.day })),
      ...(await matchedLines(tx, { batchId })),
    ],
    { userId: by.userId, reason },
    { batchReversed: batchId },
  );
  return rows.reduce((sum, row) => sum + Number(row.count), 0);
}

/**
 * A new batch, and one line for it in the activity (its entries are not audited one by one:
 * the batch names them). Call inside the transaction that writes the entries with its id.
 */
export async function createBatch(
  tx: Db,
  input: {
    kind: BatchKind;
    label: string;
    /** Null: the server itself. */
    userId: number | null;
    /** What the activity line shows beside kind and label (rows, totals, file name...). */
    details?: Record<string, unknown>;
  },
): Promise<number> {
  const { id } = await tx
    .insertInto('entry_batches')
    .values({ kind: input.kind, label: input.label, created_by: input.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(tx, {
    actorId: input.userId,
    action: 'create',
    entity: 'batch',
    entityId: id,
    after: { kind: input.kind, label: input.label, ...input.details },
  });
  return Number(id);
}
