// Reconciling an account with its bank statement (issue 33, decision 023): the worklist with
// suggestions, matching (one line to one or several entries or transfers; an entry matches at
// most one line, kept by the database), entries made from lines through the books writer,
// exclusions, rules that propose an entry, and "reconciled through" a day, which locks matches.
import { sql } from 'kysely';
import {
  accountMessages as m,
  centsOf,
  centsText,
  formatMoney,
  fromCents,
  type BankRule,
  type BankRuleBody,
  type Entry,
  type EntryKind,
  type MatchBody,
  type Proposal,
  type StatementLine,
  type Suggestion,
  type Worklist,
  type WorklistEntry,
} from 'contract';
import type { Db } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { addDays, isRealDay } from '../lib/dates.js';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  pgCode,
  PG_UNIQUE_VIOLATION,
} from '../lib/errors.js';
import { parseWorklistCursor, worklistCursor } from '../lib/page-cursor.js';
import { lockParty, recordEntry } from '../books/index.js';
import { getAccount } from '../repositories/accounts.js';

/** Suggestions kept per line. */
const SUGGESTIONS = 5;
/** Entries a many-to-one suggestion is sought among, per line, and the most it adds up. */
const SET_CANDIDATES = 12;
const SET_SIZE = 3;

const money = (text: string) => fromCents(centsOf(text)) as number;

export async function suggestionDays(db: Db): Promise<number> {
  const { rows } = await sql<{
    days: number;
  }>`SELECT suggestion_days AS days FROM bank_settings`.execute(db);
  return rows[0]?.days ?? 7;
}

export async function setSuggestionDays(db: Db, userId: number, days: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const before = await suggestionDays(tx);
    await sql`UPDATE bank_settings SET suggestion_days = ${days}`.execute(tx);
    await audit(tx, {
      actorId: userId,
      action: 'update',
      entity: 'account',
      entityId: null,
      before: { suggestionDays: before },
      after: { suggestionDays: days },
    });
    return days;
  });
}

// ------------------------------------------------------------------------------- similarity

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .normalize('NFKD')
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 2),
  );

/** 0 to 1: the share of the entry's words (party and description) found in the line's text. */
export function similarity(lineText: string, party: string, description: string): number {
  const line = words(lineText);
  const entry = words(`${party} ${description}`);
  if (line.size === 0 || entry.size === 0) return 0;
  let shared = 0;
  for (const word of entry) if (line.has(word)) shared += 1;
  const partyWords = words(party);
  let partyShared = 0;
  for (const word of partyWords) if (line.has(word)) partyShared += 1;
  return 0.7 * (shared / entry.size) + 0.3 * (partyWords.size ? partyShared / partyWords.size : 0);
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** 0 to 100: date distance first (up to 60), then how well the names agree (up to 40). */
const scoreOf = (distance: number, days: number, alike: number) =>
  Math.round((60 * (1 - distance / (days + 1)) + 40 * alike) * 100) / 100;

/** Strong: near in date (3 days) or well named; "Accept all" takes a lone strong one. */
const isStrong = (distance: number, alike: number) => distance <= 3 || alike >= 0.5;

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

async function accountOf(
  db: Db,
  accountId: number,
): Promise<{ reconciled_through: string | null }> {
  const { rows } = await sql<{ reconciled_through: string | null }>`
    SELECT reconciled_through FROM accounts WHERE id = ${accountId}`.execute(db);
  if (!rows[0]) throw notFound(m.accountNotFound);
  return rows[0];
}

/** An entry is open to matching: this account's, not reversed or a reversal, matched to none. */
const OPEN_ENTRY = sql`e.credit_debit = 'Credit' AND e.reverses_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM entries r WHERE r.reverses_id = e.id)
  AND NOT EXISTS (SELECT 1 FROM statement_matches sm WHERE sm.entry_id = e.id)`;

type OpenLine = { id: number; date: string; cents: bigint; text: string };

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
            score: scoreOf(distance, days, alike) - 10,
            strong: false,
          };
        })
        .sort((a, b) => b.score - a.score),
    );
  }
  return found;
}

async function enabledRules(db: Db): Promise<BankRule[]> {
  return (await listRules(db)).filter((rule) => rule.enabled);
}

