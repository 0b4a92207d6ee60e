// Idempotency keys (an Idempotency-Key header): a repeated submission answers the first result
// instead of writing the money twice. A key is its call's: a new entry, a reversal and a
// correction each find only what their own kind of call stored under it. A correction stores its
// reversal under the key and its corrected entry under `correction:<key>`.
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { ENTRY_COLUMNS, type WrittenEntry } from './write.js';

/** The key the corrected entry of a correction is stored under (the reversal holds the key). */
export const CORRECTION = 'correction:';
export const correctionKey = (key: string) => `${CORRECTION}${key}`;
/** The correction's key when `key` is the one its corrected entry is stored under. */
export const correctionOf = (key: string) =>
  key.startsWith(CORRECTION) ? key.slice(CORRECTION.length) : undefined;

/**
 * The entries stored under each key, in the keys' order, read in one statement: one snapshot, so
 * a write that commits several keys at once is seen whole or not at all.
 */
export async function findByKeys(
  db: Db,
  userId: number,
  keys: readonly string[],
): Promise<(WrittenEntry | undefined)[]> {
  const { rows } = await sql<WrittenEntry & { idempotency_key: string }>`
    SELECT ${ENTRY_COLUMNS}, idempotency_key FROM entries
    WHERE created_by = ${userId} AND idempotency_key IN (${sql.join(keys)})`.execute(db);
  return keys.map((key) => {
    const row = rows.find((one) => one.idempotency_key === key);
    if (!row) return undefined;
    const { idempotency_key: _key, ...entry } = row;
    return entry;
  });
}

/**
 * A write made once per idempotency key: the earlier result of the key when there is one (the
 * check throws when it was another submission), else the write now. A write that lost a race to
 * the same key (`lost` says so) answers the winner's result, or `lost`'s refusal without one.
 */
export async function writeOnce<T>(
  earlier: () => Promise<T | undefined>,
  write: () => Promise<T>,
  lost: (error: unknown) => { refusal: unknown } | undefined,
): Promise<{ result: T; created: boolean }> {
  const first = await earlier();
  if (first) return { result: first, created: false };
  try {
    return { result: await write(), created: true };
  } catch (error) {
    const race = lost(error);
    if (!race) throw error;
    const winner = await earlier();
    if (winner) return { result: winner, created: false };
    throw race.refusal;
  }
}
