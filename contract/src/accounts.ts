// Money accounts, transfers, bank statements, matching and reconciliation (issue 33,
// docs/decisions/023-bank-accounts.md). The calls are in account-endpoints.ts.
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate, Money, Name, OptionalText, ReconciledReason, Text } from './common.js';
import { EntryKind, literalUnion } from './kinds.js';
import { NextCursor, PageCursor, pagingQuery } from './paging.js';
import { ACCOUNT_KINDS, SIGNED_AMOUNT_PATTERN } from './account-values.js';
export { ACCOUNT_KINDS, SIGNED_AMOUNT_PATTERN, OFFICE_CURRENCY } from './account-values.js';

export const AccountKind = literalUnion(ACCOUNT_KINDS);
export type AccountKind = Static<typeof AccountKind>;
export const SignedAmount = Type.Union(
  [
    Type.Number({ minimum: -999999999999.99, maximum: 999999999999.99 }),
    Type.String({ pattern: SIGNED_AMOUNT_PATTERN }),
  ],
  { description: 'Amount in RS, may be negative or zero, at most 2 decimals' },
);

export const Last4 = Type.String({ pattern: '^[0-9]{4}$', description: 'Last four digits' });

/** An ISO 4217 currency code, three capital letters. */
export const Currency = Type.String({
  pattern: '^[A-Z]{3}$',
  description: 'ISO 4217 currency code, such as PKR, USD or EUR',
});

export const Account = Type.Object({
  id: Id,
  name: Type.String(),
  kind: AccountKind,
  bankName: Type.Union([Type.String(), Type.Null()]),
  last4: Type.Union([Type.String(), Type.Null()]),
  openingBalance: Money,
  openingDate: IsoDate,
  isDefault: Type.Boolean(),
  /** The currency its statements are in (the office's, PKR, unless given). */
  currency: Currency,
  /** Opening balance plus every movement dated today or before. */
  balance: Money,
  reconciledThrough: Type.Union([IsoDate, Type.Null()]),
  /** Not reconciled through a day within the last 35 days (the dashboard's warning). */
  reconcileOverdue: Type.Boolean(),
});
export type Account = Static<typeof Account>;

export const AccountList = Type.Object({ accounts: Type.Array(Account) });
export type AccountList = Static<typeof AccountList>;

export const AccountBody = Type.Object(
  {
    name: Name(100),
    kind: AccountKind,
    bankName: Type.Optional(
      Type.Union([Type.String({ maxLength: 100, format: 'text' }), Type.Null()]),
    ),
    last4: Type.Optional(Type.Union([Last4, Type.Null()])),
    openingBalance: SignedAmount,
    openingDate: IsoDate,
    isDefault: Type.Optional(Type.Boolean()),
    /** Left out: the office's currency for a new account, unchanged for an existing one. */
    currency: Type.Optional(Currency),
    /** Needed to change the opening balance or day of a reconciled account. */
    reason: ReconciledReason,
  },
  {
    additionalProperties: false,
    examples: [{ name: 'Bank', kind: 'Bank', openingBalance: 0, openingDate: '2026-01-01' }],
  },
);
export type AccountBody = Static<typeof AccountBody>;

export const AccountMutation = Type.Object({ message: Type.String(), account: Account });
export type AccountMutation = Static<typeof AccountMutation>;

export const TransferBody = Type.Object(
  {
    fromAccountId: Id,
    toAccountId: Id,
    amount: Type.Union([
      Type.Number({ exclusiveMinimum: 0, maximum: 999999999999.99 }),
      Type.String({ pattern: '^(?=.*[1-9])\\d{1,12}(\\.\\d{1,2})?$' }),
    ]),
    date: IsoDate,
    description: OptionalText(500),
    /** Needed for a transfer dated in an account's reconciled period. */
    reason: ReconciledReason,
  },
  {
    additionalProperties: false,
    examples: [
      {
        fromAccountId: 1,
        toAccountId: 2,
        amount: 500,
        date: '2026-01-05',
        description: 'Cash deposited',
      },
    ],
  },
);
export type TransferBody = Static<typeof TransferBody>;