/** The first enabled rule whose text is in the line and whose amount range holds it. */
export function proposalFor(
  rules: readonly BankRule[],
  line: { cents: bigint; text: string },
): Proposal | null {
  const size = Number(centsText(line.cents < 0n ? -line.cents : line.cents));
  const text = line.text.toLowerCase();
  for (const rule of rules) {
    if (!text.includes(rule.contains.toLowerCase())) continue;
    if ((rule.kind === 'income') !== line.cents > 0n) continue;
    if (rule.minAmount !== null && size < rule.minAmount) continue;
    if (rule.maxAmount !== null && size > rule.maxAmount) continue;
    return {
      ruleId: rule.id,
      kind: rule.kind,
      partyId: rule.partyId,
      description: rule.description,
    };
  }
  return null;
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
    for (const [id, found] of await suggestionsFor(db, accountId, chunk, days))
      single.set(id, found);
    const rest = chunk.filter((line) => !single.has(line.id));
    for (const [id, found] of await setSuggestionsFor(db, accountId, rest, days))
      sets.set(id, found);
  }
  const rules = await enabledRules(db);
  const lines: StatementLine[] = page.map((row) => {
    const id = Number(row.id);
    const unmatched = row.status === 'unmatched';
    return {
      id,
      date: row.line_date,
      amount: money(row.amount),
      description: row.description,
      reference: row.reference,
      bankBalance: row.bank_balance === null ? null : money(row.bank_balance),
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
    amount: money(row.kind === 'income' ? row.amount : `-${row.amount}`),
  }));
  const last = page[page.length - 1];
  return {
    lines,
    entries,
    next:
      rows.length > limit && last
        ? worklistCursor({ date: last.line_date, id: Number(last.id) })
        : null,
  };
}

// --------------------------------------------------------------------------------- matching

interface LockedLine {
  id: number;
  account_id: number;
  line_date: string;
  amount: string;
  description: string;
  reference: string;
  status: StatementLine['status'];
}

/** Locks a line of the account (FOR UPDATE: two clerks on one line take turns). */
async function lockLine(tx: Db, accountId: number, lineId: number): Promise<LockedLine> {
  const { rows } = await sql<LockedLine>`
    SELECT id, account_id, line_date, amount::text AS amount, description, reference, status
    FROM statement_lines WHERE id = ${lineId} AND account_id = ${accountId} FOR UPDATE`.execute(tx);
  if (!rows[0]) throw notFound(m.lineNotFound);
  return rows[0];
}

/** One line, read as the worklist reads it. */
async function lineOut(db: Db, accountId: number, lineId: number): Promise<StatementLine> {
  const { lines } = await worklist(db, accountId, { status: 'all', limit: 1 }, lineId);
  return lines[0]!;
}

