// Reconciling an account with its bank statement (issue 33, decision 023): the worklist of
// statement lines with the entries suggested for each (one entry, or a set adding up to the line)
// and the transfers (transfer-suggestions.ts). "Accept all suggested" is in accept-suggested.ts,
// matching by hand, exclusions and entries made from lines in matching.ts, "reconciled through"
// in reconciled.ts, the rules and settings in rules.ts, the scores in suggestion-score.ts.
import { sql } from 'kysely';
import {
  accountMessages as m,
  centsOf,
  centsText,
  type EntryKind,
  type StatementLine,
  type Suggestion,
  type Worklist,
  type WorklistEntry,
  amountNumber,
} from 'contract';
import type { Db } from '../db/index.js';
import { addDays } from '../lib/dates.js';
import { notFound } from '../lib/errors.js';
import { parseWorklistCursor, worklistCursor } from '../lib/page-cursor.js';
import { listRules, suggestionDays } from './rules.js';
import { proposalFor } from './rule-match.js';
import { dayNumber, isStrong, scoreOf, similarity } from './suggestion-score.js';
import { openTransfers, transferSuggestionsFor, type OpenLine } from './transfer-suggestions.js';

/** Suggestions kept per line. */
const SUGGESTIONS = 5;
/** Entries a many-to-one suggestion is sought among, per line, and the most it adds up. */
const SET_CANDIDATES = 12;
const SET_SIZE = 3;

// --------------------------------------------------------------------------------- worklist

interface LineRow {
  id: string | number;
  line_date: string;
  amount: string;
  description: string;
  reference: string;
  bank_balance: string | null;
  status: StatementLine['status'];
  excluded_reason: string | null;
  entry_ids: (string | number)[] | null;
  transfer_ids: (string | number)[] | null;
  reconciled: boolean;
}

interface CandidateRow {
  line_id: string | number;
  id: string | number;
  entry_date: string;
  kind: EntryKind;
  party_id: number;
  party_name: string;
  description: string;
  amount: string;
}

export async function accountOf(
  db: Db,
  accountId: number,
): Promise<{ reconciled_through: string | null }> {
  const { rows } = await sql<{ reconciled_through: string | null }>`
    SELECT reconciled_through FROM accounts WHERE id = ${accountId}`.execute(db);
  if (!rows[0]) throw notFound(m.accountNotFound);
  return rows[0];
}

/** An entry is open to matching: this account's, not reversed or a reversal, matched to none. */
export const OPEN_ENTRY = sql`e.credit_debit = 'Credit' AND e.reverses_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM entries r WHERE r.reverses_id = e.id)
  AND NOT EXISTS (SELECT 1 FROM statement_matches sm WHERE sm.entry_id = e.id)`;

/** The higher score first; on a tie entries before a transfer, then the lower id. */
const bestFirst = (a: Suggestion, b: Suggestion) =>
  b.score - a.score ||
  b.entryIds.length - a.entryIds.length ||
  (a.entryIds[0] ?? a.transferIds[0]!) - (b.entryIds[0] ?? b.transferIds[0]!);

/** Lines whose suggestions one query looks for. */
const SUGGESTION_CHUNK = 100;

/**
 * Each line's open entries of its direction within `days`, nearest first: of the line's amount
 * (`same`: the index of migration 027 finds them), or smaller (`smaller`: parts of a set).
 */
async function candidates(
  db: Db,
  accountId: number,
  lines: readonly OpenLine[],
  days: number,
  amount: 'same' | 'smaller',
  limit: number,
): Promise<CandidateRow[]> {
  const { rows } = await sql<CandidateRow>`
    SELECT l.id AS line_id, e.id, e.entry_date, e.kind, e.party_id, e.party_name, e.description,
           e.amount::text AS amount
    FROM unnest(${lines.map((l) => l.id)}::bigint[], ${lines.map((l) => l.date)}::date[],
                ${lines.map((l) => centsText(l.cents))}::numeric[]) AS l(id, day, amount)
    CROSS JOIN LATERAL (
      SELECT e.id, e.entry_date, e.kind, e.party_id, e.party_name, e.description, e.amount
      FROM entries e
      WHERE e.account_id = ${accountId}
        AND ${amount === 'same' ? sql`e.amount = abs(l.amount)` : sql`e.amount < abs(l.amount)`}
        AND e.entry_date BETWEEN l.day - ${days}::int AND l.day + ${days}::int
        AND (e.kind = 'income') = (l.amount > 0) AND ${OPEN_ENTRY}
      ORDER BY abs(e.entry_date - l.day), e.id
      LIMIT ${limit}
    ) e`.execute(db);
  return rows;
}

