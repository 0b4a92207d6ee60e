// The writes of single entries that the forms and the journal make: recording an entry (the party
// must exist, an expense type be Active; the name stored is the one looked up now), reversing one
// (docs/decisions/008-reversals-and-closed-periods.md), and correcting one (its reversal and the
// corrected entry in one transaction). An idempotency key makes a repeated submission answer the
// first result instead of writing the money twice (idempotency.ts).
import { sql } from 'kysely';
import {
  amountNumber,
  apiMessages,
  ENTRY_RECORD_KINDS,
  hasAtMostTwoDecimals,
  plainMoney,
  type CreditDebit,
  type Entry,
  type EntryKind,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { isRealDay } from '../lib/dates.js';
import {
  badRequest,
  conflict,
  HttpError,
  notFound,
  pgCode,
  PG_UNIQUE_VIOLATION,
} from '../lib/errors.js';
import { checkEntryAccount, lockAccounts } from './accounts.js';
import { refuseClosedPeriod } from './closed-period.js';
import { lockParties, lockParty } from './parties.js';
import { correctionKey, correctionOf, findByKeys, writeOnce } from './idempotency.js';
import {
  ENTRY_COLUMNS,
  insertEntries,
  insertEntry,
  insertReversal,
  type WrittenEntry,
} from './write.js';

export interface NewEntry {
  kind: EntryKind;
  partyId: number;
  amount: number;
  creditDebit: CreditDebit;
  description: string;
  /** YYYY-MM-DD; today when left out. */
  date?: string;
  idempotencyKey?: string;
  /** The money account; the default when left out; none for an invoice (income Debit). */
  accountId?: number;
  /** An admin's reason for an entry dated in the account's reconciled period. */
  reason?: string;
}

export const toEntry = (row: WrittenEntry): Entry => ({
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
  accountId: row.account_id,
});

/**
 * Refuses a day that does not exist, lies after today, or falls in the closed period. Inside a
 * transaction, the share lock on the books row keeps the closing day from moving until the
 * entry is in.
 */
export async function checkEntryDate(tx: Db, day: string, today: string): Promise<void> {
  if (!isRealDay(day)) throw badRequest(apiMessages.dateInvalid);
  if (day > today) throw badRequest(apiMessages.dateInFuture);
  await refuseClosedPeriod(tx, [day], 'entry');
}

/** The checks that need no database: cents, Credit only, a real day. */
function checkNewEntry(input: NewEntry): void {
  if (!hasAtMostTwoDecimals(input.amount)) throw badRequest('amount must have at most 2 decimals');
  if (input.kind !== 'income' && input.creditDebit !== 'Credit')
    throw badRequest(apiMessages.creditOnly);
  checkEntryAccount(input);
  if (input.date !== undefined && !isRealDay(input.date)) throw badRequest(apiMessages.dateInvalid);
}

/** Writes one entry and its activity line inside `tx`, after every check. */
async function writeEntry(
  tx: Db,
  userId: number,
  input: NewEntry,
  today: string,
  within?: (tx: Db, entry: Entry) => Promise<Record<string, unknown>>,
): Promise<Entry> {
  const day = input.date ?? today;
  await checkEntryDate(tx, day, today);
  const partyName = await lockParty(tx, input.kind, input.partyId);
  await lockAccounts(tx, [input.accountId]);
  const row = await insertEntry(
    tx,
    {
      kind: input.kind,
      partyId: input.partyId,
      partyName,
      amount: plainMoney(input.amount),
      creditDebit: input.creditDebit,
      description: input.description,
      date: day,
      accountId: input.accountId,
    },
    { userId, idempotencyKey: input.idempotencyKey, reason: input.reason },
  );
  const entry = toEntry(row);
  const also = within ? await within(tx, entry) : {};
  await audit(tx, {
    actorId: userId,
    action: 'create',
    entity: ENTRY_RECORD_KINDS[input.kind],
    entityId: entry.id,
    after: { ...entry, ...also },
  });
  return entry;
}

const sameSubmission = (row: WrittenEntry, input: NewEntry) =>
  row.kind === input.kind &&
  row.party_id === input.partyId &&
  row.amount === plainMoney(input.amount) &&
  row.credit_debit === input.creditDebit &&
  row.description === input.description &&
  (input.accountId === undefined || row.account_id === input.accountId) &&
  (input.date === undefined || row.entry_date === input.date);

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
  checkNewEntry(input);
  const { result, created } = await writeOnce(
    async () => {
      const key = input.idempotencyKey;
      if (!key) return undefined;
      // A key is its call's: one a reversal or a correction used is not a new entry's.
      const corrected = correctionOf(key);
      const [earlier, correction] = await findByKeys(
        db,
        userId,
        corrected ? [key, corrected] : [key],
      );
      if (
        earlier &&
        (earlier.reverses_id !== null || (correction && correction.reverses_id !== null))
      )
        throw conflict(apiMessages.idempotencyConflict);
      if (earlier && !sameSubmission(earlier, input))
        throw conflict(apiMessages.idempotencyConflict);
      return earlier && toEntry(earlier);
    },
    () => db.transaction().execute((tx) => writeEntry(tx, userId, input, today, within)),
    // Two requests with the same key at once: the loser answers with the winner's entry.
    (error) =>
      pgCode(error) === PG_UNIQUE_VIOLATION && input.idempotencyKey
        ? { refusal: error }
        : undefined,
  );
  return { entry: result, created };
}