/** Matches the line to entries and transfers in `tx` (the line locked and unmatched). */
async function writeMatch(
  tx: Db,
  userId: number,
  line: LockedLine,
  entryIds: readonly number[],
  transferIds: readonly number[],
  /** False when the caller's own activity row tells of the match (an entry made from the line). */
  audited = true,
): Promise<void> {
  if (line.status !== 'unmatched') throw conflict(m.lineNotUnmatched);
  if (entryIds.length + transferIds.length === 0) throw badRequest(m.matchNeedsEntries);
  let sum = 0n;
  if (entryIds.length) {
    const { rows } = await sql<{ id: number; kind: EntryKind; amount: string }>`
      SELECT e.id, e.kind, e.amount::text AS amount FROM entries e
      WHERE e.id = ANY(${entryIds}::bigint[]) AND e.account_id = ${line.account_id}
        AND e.credit_debit = 'Credit' AND e.reverses_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM entries r WHERE r.reverses_id = e.id)
      FOR SHARE`.execute(tx);
    if (rows.length !== entryIds.length) throw conflict(m.entryNotOfAccount);
    for (const row of rows) sum += (row.kind === 'income' ? 1n : -1n) * centsOf(row.amount);
  }
  if (transferIds.length) {
    const { rows } = await sql<{ id: number; amount: string; from_account_id: number }>`
      SELECT t.id, t.amount::text AS amount, t.from_account_id FROM account_transfers t
      WHERE t.id = ANY(${transferIds}::bigint[]) AND t.reverses_id IS NULL
        AND ${line.account_id} IN (t.from_account_id, t.to_account_id)
        AND NOT EXISTS (SELECT 1 FROM account_transfers r WHERE r.reverses_id = t.id)
      FOR SHARE`.execute(tx);
    if (rows.length !== transferIds.length) throw conflict(m.entryNotOfAccount);
    for (const row of rows)
      sum += (row.from_account_id === line.account_id ? -1n : 1n) * centsOf(row.amount);
  }
  if (sum !== centsOf(line.amount)) throw badRequest(m.matchSumDiffers);
  await sql`
    INSERT INTO statement_matches (line_id, account_id, entry_id, transfer_id, matched_by)
    SELECT ${line.id}::bigint, ${line.account_id}::integer, e, NULL::bigint, ${userId}::integer
    FROM unnest(${entryIds}::bigint[]) AS e
    UNION ALL
    SELECT ${line.id}::bigint, ${line.account_id}::integer, NULL::bigint, t, ${userId}::integer
    FROM unnest(${transferIds}::bigint[]) AS t`.execute(tx);
  await sql`UPDATE statement_lines SET status = 'matched' WHERE id = ${line.id}`.execute(tx);
  if (!audited) return;
  await audit(tx, {
    actorId: userId,
    action: 'matched',
    entity: 'statement_line',
    entityId: line.id,
    after: {
      accountId: line.account_id,
      date: line.line_date,
      amount: money(line.amount),
      entryIds,
      transferIds,
    },
  });
}

/** A unique index refusing a second match of an entry: someone else matched it first. */
const raced = (error: unknown) => {
  if (pgCode(error) === PG_UNIQUE_VIOLATION) return conflict(m.alreadyMatched);
  return error;
};

export async function matchLine(
  db: Db,
  userId: number,
  accountId: number,
  body: MatchBody,
): Promise<StatementLine> {
  await accountOf(db, accountId);
  try {
    await db.transaction().execute(async (tx) => {
      const line = await lockLine(tx, accountId, body.lineId);
      await writeMatch(tx, userId, line, body.entryIds, body.transferIds ?? []);
    });
  } catch (error) {
    throw raced(error);
  }
  return lineOut(db, accountId, body.lineId);
}

/** Unmatched lines one call of "Accept all suggested" looks at (the client calls again). */
const ACCEPT_LINES_PER_CALL = 200;

export async function acceptSuggested(
  db: Db,
  userId: number,
  accountId: number,
  after?: string,
): Promise<{ matched: number; lineIds: number[]; next: string | null }> {
  await accountOf(db, accountId);
  const lineIds: number[] = [];
  const taken = new Set<number>();
  const page = await worklist(db, accountId, {
    status: 'unmatched',
    limit: ACCEPT_LINES_PER_CALL,
    after,
  });
  for (const line of page.lines) {
    const strong = line.suggestions.filter((suggestion) => suggestion.strong);
    if (strong.length !== 1) continue;
    const entryIds = strong[0]!.entryIds;
    if (entryIds.some((id) => taken.has(id))) continue;
    try {
      await db.transaction().execute(async (tx) => {
        await writeMatch(tx, userId, await lockLine(tx, accountId, line.id), entryIds, []);
      });
      entryIds.forEach((id) => taken.add(id));
      lineIds.push(line.id);
    } catch (error) {
      // Matched meanwhile by someone else: left as it is.
      if (pgCode(error) === PG_UNIQUE_VIOLATION || error instanceof HttpError) continue;
      throw error;
    }
  }
  return { matched: lineIds.length, lineIds, next: page.next };
}

