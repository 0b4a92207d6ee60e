// "Accept all suggested" (issue 33): the unmatched lines with exactly one strong suggestion
// (entries, or a transfer with another money account) matched to it, a bounded number a call.
import type { Db } from '../db/index.js';
import { HttpError, pgCode, PG_UNIQUE_VIOLATION } from '../lib/errors.js';
import { lockLine, writeMatch } from './match-write.js';
import { accountOf, worklist } from './reconcile.js';

/** Unmatched lines one call of "Accept all suggested" looks at (the client calls again). */
const ACCEPT_LINES_PER_CALL = 100;

export async function acceptSuggested(
  db: Db,
  userId: number,
  accountId: number,
  after?: string,
): Promise<{ matched: number; lineIds: number[]; next: string | null }> {
  await accountOf(db, accountId);
  const lineIds: number[] = [];
  // An entry, or a transfer, taken by an earlier line of this call is not matched again.
  const taken = { entries: new Set<number>(), transfers: new Set<number>() };
  const page = await worklist(db, accountId, {
    status: 'unmatched',
    limit: ACCEPT_LINES_PER_CALL,
    after,
  });
  for (const line of page.lines) {
    const strong = line.suggestions.filter((suggestion) => suggestion.strong);
    if (strong.length !== 1) continue;
    const { entryIds, transferIds } = strong[0]!;
    if (entryIds.some((id) => taken.entries.has(id))) continue;
    if (transferIds.some((id) => taken.transfers.has(id))) continue;
    try {
      await db.transaction().execute(async (tx) => {
        const locked = await lockLine(tx, accountId, line.id);
        await writeMatch(tx, userId, locked, entryIds, transferIds);
      });
      entryIds.forEach((id) => taken.entries.add(id));
      transferIds.forEach((id) => taken.transfers.add(id));
      lineIds.push(line.id);
    } catch (error) {
      // Matched meanwhile by someone else: left as it is.
      if (pgCode(error) === PG_UNIQUE_VIOLATION || error instanceof HttpError) continue;
      throw error;
    }
  }
  return { matched: lineIds.length, lineIds, next: page.next };
}