/** For each line, its single-entry suggestions (same amount and direction, within `days`). */
async function suggestionsFor(
  db: Db,
  accountId: number,
  lines: readonly OpenLine[],
  days: number,
): Promise<Map<number, Suggestion[]>> {
  const found = new Map<number, Suggestion[]>();
  if (lines.length === 0) return found;
  const rows = await candidates(db, accountId, lines, days, 'same', 20);
  const byLine = new Map(lines.map((line) => [line.id, line]));
  for (const row of rows) {
    const line = byLine.get(Number(row.line_id))!;
    const distance = Math.abs(dayNumber(row.entry_date) - dayNumber(line.date));
    const alike = similarity(line.text, row.party_name, row.description);
    const list = found.get(line.id) ?? [];
    list.push({
      entryIds: [Number(row.id)],
      transferIds: [],
      score: scoreOf(distance, days, alike),
      strong: isStrong(distance, alike),
    });
    found.set(line.id, list);
  }
  for (const [id, list] of found)
    found.set(
      id,
      list
        .sort((a, b) => b.score - a.score || a.entryIds[0]! - b.entryIds[0]!)
        .slice(0, SUGGESTIONS),
    );
  return found;
}

/** For lines without a single match: sets of 2 or 3 entries of the same direction adding up to it. */
async function setSuggestionsFor(
  db: Db,
  accountId: number,
  lines: readonly OpenLine[],
  days: number,
): Promise<Map<number, Suggestion[]>> {
  const found = new Map<number, Suggestion[]>();
  if (lines.length === 0) return found;
  const rows = await candidates(db, accountId, lines, days, 'smaller', SET_CANDIDATES);
  const pools = new Map<number, CandidateRow[]>();
  for (const row of rows) {
    const list = pools.get(Number(row.line_id)) ?? [];
    list.push(row);
    pools.set(Number(row.line_id), list);
  }
  for (const line of lines) {
    const pool = pools.get(line.id) ?? [];
    const target = line.cents < 0n ? -line.cents : line.cents;
    const sets: CandidateRow[][] = [];
    const walk = (start: number, chosen: CandidateRow[], sum: bigint) => {
      if (sets.length >= SUGGESTIONS) return;
      if (chosen.length >= 2 && sum === target) {
        sets.push([...chosen]);
        return;
      }
      if (chosen.length === SET_SIZE) return;
      for (let i = start; i < pool.length; i += 1) {
        const cents = centsOf(pool[i]!.amount);
        if (sum + cents > target) continue;
        walk(i + 1, [...chosen, pool[i]!], sum + cents);
      }
    };
    walk(0, [], 0n);
    if (sets.length === 0) continue;
    found.set(
      line.id,
      sets
        .map((set) => {
          const distance = Math.max(
            ...set.map((row) => Math.abs(dayNumber(row.entry_date) - dayNumber(line.date))),
          );
          const alike = Math.max(
            ...set.map((row) => similarity(line.text, row.party_name, row.description)),
          );
          // A set is never "strong": the clerk accepts it by hand.
          return {
            entryIds: set.map((row) => Number(row.id)).sort((a, b) => a - b),
            transferIds: [],
            score: scoreOf(distance, days, alike) - 10,
            strong: false,
          };
        })
        .sort((a, b) => b.score - a.score),
    );
  }
  return found;
}

const lineText = (row: { description: string; reference: string }) =>
  `${row.description} ${row.reference}`;