export async function unmatchLine(
  db: Db,
  user: { id: number; role: string },
  accountId: number,
  lineId: number,
  reason: string,
): Promise<StatementLine> {
  const account = await accountOf(db, accountId);
  await db.transaction().execute(async (tx) => {
    const line = await lockLine(tx, accountId, lineId);
    if (line.status !== 'matched') throw conflict(m.lineNotMatched);
    const reconciled =
      account.reconciled_through !== null && line.line_date <= account.reconciled_through;
    if (reconciled && user.role !== 'admin') throw forbidden(m.reconciledLocked);
    const { rows } = await sql<{ entry_id: number | null; transfer_id: number | null }>`
      DELETE FROM statement_matches WHERE line_id = ${lineId} RETURNING entry_id, transfer_id`.execute(
      tx,
    );
    await sql`UPDATE statement_lines SET status = 'unmatched' WHERE id = ${lineId}`.execute(tx);
    await audit(tx, {
      actorId: user.id,
      action: 'unmatched',
      entity: 'statement_line',
      entityId: lineId,
      before: {
        entryIds: rows.flatMap((row) => (row.entry_id === null ? [] : [Number(row.entry_id)])),
        transferIds: rows.flatMap((row) =>
          row.transfer_id === null ? [] : [Number(row.transfer_id)],
        ),
        reconciled,
      },
      after: { reason: reason.trim() },
    });
  });
  return lineOut(db, accountId, lineId);
}

export async function excludeLine(
  db: Db,
  userId: number,
  accountId: number,
  lineId: number,
  reason: string,
): Promise<StatementLine> {
  await accountOf(db, accountId);
  await db.transaction().execute(async (tx) => {
    const line = await lockLine(tx, accountId, lineId);
    if (line.status !== 'unmatched') throw conflict(m.lineNotUnmatched);
    await sql`UPDATE statement_lines SET status = 'excluded', excluded_reason = ${reason.trim()},
              excluded_by = ${userId} WHERE id = ${lineId}`.execute(tx);
    await audit(tx, {
      actorId: userId,
      action: 'excluded',
      entity: 'statement_line',
      entityId: lineId,
      after: { accountId, date: line.line_date, amount: money(line.amount), reason: reason.trim() },
    });
  });
  return lineOut(db, accountId, lineId);
}

/**
 * Records the entry a line shows (its amount, day and account; money in is income, out an
 * expense or salary) through the books writer, and matches it, in one transaction. A line in the
 * closed period is refused there (it can still be matched to an existing entry).
 */
export async function entryFromLine(
  db: Db,
  userId: number,
  accountId: number,
  lineId: number,
  body: { kind: EntryKind; partyId: number; description?: string },
  today: string,
): Promise<Entry> {
  await accountOf(db, accountId);
  const { rows } = await sql<LockedLine>`
    SELECT id, account_id, line_date, amount::text AS amount, description, reference, status
    FROM statement_lines WHERE id = ${lineId} AND account_id = ${accountId}`.execute(db);
  const line = rows[0];
  if (!line) throw notFound(m.lineNotFound);
  if (line.status !== 'unmatched') throw conflict(m.lineNotUnmatched);
  const cents = centsOf(line.amount);
  if ((body.kind === 'income') !== cents > 0n) throw badRequest(m.entryKindFromSign);
  try {
    const { entry } = await recordEntry(
      db,
      userId,
      {
        kind: body.kind,
        partyId: body.partyId,
        amount: Number(centsText(cents < 0n ? -cents : cents)),
        creditDebit: 'Credit',
        description: (body.description ?? line.description).trim().slice(0, 500),
        date: line.line_date,
        accountId,
      },
      today,
      async (tx, recorded) => {
        // The entry's one activity row tells of the match too.
        await writeMatch(
          tx,
          userId,
          await lockLine(tx, accountId, lineId),
          [recorded.id],
          [],
          false,
        );
        return { statementLineId: lineId, matched: true };
      },
    );
    return entry;
  } catch (error) {
    throw raced(error);
  }
}

// ------------------------------------------------------------------------------ reconciled

