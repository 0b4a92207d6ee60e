// The opaque cursors of paged lists (docs/decisions/018-paging.md): a page's `next` is the
// position after its last row, tagged with the list it belongs to and written in base64url, so a
// client passes it back as `after` and never assembles one. For one release `after` also takes
// the journal's and ledgers' positions as they were written before (`YYYY-MM-DD_id`).
import { apiMessages } from 'contract';
import { badRequest } from './errors.js';
import { isRealDay } from './dates.js';

/** The lists that page; a cursor of one is refused by another. */
export type PagedList =
  | 'journal'
  | 'ledger'
  | 'activity'
  | 'batch'
  | 'register'
  | 'worklist'
  | 'general-ledger'
  | 'vouchers';

/** A (date, id) position in a list ordered by both. */
export interface Position {
  date: string;
  id: number;
}

const DATED = /^([0-9]{4}-[0-9]{2}-[0-9]{2})_([1-9][0-9]{0,17})$/;
const ID = /^[1-9][0-9]{0,17}$/;

export const encodeCursor = (list: PagedList, position: string): string =>
  Buffer.from(`${list}:${position}`, 'utf8').toString('base64url');

/** The position a cursor of `list` holds, or a 400 naming `after`. */
function positionOf(list: PagedList, cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const prefix = `${list}:`;
  // Decoding is lenient (it skips what is not base64url): the cursor must be exactly what
  // encodeCursor writes for the position it holds.
  if (!text.startsWith(prefix) || encodeCursor(list, text.slice(prefix.length)) !== cursor)
    throw badRequest(apiMessages.pageCursorNotValid);
  return text.slice(prefix.length);
}

const datedPosition = (text: string): Position | undefined => {
  const match = DATED.exec(text);
  if (!match || !isRealDay(match[1] ?? '')) return undefined;
  return { date: match[1] as string, id: Number(match[2]) };
};

/** The cursor after a row of a list ordered by (date, id). */
export const datedCursor = (list: 'ledger', row: Position): string =>
  encodeCursor(list, `${row.date}_${row.id}`);

/**
 * The (date, id) position of an `after`: a cursor of `list`, or (deprecated) the position itself
 * as `YYYY-MM-DD_id`. Undefined without one.
 */
export function parseDatedCursor(list: 'ledger', after: string | undefined): Position | undefined {
  if (!after) return undefined;
  const position = datedPosition(DATED.test(after) ? after : positionOf(list, after));
  if (!position) throw badRequest(apiMessages.pageCursorNotValid);
  return position;
}

/**
 * A position in the journal: newest first by date, on one day entries (source 0) before
 * vouchers (source 1), each newest first by id (entries and vouchers are numbered apart).
 */
export interface JournalPosition extends Position {
  source: 0 | 1;
}

const JOURNAL = /^([0-9]{4}-[0-9]{2}-[0-9]{2})_(v?)([1-9][0-9]{0,17})$/;

/** An entry's position is written as before (`YYYY-MM-DD_id`), a voucher's `YYYY-MM-DD_vid`. */
export const journalCursor = (row: JournalPosition): string =>
  encodeCursor('journal', `${row.date}_${row.source === 1 ? 'v' : ''}${row.id}`);

/**
 * The position of a journal `after`: a cursor, or (deprecated) an entry's position itself as
 * `YYYY-MM-DD_id`. Undefined without one.
 */
export function parseJournalCursor(after: string | undefined): JournalPosition | undefined {
  if (!after) return undefined;
  const match = JOURNAL.exec(DATED.test(after) ? after : positionOf('journal', after));
  if (!match || !isRealDay(match[1] ?? '')) throw badRequest(apiMessages.pageCursorNotValid);
  return { date: match[1] as string, source: match[2] ? 1 : 0, id: Number(match[3]) };
}

/** The cursor after a row of a list ordered by its id alone (the activity, the batches). */
export const idCursor = (list: 'activity' | 'batch' | 'vouchers', id: number): string =>
  encodeCursor(list, String(id));

export function parseIdCursor(
  list: 'activity' | 'batch' | 'vouchers',
  after: string | undefined,
): number | undefined {
  if (!after) return undefined;
  const text = positionOf(list, after);
  if (!ID.test(text) || Number(text) > Number.MAX_SAFE_INTEGER)
    throw badRequest(apiMessages.pageCursorNotValid);
  return Number(text);
}

/**
 * A position in an account's register (newest first by date, then vouchers, transfers, entries,
 * then id) with the running balance before the last row shown, so the next page needs no sum.
 */
export interface RegisterPosition {
  date: string;
  /** 0: an entry; 1: a transfer; 2: a voucher. */
  source: 0 | 1 | 2;
  id: number;
  /** The balance after the next (older) row, in cents. */
  balance: bigint;
}

const REGISTER = /^([0-9]{4}-[0-9]{2}-[0-9]{2})_([012])_([1-9][0-9]{0,17})_(-?[0-9]{1,20})$/;

export const registerCursor = (position: RegisterPosition): string =>
  encodeCursor(
    'register',
    `${position.date}_${position.source}_${position.id}_${position.balance.toString()}`,
  );

export function parseRegisterCursor(after: string | undefined): RegisterPosition | undefined {
  if (!after) return undefined;
  const match = REGISTER.exec(positionOf('register', after));
  if (!match || !isRealDay(match[1] ?? '')) throw badRequest(apiMessages.pageCursorNotValid);
  return {
    date: match[1] as string,
    source: Number(match[2]) as 0 | 1 | 2,
    id: Number(match[3]),
    balance: BigInt(match[4] as string),
  };
}

/** A position in a list ordered by (date, id) ascending (the reconciliation worklist). */
export const worklistCursor = (row: Position): string =>
  encodeCursor('worklist', `${row.date}_${row.id}`);

export function parseWorklistCursor(after: string | undefined): Position | undefined {
  if (!after) return undefined;
  const position = datedPosition(positionOf('worklist', after));
  if (!position) throw badRequest(apiMessages.pageCursorNotValid);
  return position;
}

/**
 * A position in a general-ledger account's lines (oldest first by date, then id) with the
 * balance after the last row shown, in cents, so the next page needs no sum.
 */
export interface LedgerLinesPosition extends Position {
  balance: bigint;
}

const LEDGER_LINES = /^([0-9]{4}-[0-9]{2}-[0-9]{2})_([1-9][0-9]{0,17})_(-?[0-9]{1,20})$/;

export const ledgerLinesCursor = (position: LedgerLinesPosition): string =>
  encodeCursor('general-ledger', `${position.date}_${position.id}_${position.balance.toString()}`);

export function parseLedgerLinesCursor(after: string | undefined): LedgerLinesPosition | undefined {
  if (!after) return undefined;
  const match = LEDGER_LINES.exec(positionOf('general-ledger', after));
  if (!match || !isRealDay(match[1] ?? '')) throw badRequest(apiMessages.pageCursorNotValid);
  return { date: match[1] as string, id: Number(match[2]), balance: BigInt(match[3] as string) };
}
