// Recording income, expense and salary entries: the party must exist (and an expense type be
// Active), the name stored is the one looked up now, and an idempotency key makes a repeated
// submission return the first result instead of recording the money twice. Entries carry the
// business day they happened on (today by default); days after today and days in the closed
// period are refused. Reversals are recorded in repositories/journal.ts.
import { sql } from 'kysely';
import {
  apiMessages,
  ENTRY_RECORD_KINDS,
  type CreditDebit,
  type Entry,
  type EntryKind,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { parties } from '../db/parties.js';
import { badRequest, conflict, notFound, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { amountNumber, hasAtMostTwoDecimals, plainMoney } from 'contract';
import { isRealDay } from '../lib/dates.js';

export interface NewEntry {
  kind: EntryKind;
  partyId: number;
  amount: number;
  creditDebit: CreditDebit;
  description: string;
  /** YYYY-MM-DD; today when left out. */
  date?: string;
  idempotencyKey?: string;
}

const entryColumns = [
  'id',
  'kind',
  'party_id',
  'party_name',
  'amount',
  'credit_debit',
  'description',
  'entry_date',
  'created_at',
  'reverses_id',
] as const;

type EntryRow = {
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
};

export const toEntry = (row: EntryRow): Entry => ({
  id: row.id,
  kind: row.kind,
  partyId: row.party_id,
  partyName: row.party_name,
  amount: amountNumber(row.amount),
  description: row.description,
  Creditdebit: row.credit_debit,
  date: row.entry_date,
  createdAt: row.created_at.toISOString(),
  reversesId: row.reverses_id,
});

const sameSubmission = (row: EntryRow, input: NewEntry) =>
  row.kind === input.kind &&
  row.party_id === input.partyId &&
  row.amount === plainMoney(input.amount) &&
  row.credit_debit === input.creditDebit &&
  row.description === input.description &&
  (input.date === undefined || row.entry_date === input.date);

/**
 * Refuses a day that does not exist, lies after today, or falls in the closed period. Inside a
 * transaction, the share lock on the books row keeps the closing day from moving until the
 * entry is in.
 */
export async function checkEntryDate(tx: Db, day: string, today: string): Promise<void> {
  if (!isRealDay(day)) throw badRequest(apiMessages.dateInvalid);
  if (day > today) throw badRequest(apiMessages.dateInFuture);
  const closed = await closedThrough(tx, { lock: true });
  if (closed && day <= closed) throw conflict(`${apiMessages.periodClosed} ${closed}`);
}

/** The "books closed through" day, or null. */
export async function closedThrough(db: Db, options: { lock?: boolean } = {}) {
  const { rows } = await sql<{ closed_through: string | null }>`
    SELECT closed_through FROM books ${options.lock ? sql`FOR SHARE` : sql``}`.execute(db);
  return rows[0]?.closed_through ?? null;
}

async function findByKey(db: Db, userId: number, key: string): Promise<EntryRow | undefined> {
  return db
    .selectFrom('entries')
    .select(entryColumns)
    .where('created_by', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst() as Promise<EntryRow | undefined>;
}

/** Returns the entry and whether it was recorded now (false: a repeat of an earlier key). */
export async function recordEntry(
  db: Db,
  userId: number,
  input: NewEntry,
  today: string,
  /**
   * Runs in the entry's transaction once it is recorded (receipts saved with it); what it
   * answers is added to the entry's one activity row.
   */
  within?: (tx: Db, entry: Entry) => Promise<Record<string, unknown>>,
): Promise<{ entry: Entry; created: boolean }> {
  if (!hasAtMostTwoDecimals(input.amount)) throw badRequest('amount must have at most 2 decimals');
  if (input.kind !== 'income' && input.creditDebit !== 'Credit')
    throw badRequest(apiMessages.creditOnly);
  if (input.date !== undefined && !isRealDay(input.date)) throw badRequest(apiMessages.dateInvalid);
  const day = input.date ?? today;

  const repeat = async (): Promise<{ entry: Entry; created: boolean } | undefined> => {
    if (!input.idempotencyKey) return undefined;
    const earlier = await findByKey(db, userId, input.idempotencyKey);
    if (!earlier) return undefined;
    if (!sameSubmission(earlier, input)) throw conflict(apiMessages.idempotencyConflict);
    return { entry: toEntry(earlier), created: false };
  };

  const earlier = await repeat();
  if (earlier) return earlier;

  const party = parties[input.kind];
  try {
    return await db.transaction().execute(async (tx) => {
      await checkEntryDate(tx, day, today);
      // FOR SHARE: the party cannot be deleted or renamed under us before the entry is in.
      const found = await sql<{ name: string; status: string | null }>`
        SELECT ${sql.ref(party.name)} AS name,
               ${input.kind === 'expense' ? sql.ref('status') : sql`NULL`} AS status
        FROM ${sql.table(party.table)} WHERE id = ${input.partyId} FOR SHARE`
        .execute(tx)
        .then((result) => result.rows[0]);
      if (!found) throw notFound(party.missing);
      if (input.kind === 'expense' && found.status !== 'Active')
        throw conflict(apiMessages.expenseTypeSuspended);

      const row = (await tx
        .insertInto('entries')
        .values({
          kind: input.kind,
          [party.column]: input.partyId,
          party_name: found.name,
          amount: plainMoney(input.amount),
          credit_debit: input.creditDebit,
          description: input.description,
          entry_date: day,
          created_by: userId,
          idempotency_key: input.idempotencyKey ?? null,
        })
        .returning(entryColumns)
        .executeTakeFirstOrThrow()) as EntryRow;
      const entry = toEntry(row);
      const also = within ? await within(tx, entry) : {};
      await audit(tx, {
        actorId: userId,
        action: 'create',
        entity: ENTRY_RECORD_KINDS[input.kind],
        entityId: entry.id,
        after: { ...entry, ...also },
      });
      return { entry, created: true };
    });
  } catch (error) {
    // Two requests with the same key at once: the loser answers with the winner's entry.
    if (pgCode(error) === PG_UNIQUE_VIOLATION && input.idempotencyKey) {
      const winner = await repeat();
      if (winner) return winner;
    }
    throw error;
  }
}