export async function worklist(
  db: Db,
  accountId: number,
  query: { status?: 'unmatched' | 'all'; limit?: number; after?: string },
  /** One line only (the answer of a match, an unmatch or an exclusion). */
  only?: number,
): Promise<Worklist> {
  const account = await accountOf(db, accountId);
  const limit = query.limit ?? 200;
  const cursor = parseWorklistCursor(query.after);
  const days = await suggestionDays(db);
  const { rows } = await sql<LineRow>`
    SELECT l.id, l.line_date, l.amount::text AS amount, l.description, l.reference,
           l.bank_balance::text AS bank_balance, l.status, l.excluded_reason,
           (SELECT array_agg(sm.entry_id ORDER BY sm.entry_id) FROM statement_matches sm
            WHERE sm.line_id = l.id AND sm.entry_id IS NOT NULL) AS entry_ids,
           (SELECT array_agg(sm.transfer_id ORDER BY sm.transfer_id) FROM statement_matches sm
            WHERE sm.line_id = l.id AND sm.transfer_id IS NOT NULL) AS transfer_ids,
           l.status = 'matched' AND l.line_date <= ${account.reconciled_through}::date AS reconciled
    FROM statement_lines l
    WHERE l.account_id = ${accountId}
      ${query.status === 'all' ? sql`` : sql`AND l.status = 'unmatched'`}
      ${only === undefined ? sql`` : sql`AND l.id = ${only}`}
      ${cursor ? sql`AND (l.line_date, l.id) > (${cursor.date}::date, ${cursor.id}::bigint)` : sql``}
    ORDER BY l.line_date, l.id
    LIMIT ${limit + 1}`.execute(db);
  const page = rows.slice(0, limit);
  const open = page
    .filter((row) => row.status === 'unmatched')
    .map((row) => ({
      id: Number(row.id),
      date: row.line_date,
      cents: centsOf(row.amount),
      text: lineText(row),
    }));
  // A hundred lines a query: each query is a short piece of work, and other requests are
  // answered between them (a thousand lines at once held the embedded database for seconds).
  const single = new Map<number, Suggestion[]>();
  const sets = new Map<number, Suggestion[]>();
  for (let start = 0; start < open.length; start += SUGGESTION_CHUNK) {
    const chunk = open.slice(start, start + SUGGESTION_CHUNK);
    const ofEntries = await suggestionsFor(db, accountId, chunk, days);
    const ofTransfers = await transferSuggestionsFor(db, accountId, chunk, days);
    for (const line of chunk) {
      const found = [...(ofEntries.get(line.id) ?? []), ...(ofTransfers.get(line.id) ?? [])];
      if (found.length) single.set(line.id, found.sort(bestFirst).slice(0, SUGGESTIONS));
    }
    const rest = chunk.filter((line) => !single.has(line.id));
    for (const [id, found] of await setSuggestionsFor(db, accountId, rest, days))
      sets.set(id, found);
  }
  const rules = await listRules(db);
  const lines: StatementLine[] = page.map((row) => {
    const id = Number(row.id);
    const unmatched = row.status === 'unmatched';
    return {
      id,
      date: row.line_date,
      amount: amountNumber(row.amount),
      description: row.description,
      reference: row.reference,
      bankBalance: row.bank_balance === null ? null : amountNumber(row.bank_balance),
      status: row.status,
      entryIds: (row.entry_ids ?? []).map(Number),
      transferIds: (row.transfer_ids ?? []).map(Number),
      excludedReason: row.excluded_reason,
      reconciled: row.reconciled === true,
      suggestions: unmatched ? (single.get(id) ?? sets.get(id) ?? []) : [],
      proposal: unmatched
        ? proposalFor(rules, { cents: centsOf(row.amount), text: lineText(row) })
        : null,
    };
  });
  // The account's open entries around the page's lines (all of them without lines).
  const from = page[0] ? addDays(page[0].line_date, -days) : '1900-01-01';
  const to = page.length ? addDays(page[page.length - 1]!.line_date, days) : '9999-12-31';
  const { rows: entryRows } = await sql<Omit<CandidateRow, 'line_id'>>`
    SELECT e.id, e.entry_date, e.kind, e.party_id, e.party_name, e.description, e.amount::text AS amount
    FROM entries e
    WHERE e.account_id = ${accountId} AND e.entry_date BETWEEN ${from}::date AND ${to}::date
      AND ${OPEN_ENTRY}
    ORDER BY e.entry_date, e.id
    LIMIT 1000`.execute(db);
  const entries: WorklistEntry[] = entryRows.map((row) => ({
    id: Number(row.id),
    date: row.entry_date,
    kind: row.kind,
    partyId: row.party_id,
    partyName: row.party_name,
    description: row.description,
    amount: amountNumber(row.kind === 'income' ? row.amount : `-${row.amount}`),
  }));
  const last = page[page.length - 1];
  return {
    lines,
    entries,
    transfers: await openTransfers(db, accountId, from, to),
    next:
      rows.length > limit && last
        ? worklistCursor({ date: last.line_date, id: Number(last.id) })
        : null,
  };
}
