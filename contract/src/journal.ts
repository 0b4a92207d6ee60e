// The journal of every entry, reversals and the closed period (docs/decisions/008).
import { Type, type Static } from '@sinclair/typebox';
import { Amount, CreditDebit, Id, IsoDate, Money, OptionalText, Text } from './common.js';
import { NextCursor, pagingQuery } from './paging.js';
import { Entry } from './expenses.js';
import { JournalKind, type EntryKind } from './kinds.js';
import { VoucherLine } from './ledger/schemas.js';
import { Person } from './users.js';
import { ReceiptFilter } from './receipts.js';

/** An amount bound in a filter: >= 0, at most 2 decimals (checked by the server). */
const AmountBound = Type.Number({ minimum: 0, maximum: 999999999999.99 });

/** The journal's filters; every one optional. Amount bounds apply to the amount's size. */
export const JournalFilters = {
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  /** An entry kind, or `voucher`: the general ledger's vouchers only. */
  kind: Type.Optional(JournalKind),
  partyId: Type.Optional(Id),
  Creditdebit: Type.Optional(CreditDebit),
  minAmount: Type.Optional(AmountBound),
  maxAmount: Type.Optional(AmountBound),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  /** The entries one batch wrote (an import, a payroll run; docs/decisions/013). */
  batchId: Type.Optional(Id),
  /** Entries with at least one shown receipt, or with none (issue 21). */
  receipt: Type.Optional(ReceiptFilter),
  /** Entries recorded after the end of this day (server time zone): the month-end checklist. */
  recordedAfter: Type.Optional(IsoDate),
  /** The payments and receipts of one money account (issue 33). */
  accountId: Type.Optional(Id),
};

export const JournalTotalsQuery = Type.Object(JournalFilters, { additionalProperties: false });
export type JournalTotalsQuery = Static<typeof JournalTotalsQuery>;

export const JournalQuery = Type.Object(
  {
    ...JournalFilters,
    ...pagingQuery(500),
  },
  { additionalProperties: false },
);
export type JournalQuery = Static<typeof JournalQuery>;

/**
 * A row of the journal: an entry, or a voucher of the general ledger (kind `voucher`, its own
 * numbers: entry #7 and voucher #7 are two rows). A voucher has no party and is neither Credit
 * nor Debit: `partyId` and `Creditdebit` are null, `partyName` names its accounts, `amount` is
 * its total debit (negative for a reversal, as an entry's reversal), and `lines` are its lines.
 */
export const JournalRow = Type.Object({
  id: Id,
  date: IsoDate,
  kind: JournalKind,
  partyId: Type.Union([Id, Type.Null()]),
  partyName: Type.String(),
  Creditdebit: Type.Union([CreditDebit, Type.Null()]),
  amount: Money,
  description: Type.String(),
  /** Who recorded it (a former user too); null for entries loaded without one. */
  recordedBy: Type.Union([Person, Type.Null()]),
  recordedAt: Type.String({ format: 'date-time' }),
  reversesId: Type.Union([Id, Type.Null()]),
  reversedById: Type.Union([Id, Type.Null()]),
  /** How many shown (not removed) receipts the entry has. */
  receipts: Type.Integer({ minimum: 0 }),
  /** The money account (issue 33); null for an invoice. */
  accountId: Type.Optional(Type.Union([Id, Type.Null()])),
  accountName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** A voucher's lines, in order; absent for an entry. */
  lines: Type.Optional(Type.Array(VoucherLine)),
});
export type JournalRow = Static<typeof JournalRow>;

/** A journal row that is an entry: the rows a receipt, a reversal or a correction is for. */
export type JournalEntryRow = JournalRow & {
  kind: EntryKind;
  partyId: number;
  Creditdebit: CreditDebit;
};

export const JournalPage = Type.Object({
  entries: Type.Array(JournalRow),
  /** Pass as `after` for the following page; null on the last page. */
  next: NextCursor,
});
export type JournalPage = Static<typeof JournalPage>;

/** Over every entry that matches, not only one page: a reversed pair cancels in the sums. */
export const JournalTotals = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  credit: Money,
  debit: Money,
  /** The vouchers' amounts, when vouchers match (counted in `count`, in neither Credit nor Debit). */
  vouchers: Type.Optional(Money),
});
export type JournalTotals = Static<typeof JournalTotals>;

export const ReverseParams = Type.Object({ id: Id });
export type ReverseParams = Static<typeof ReverseParams>;

export const ReverseBody = Type.Object({ reason: Text(500) }, { additionalProperties: false });
export type ReverseBody = Static<typeof ReverseBody>;

export const ReverseResponse = Type.Object({ message: Type.String(), entry: Entry });
export type ReverseResponse = Static<typeof ReverseResponse>;

/**
 * A correction in one step: the reason, and the fields that change; a field left out keeps the
 * entry's value. The kind stays the entry's (an income stays an income).
 */
export const CorrectBody = Type.Object(
  {
    reason: Text(500),
    amount: Type.Optional(Amount),
    /** The corrected entry's day; the reversal keeps the original's day. */
    date: Type.Optional(IsoDate),
    description: OptionalText(500),
    /** A client, an employee or an expense type, as the entry's kind records. */
    partyId: Type.Optional(Id),
    /** Income only may be Debit; expenses and salaries stay Credit. */
    Creditdebit: Type.Optional(CreditDebit),
    /** The money account a Credit entry was paid from or received into; an invoice has none. */
    accountId: Type.Optional(Id),
  },
  {
    additionalProperties: false,
    // A correction changes at least one field: the reason alone is refused.
    examples: [{ reason: 'Typed the wrong amount', amount: '80.05' }],
  },
);
export type CorrectBody = Static<typeof CorrectBody>;

/** Both numbers: the reversal of the entry and the corrected entry recorded with it. */
export const CorrectResponse = Type.Object({
  message: Type.String(),
  reversal: Entry,
  entry: Entry,
});
export type CorrectResponse = Static<typeof CorrectResponse>;

/** "Books closed through": null while no period is closed; `canMove`: the caller is an admin. */
export const BooksClosed = Type.Object({
  closedThrough: Type.Union([IsoDate, Type.Null()]),
  canMove: Type.Boolean(),
});
export type BooksClosed = Static<typeof BooksClosed>;

export const BooksClosedBody = Type.Object(
  { closedThrough: Type.Union([IsoDate, Type.Null()]) },
  { additionalProperties: false },
);
export type BooksClosedBody = Static<typeof BooksClosedBody>;