/**
 * Locks an entry that may be reversed (the row lock makes a second reversal of the same entry
 * wait for this one and then see it) and answers it: 404 when there is none, 409 for a reversal,
 * an entry reversed already, or one in the closed period.
 */
async function lockReversible(tx: Db, id: number): Promise<WrittenEntry> {
  const { rows } = await sql<WrittenEntry & { reversed_by: number | null }>`
    SELECT ${ENTRY_COLUMNS},
           (SELECT r.id FROM entries r WHERE r.reverses_id = e.id) AS reversed_by
    FROM entries e WHERE id = ${id} FOR UPDATE`.execute(tx);
  const original = rows[0];
  if (!original) throw notFound(apiMessages.entryNotFound);
  if (original.reverses_id !== null) throw conflict(apiMessages.reversalNotReversible);
  if (original.reversed_by !== null) throw conflict(apiMessages.alreadyReversed);
  await refuseClosedPeriod(tx, [original.entry_date], 'entry');
  return original;
}

/** Writes the reversal of a locked entry and its activity line inside `tx`. */
async function writeReversal(
  tx: Db,
  userId: number,
  original: WrittenEntry,
  input: { reason: string; idempotencyKey?: string },
): Promise<Entry> {
  const row = await insertReversal(tx, original.id, input.reason, {
    userId,
    idempotencyKey: input.idempotencyKey,
  });
  if (!row) throw notFound(apiMessages.entryNotFound);
  const entry = toEntry(row);
  await audit(tx, {
    actorId: userId,
    action: 'reverse',
    entity: ENTRY_RECORD_KINDS[original.kind],
    entityId: original.id,
    before: toEntry(original),
    after: { reason: input.reason, reversal: entry },
  });
  return entry;
}

/**
 * Two calls with the same key at once: the second finds the entry reversed (or hits the unique
 * index) and answers with the first one's result.
 */
const lostReversalRace = (error: unknown) =>
  pgCode(error) === PG_UNIQUE_VIOLATION ||
  (error instanceof HttpError && error.message === apiMessages.alreadyReversed)
    ? { refusal: conflict(apiMessages.alreadyReversed) }
    : undefined;

/** Returns the reversal and whether it was recorded now (false: a repeat of an earlier key). */
export async function reverseEntry(
  db: Db,
  userId: number,
  input: { id: number; reason: string; idempotencyKey?: string },
): Promise<{ entry: Entry; created: boolean }> {
  const reason = input.reason.trim();
  const { result, created } = await writeOnce(
    async () => {
      const key = input.idempotencyKey;
      if (!key) return undefined;
      // A key is its call's: the reversal a correction wrote under it is not a reversal's answer.
      const [earlier, corrected] = await findByKeys(db, userId, [key, correctionKey(key)]);
      if (
        corrected ||
        (earlier && (earlier.reverses_id !== input.id || earlier.description !== reason))
      )
        throw conflict(apiMessages.reverseKeyConflict);
      return earlier && toEntry(earlier);
    },
    () =>
      db.transaction().execute(async (tx) => {
        const original = await lockReversible(tx, input.id);
        return writeReversal(tx, userId, original, { ...input, reason });
      }),
    lostReversalRace,
  );
  return { entry: result, created };
}

/** The fields a correction may change; one left out keeps the entry's value. */
export type EntryChanges = Partial<
  Pick<NewEntry, 'partyId' | 'amount' | 'creditDebit' | 'description' | 'date' | 'accountId'>
>;

export interface Correction {
  id: number;
  reason: string;
  changes: EntryChanges;
  /** Kept on the reversal; the corrected entry holds it too, under correctionKey. */
  idempotencyKey?: string;
}

/** True when the stored entry has every value the changes give. */
const hasChanges = (row: WrittenEntry, changes: EntryChanges) =>
  (changes.partyId === undefined || row.party_id === changes.partyId) &&
  (changes.amount === undefined || row.amount === plainMoney(changes.amount)) &&
  (changes.creditDebit === undefined || row.credit_debit === changes.creditDebit) &&
  (changes.description === undefined || row.description === changes.description) &&
  (changes.date === undefined || row.entry_date === changes.date) &&
  (changes.accountId === undefined || row.account_id === changes.accountId);