export async function markReconciled(
  db: Db,
  userId: number,
  accountId: number,
  body: { through: string; closingBalance: number | string },
  today: string,
) {
  if (!isRealDay(body.through)) throw badRequest('through must be a valid date');
  const closing = centsOf(body.closingBalance);
  await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{
      opening_balance: string;
      opening_date: string;
      reconciled_through: string | null;
    }>`
      SELECT opening_balance::text AS opening_balance, opening_date, reconciled_through
      FROM accounts WHERE id = ${accountId} FOR UPDATE`.execute(tx);
    const account = rows[0];
    if (!account) throw notFound(m.accountNotFound);
    if (body.through < account.opening_date) throw conflict(m.reconcileBeforeOpening);
    const sums = await sql<{ total: string }>`
      SELECT coalesce(sum(amount), 0)::text AS total FROM statement_lines
      WHERE account_id = ${accountId} AND status = 'matched' AND line_date <= ${body.through}::date`.execute(
      tx,
    );
    const books = centsOf(account.opening_balance) + centsOf(sums.rows[0]!.total);
    if (books !== closing)
      throw conflict(`${m.reconcileDiffers} ${formatMoney(centsText(closing - books))}`);
    await sql`UPDATE accounts SET reconciled_through = ${body.through}::date, updated_at = now()
              WHERE id = ${accountId}`.execute(tx);
    await audit(tx, {
      actorId: userId,
      action: 'reconciled',
      entity: 'account',
      entityId: accountId,
      before: { reconciledThrough: account.reconciled_through },
      after: { reconciledThrough: body.through, closingBalance: money(centsText(closing)) },
    });
  });
  return getAccount(db, accountId, today);
}

// ------------------------------------------------------------------------------------ rules

interface RuleRow {
  id: number;
  contains: string;
  min_amount: string | null;
  max_amount: string | null;
  kind: EntryKind;
  party_id: number;
  party_name: string | null;
  description: string;
  enabled: boolean;
}

export async function listRules(db: Db, id?: number): Promise<BankRule[]> {
  const { rows } = await sql<RuleRow>`
    SELECT r.id, r.contains, r.min_amount::text AS min_amount, r.max_amount::text AS max_amount,
           r.kind, r.party_id, r.description, r.enabled,
           CASE r.kind WHEN 'income' THEN (SELECT name FROM clients WHERE id = r.party_id)
                       WHEN 'salary' THEN (SELECT name FROM employees WHERE id = r.party_id)
                       ELSE (SELECT expancetype FROM expense_types WHERE id = r.party_id) END AS party_name
    FROM bank_rules r
    ${id === undefined ? sql`` : sql`WHERE r.id = ${id}`}
    ORDER BY r.id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    contains: row.contains,
    minAmount: row.min_amount === null ? null : money(row.min_amount),
    maxAmount: row.max_amount === null ? null : money(row.max_amount),
    kind: row.kind,
    partyId: row.party_id,
    partyName: row.party_name ?? '',
    description: row.description,
    enabled: row.enabled,
  }));
}

function ruleValues(body: BankRuleBody) {
  const bound = (value: number | null | undefined) =>
    value === null || value === undefined ? null : centsText(centsOf(value));
  const min = bound(body.minAmount);
  const max = bound(body.maxAmount);
  if (min !== null && max !== null && centsOf(min) > centsOf(max))
    throw badRequest('minAmount must not be above maxAmount');
  return { contains: body.contains.trim(), min, max, description: (body.description ?? '').trim() };
}

export async function saveRule(
  db: Db,
  userId: number,
  body: BankRuleBody,
  id?: number,
): Promise<BankRule> {
  const v = ruleValues(body);
  return db.transaction().execute(async (tx) => {
    await lockParty(tx, body.kind, body.partyId);
    let ruleId = id;
    const before = id === undefined ? undefined : (await listRules(tx, id))[0];
    if (id !== undefined) {
      if (!before) throw notFound(m.ruleNotFound);
      await sql`
        UPDATE bank_rules SET contains = ${v.contains}, min_amount = ${v.min}::numeric,
               max_amount = ${v.max}::numeric, kind = ${body.kind}, party_id = ${body.partyId},
               description = ${v.description}, enabled = ${body.enabled ?? true}, updated_at = now()
        WHERE id = ${id}`.execute(tx);
    } else {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO bank_rules (contains, min_amount, max_amount, kind, party_id, description, enabled, created_by)
        VALUES (${v.contains}, ${v.min}::numeric, ${v.max}::numeric, ${body.kind}, ${body.partyId},
                ${v.description}, ${body.enabled ?? true}, ${userId})
        RETURNING id`.execute(tx);
      ruleId = rows[0]!.id;
    }
    const rule = (await listRules(tx, ruleId))[0]!;
    await audit(tx, {
      actorId: userId,
      action: id === undefined ? 'create' : 'update',
      entity: 'bank_rule',
      entityId: rule.id,
      before,
      after: rule,
    });
    return rule;
  });
}