export const Transfer = Type.Object({
  id: Id,
  fromAccountId: Id,
  toAccountId: Id,
  /** Negative for a reversal. */
  amount: Money,
  date: IsoDate,
  description: Type.String(),
  reversesId: Type.Union([Id, Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Transfer = Static<typeof Transfer>;

export const TransferMutation = Type.Object({ message: Type.String(), transfer: Transfer });
export type TransferMutation = Static<typeof TransferMutation>;

export const ReasonBody = Type.Object({ reason: Text(500) }, { additionalProperties: false });
export type ReasonBody = Static<typeof ReasonBody>;

export const AccountParams = Type.Object({ id: Id });
export type AccountParams = Static<typeof AccountParams>;

export const RegisterQuery = Type.Object(
  { ...pagingQuery(500, 100) },
  { additionalProperties: false },
);
export type RegisterQuery = Static<typeof RegisterQuery>;

/** One money movement of an account: an entry (Credit) or one side of a transfer. */
export const RegisterRow = Type.Object({
  source: literalUnion(['entry', 'transfer', 'voucher'] as const),
  /** The entry's, the transfer's or the voucher's id. */
  id: Id,
  date: IsoDate,
  /** The entry's kind; null for a transfer. */
  kind: Type.Union([EntryKind, Type.Null()]),
  /** The party's name, the other account's for a transfer, the accounts of a voucher. */
  name: Type.String(),
  description: Type.String(),
  /** Into the account (+) or out of it (-). */
  amount: Money,
  /** The account's balance after this movement. */
  balance: Money,
  /** Matched to a statement line dated on or before the account's reconciled-through day. */
  reconciled: Type.Boolean(),
  /** Matched to a statement line. */
  matched: Type.Boolean(),
});
export type RegisterRow = Static<typeof RegisterRow>;

/** Newest first, like the journal; `balance` is the account's balance today. */
export const RegisterPage = Type.Object({
  account: Account,
  balance: Money,
  rows: Type.Array(RegisterRow),
  next: NextCursor,
});
export type RegisterPage = Static<typeof RegisterPage>;

export const LINE_STATUSES = ['unmatched', 'matched', 'excluded'] as const;
export const LineStatus = literalUnion(LINE_STATUSES);
export type LineStatus = Static<typeof LineStatus>;

/** Entries, or a transfer with another money account (`entryIds` then empty), matching a line. */
export const Suggestion = Type.Object({
  entryIds: Type.Array(Id),
  transferIds: Type.Array(Id),
  /** 0 to 100: same amount and direction first, then date distance, then name and text. */
  score: Type.Number(),
  /** One strong suggestion alone is taken by "Accept all suggested". */
  strong: Type.Boolean(),
});
export type Suggestion = Static<typeof Suggestion>;

/** What a rule proposes for a line: what Create would book it to. */
export const Proposal = Type.Object({
  ruleId: Id,
  /** The rule's text found in the line ("Rule: SERVICE CHARGES"). */
  pattern: Type.String(),
  kind: Type.Union([EntryKind, Type.Literal('ledger')]),
  /** The client, expense type or employee; null for a ledger account. */
  partyId: Type.Union([Id, Type.Null()]),
  /** The ledger account (bank charges, bank profit); null for an entry. */
  ledgerAccountId: Type.Union([Id, Type.Null()]),
  /** The party's name, or the ledger account's code and name. */
  targetName: Type.String(),
  description: Type.String(),
});
export type Proposal = Static<typeof Proposal>;

export const StatementLine = Type.Object({
  id: Id,
  date: IsoDate,
  /** Money in (+) or out (-). */
  amount: Money,
  description: Type.String(),
  reference: Type.String(),
  bankBalance: Type.Union([Money, Type.Null()]),
  status: LineStatus,
  entryIds: Type.Array(Id),
  transferIds: Type.Array(Id),
  excludedReason: Type.Union([Type.String(), Type.Null()]),
  /** Matched and dated on or before the account's reconciled-through day. */
  reconciled: Type.Boolean(),
  suggestions: Type.Array(Suggestion),
  proposal: Type.Union([Proposal, Type.Null()]),
});
export type StatementLine = Static<typeof StatementLine>;

export const WorklistEntry = Type.Object({
  id: Id,
  date: IsoDate,
  kind: EntryKind,
  partyId: Id,
  partyName: Type.String(),
  description: Type.String(),
  /** Into the account (+, income received) or out of it (-, expense or salary paid). */
  amount: Money,
});
export type WorklistEntry = Static<typeof WorklistEntry>;

/** A transfer of the account with another money account, not reversed, matched to no line of it. */
export const WorklistTransfer = Type.Object({
  id: Id,
  date: IsoDate,
  /** The other account's id and name. */
  accountId: Id,
  accountName: Type.String(),
  description: Type.String(),
  /** Into this account (+) or out of it (-). */
  amount: Money,
});
export type WorklistTransfer = Static<typeof WorklistTransfer>;

export const ReconcileQuery = Type.Object(
  {
    /** Which lines: the unmatched (default), or every line. */
    status: Type.Optional(literalUnion(['unmatched', 'all'] as const)),
    ...pagingQuery(1000, 200),
  },
  { additionalProperties: false },
);
export type ReconcileQuery = Static<typeof ReconcileQuery>;

/** Oldest line first; `entries` and `transfers`: the account's unmatched ones around the lines. */
export const Worklist = Type.Object({
  lines: Type.Array(StatementLine),
  entries: Type.Array(WorklistEntry),
  transfers: Type.Array(WorklistTransfer),
  next: NextCursor,
});
export type Worklist = Static<typeof Worklist>;

/**
 * Find & match's search over an account's open entries and transfers (issue 42): of a direction
 * (money in or out of the account), an amount (without its sign), a date range and words of the
 * party, description or the record's number; each criterion left out does not narrow it.
 */
export const OpenItemsQuery = Type.Object(
  {
    direction: Type.Optional(literalUnion(['in', 'out'] as const)),
    amount: Type.Optional(Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,2})?$' })),
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
    text: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type OpenItemsQuery = Static<typeof OpenItemsQuery>;

/** The records found, nearest to `to` (or newest) first: OPEN_ITEMS of each at most. */
export const OpenItems = Type.Object({
  entries: Type.Array(WorklistEntry),
  transfers: Type.Array(WorklistTransfer),
  /** More of either matched than were answered: the search is to be narrowed. */
  more: Type.Boolean(),
});
export type OpenItems = Static<typeof OpenItems>;

/** Entries, and transfers, a search answers at most. */
export const OPEN_ITEMS = 50;

export const MatchBody = Type.Object(
  {
    lineId: Id,
    entryIds: Type.Array(Id, { maxItems: 50, uniqueItems: true }),
    transferIds: Type.Optional(Type.Array(Id, { maxItems: 10, uniqueItems: true })),
    /** Needed to match a line dated in the account's reconciled period. */
    reason: ReconciledReason,
  },
  { additionalProperties: false },
);
export type MatchBody = Static<typeof MatchBody>;

export const LineParams = Type.Object({ id: Id, lineId: Id });
export type LineParams = Static<typeof LineParams>;

export const Matched = Type.Object({ message: Type.String(), line: StatementLine });
export type Matched = Static<typeof Matched>;

/** Where "Accept all suggested" goes on: the `next` of its previous answer. */
export const AcceptSuggestedQuery = Type.Object(
  { after: Type.Optional(PageCursor) },
  { additionalProperties: false },
);
export type AcceptSuggestedQuery = Static<typeof AcceptSuggestedQuery>;

/**
 * One call looks at a bounded number of unmatched lines (so that no call holds the database
 * long); `next` is null once every line was looked at, else the client calls again with it.
 */
export const AcceptedSuggested = Type.Object({
  message: Type.String(),
  /** Lines matched now. */
  matched: Type.Integer({ minimum: 0 }),
  lineIds: Type.Array(Id),
  next: NextCursor,
});
export type AcceptedSuggested = Static<typeof AcceptedSuggested>;

export const LineEntryBody = Type.Object(
  {
    /** An entry's kind, or `ledger`: booked by a voucher to `ledgerAccountId` (issue 40). */
    kind: Type.Union([EntryKind, Type.Literal('ledger')]),
    /** The client, expense type or employee of an entry (needed unless `kind` is `ledger`). */
    partyId: Type.Optional(Id),
    /** The ledger account a `ledger` line is booked to (bank charges, bank profit...). */
    ledgerAccountId: Type.Optional(Id),
    description: OptionalText(500),
    /** Needed for a line dated in the account's reconciled period. */
    reason: ReconciledReason,
  },
  {
    additionalProperties: false,
    examples: [
      { kind: 'expense', partyId: 1, description: 'Service charges' },
      { kind: 'ledger', ledgerAccountId: 8, description: 'Service charges' },
    ],
  },
);
export type LineEntryBody = Static<typeof LineEntryBody>;

export const ReconciledBody = Type.Object(
  {
    through: IsoDate,
    closingBalance: SignedAmount,
    /** Needed to move "reconciled through" back (admins only); recorded in the activity. */
    reason: ReconciledReason,
  },
  { additionalProperties: false },
);
export type ReconciledBody = Static<typeof ReconciledBody>;

export const ReconciliationQuery = Type.Object(
  { date: Type.Optional(IsoDate) },
  { additionalProperties: false },
);
export type ReconciliationQuery = Static<typeof ReconciliationQuery>;

export { accountMessages } from './account-messages.js';