/** Writes a correction inside `tx`: every check first, then the reversal, then the entry. */
async function writeCorrection(
  tx: Db,
  userId: number,
  input: Correction,
  today: string,
  within?: (tx: Db, entry: Entry) => Promise<Record<string, unknown>>,
): Promise<{ reversal: Entry; entry: Entry }> {
  const original = await lockReversible(tx, input.id);
  const { changes } = input;
  const creditDebit = changes.creditDebit ?? original.credit_debit;
  const corrected: NewEntry = {
    kind: original.kind,
    partyId: changes.partyId ?? original.party_id,
    amount: changes.amount ?? amountNumber(original.amount),
    creditDebit,
    description: changes.description ?? original.description,
    date: changes.date ?? original.entry_date,
    // Money moved stays in its account unless another is given (an invoice made a receipt
    // goes to the default account); an invoice names none, and one given is refused.
    accountId:
      creditDebit === 'Debit'
        ? changes.accountId
        : (changes.accountId ?? original.account_id ?? undefined),
    idempotencyKey: input.idempotencyKey && correctionKey(input.idempotencyKey),
    reason: input.reason,
  };
  if (sameSubmission(original, corrected)) throw badRequest(apiMessages.correctionChangesNothing);
  checkNewEntry(corrected);
  // Whatever writeEntry refuses (the new day, the party) undoes the reversal with it.
  const reversal = await writeReversal(tx, userId, original, input);
  const entry = await writeEntry(tx, userId, corrected, today, async (inner, written) => ({
    correctionOf: original.id,
    reversal: reversal.id,
    ...(within ? await within(inner, written) : {}),
  }));
  return { reversal, entry };
}

/**
 * Corrects an entry: its reversal and the corrected entry, both in one transaction, so the books
 * never show one without the other. Entries stay immutable; the journal shows both. `within`
 * runs in the transaction once the corrected entry is written (its receipts carried over); what
 * it answers goes in the entry's activity line. Answers whether it was recorded now (false: a
 * repeat of an earlier key).
 */
export async function correctEntry(
  db: Db,
  userId: number,
  input: Correction,
  today: string,
  within?: (tx: Db, entry: Entry) => Promise<Record<string, unknown>>,
): Promise<{ reversal: Entry; entry: Entry; created: boolean }> {
  const correction: Correction = { ...input, reason: input.reason.trim() };
  const { result, created } = await writeOnce(
    async () => {
      const key = correction.idempotencyKey;
      if (!key) return undefined;
      // Both in one read: the winner of a race commits them together.
      const [reversal, entry] = await findByKeys(db, userId, [key, correctionKey(key)]);
      if (!reversal && !entry) return undefined;
      if (
        !reversal ||
        !entry ||
        reversal.reverses_id !== correction.id ||
        reversal.description !== correction.reason ||
        !hasChanges(entry, correction.changes)
      )
        throw conflict(apiMessages.correctKeyConflict);
      return { reversal: toEntry(reversal), entry: toEntry(entry) };
    },
    () => db.transaction().execute((tx) => writeCorrection(tx, userId, correction, today, within)),
    lostReversalRace,
  );
  return { ...result, created };
}

/**
 * Writes many entries in `tx` as the form would write each one (the same checks: cents, Credit
 * only, a real day neither after today nor closed, an existing party, an Active expense type),
 * linked to a batch the caller created (createBatch); answers their ids in order. For writers of
 * many entries at once, such as entries made from bank statement lines.
 */
export async function recordEntries(
  tx: Db,
  userId: number | null,
  inputs: readonly Omit<NewEntry, 'idempotencyKey'>[],
  today: string,
  batchId: number,
): Promise<number[]> {
  for (const input of inputs) checkNewEntry(input);
  const days = new Set(inputs.map((input) => input.date ?? today));
  for (const day of [...days].sort()) await checkEntryDate(tx, day, today);
  const names = new Map<string, string>();
  for (const kind of ['income', 'salary', 'expense'] as const) {
    const ids = inputs.filter((input) => input.kind === kind).map((input) => input.partyId);
    for (const [id, name] of await lockParties(tx, kind, ids)) names.set(`${kind}:${id}`, name);
  }
  await lockAccounts(
    tx,
    inputs.map((input) => input.accountId),
  );
  return insertEntries(
    tx,
    inputs.map((input) => ({
      kind: input.kind,
      partyId: input.partyId,
      partyName: names.get(`${input.kind}:${input.partyId}`)!,
      amount: plainMoney(input.amount),
      creditDebit: input.creditDebit,
      description: input.description,
      date: input.date ?? today,
      accountId: input.accountId,
    })),
    { userId, batchId },
  );
}
