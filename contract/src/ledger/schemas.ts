// The general ledger (issue 40, docs/decisions/027-general-ledger.md): the chart of accounts,
// vouchers, and the statements an accountant signs. The calls are in endpoints.ts.
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate, Money, Name, ReconciledReason, Text } from '../common.js';
import { literalUnion } from '../kinds.js';
import { Change, Compare, ComparedPeriod } from '../compare.js';
import { NextCursor, pagingQuery } from '../paging.js';
import { PROFIT_BASES } from './values.js';

export { FINANCIAL_YEAR_START_MONTH, PROFIT_BASES, financialYearStart } from './values.js';

export const LEDGER_ACCOUNT_TYPES = ['Asset', 'Liability', 'Equity', 'Income', 'Expense'] as const;
export const LedgerAccountType = literalUnion(LEDGER_ACCOUNT_TYPES);
export type LedgerAccountType = Static<typeof LedgerAccountType>;

/** Types whose balance is a debit (assets, expenses); the others' is a credit. */
export const DEBIT_NORMAL: readonly LedgerAccountType[] = ['Asset', 'Expense'];

export const LEDGER_CODE_PATTERN = '^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$';
export const LedgerCode = Type.String({
  pattern: LEDGER_CODE_PATTERN,
  description: 'Account code: letters, digits, dots and dashes, up to 20',
});

/** Where an account comes from: a money account, an expense type, the starting chart, an admin. */
export const LEDGER_ACCOUNT_ORIGINS = ['money account', 'expense type', 'chart', 'added'] as const;
export const LedgerAccountOrigin = literalUnion(LEDGER_ACCOUNT_ORIGINS);

export const LedgerAccount = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  type: LedgerAccountType,
  parentId: Type.Union([Id, Type.Null()]),
  origin: LedgerAccountOrigin,
  closed: Type.Boolean(),
  /** Its balance today in its normal direction (a debit for assets and expenses). */
  balance: Money,
  /** Lines posted to it: such an account is closed, never deleted. */
  hasPostings: Type.Boolean(),
  /**
   * A voucher or a statement line may be booked to it: open, and neither a money account nor one
   * the entry forms keep (receivable, sales, salaries, an expense type's).
   */
  bookable: Type.Boolean(),
});
export type LedgerAccount = Static<typeof LedgerAccount>;

export const LedgerAccountList = Type.Object({ accounts: Type.Array(LedgerAccount) });
export type LedgerAccountList = Static<typeof LedgerAccountList>;

export const LedgerAccountBody = Type.Object(
  {
    code: LedgerCode,
    name: Name(100),
    type: LedgerAccountType,
    parentId: Type.Optional(Type.Union([Id, Type.Null()])),
    /** Closed: kept with its postings, takes no new ones. */
    closed: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    examples: [{ code: '2200', name: "Director's loan", type: 'Liability' }],
  },
);
export type LedgerAccountBody = Static<typeof LedgerAccountBody>;

export const LedgerAccountMutation = Type.Object({
  message: Type.String(),
  account: LedgerAccount,
});
export type LedgerAccountMutation = Static<typeof LedgerAccountMutation>;

/** A voucher line's amount: greater than 0, at most 2 decimals. */
const LineAmount = Type.Union([
  Type.Number({ exclusiveMinimum: 0, maximum: 999999999999.99 }),
  Type.String({ pattern: '^(?=.*[1-9])\\d{1,12}(\\.\\d{1,2})?$' }),
]);

export const VoucherLineBody = Type.Object(
  { accountId: Id, debit: Type.Optional(LineAmount), credit: Type.Optional(LineAmount) },
  { additionalProperties: false },
);
export type VoucherLineBody = Static<typeof VoucherLineBody>;

export const VoucherBody = Type.Object(
  {
    date: IsoDate,
    description: Text(500),
    lines: Type.Array(VoucherLineBody, { minItems: 2, maxItems: 100 }),
    /** Needed for a line to a money account dated in its reconciled period. */
    reason: ReconciledReason,
  },
  {
    additionalProperties: false,
    examples: [
      {
        date: '2026-07-01',
        description: "Owner's capital brought in",
        // In a fresh office: 9 is Cash, 3 Owner's capital (migration 037's starting chart).
        lines: [
          { accountId: 9, debit: 500000 },
          { accountId: 3, credit: 500000 },
        ],
      },
    ],
  },
);
export type VoucherBody = Static<typeof VoucherBody>;

export const VoucherLine = Type.Object({
  accountId: Id,
  code: Type.String(),
  name: Type.String(),
  debit: Money,
  credit: Money,
});
export type VoucherLine = Static<typeof VoucherLine>;

export const Voucher = Type.Object({
  id: Id,
  date: IsoDate,
  description: Type.String(),
  lines: Type.Array(VoucherLine),
  reversesId: Type.Union([Id, Type.Null()]),
  reversedById: Type.Union([Id, Type.Null()]),
  createdAt: Type.String(),
});
export type Voucher = Static<typeof Voucher>;

export const VoucherMutation = Type.Object({ message: Type.String(), voucher: Voucher });
export type VoucherMutation = Static<typeof VoucherMutation>;

export const VoucherList = Type.Object({ vouchers: Type.Array(Voucher), next: NextCursor });
export type VoucherList = Static<typeof VoucherList>;

export const VoucherListQuery = Type.Object(
  { ...pagingQuery(200, 50) },
  { additionalProperties: false },
);

export const VoucherReverseBody = Type.Object(
  { reason: Text(500) },
  { additionalProperties: false },
);

export const DateQuery = Type.Object(
  { date: Type.Optional(IsoDate) },
  { additionalProperties: false },
);
export type DateQuery = Static<typeof DateQuery>;

export const TrialBalanceRow = Type.Object({
  accountId: Id,
  code: Type.String(),
  name: Type.String(),
  type: LedgerAccountType,
  debit: Money,
  credit: Money,
});
export const TrialBalance = Type.Object({
  date: IsoDate,
  rows: Type.Array(TrialBalanceRow),
  totals: Type.Object({ debit: Money, credit: Money }),
});
export type TrialBalance = Static<typeof TrialBalance>;

/** One account's figure in a statement, in its normal direction. */
export const StatementRow = Type.Object({
  accountId: Type.Union([Id, Type.Null()]),
  code: Type.String(),
  name: Type.String(),
  amount: Money,
  /** With `compare` (profit and loss): the other period's figure and the change. */
  compare: Type.Optional(Change),
});
export type StatementRow = Static<typeof StatementRow>;

export const BalanceSheet = Type.Object({
  date: IsoDate,
  /** The first day of the financial year the profit in equity is counted from. */
  yearStart: IsoDate,
  assets: Type.Array(StatementRow),
  liabilities: Type.Array(StatementRow),
  /** Equity accounts, earlier years' profit and this year's profit. */
  equity: Type.Array(StatementRow),
  totals: Type.Object({ assets: Money, liabilities: Money, equity: Money }),
});
export type BalanceSheet = Static<typeof BalanceSheet>;
export const ProfitBasis = literalUnion(PROFIT_BASES);
export type ProfitBasis = Static<typeof ProfitBasis>;

export const ProfitLossQuery = Type.Object(
  { from: IsoDate, to: IsoDate, basis: Type.Optional(ProfitBasis), compare: Compare },
  { additionalProperties: false },
);
export type ProfitLossQuery = Static<typeof ProfitLossQuery>;

export const ProfitLoss = Type.Object({
  basis: ProfitBasis,
  from: IsoDate,
  to: IsoDate,
  income: Type.Array(StatementRow),
  expenses: Type.Array(StatementRow),
  totals: Type.Object({ income: Money, expenses: Money, profit: Money }),
  /** With `compare=previous|lastYear`: the other period and each total against it. */
  compare: Type.Optional(
    Type.Object({ ...ComparedPeriod, income: Change, expenses: Change, profit: Change }),
  ),
});
export type ProfitLoss = Static<typeof ProfitLoss>;

export const LEDGER_SOURCES = ['entry', 'transfer', 'voucher', 'opening'] as const;
export const LedgerSource = literalUnion(LEDGER_SOURCES);
export type LedgerSource = Static<typeof LedgerSource>;

export const GeneralLedgerQuery = Type.Object(
  { from: IsoDate, to: IsoDate, ...pagingQuery(500, 100) },
  { additionalProperties: false },
);
export type GeneralLedgerQuery = Static<typeof GeneralLedgerQuery>;

/** The period of a general ledger's Excel or PDF file: all its lines, not a page. */
export const LedgerPeriodQuery = Type.Object(
  { from: IsoDate, to: IsoDate },
  { additionalProperties: false },
);
export type LedgerPeriodQuery = Static<typeof LedgerPeriodQuery>;

export const GeneralLedgerRow = Type.Object({
  id: Id,
  date: IsoDate,
  source: LedgerSource,
  /** The entry, transfer, voucher or money account that posted it. */
  sourceId: Id,
  description: Type.String(),
  debit: Money,
  credit: Money,
  /** The balance after this line, in the account's normal direction. */
  balance: Money,
});
export type GeneralLedgerRow = Static<typeof GeneralLedgerRow>;

export const GeneralLedgerPage = Type.Object({
  account: Type.Object({
    id: Id,
    code: Type.String(),
    name: Type.String(),
    type: LedgerAccountType,
  }),
  opening: Money,
  rows: Type.Array(GeneralLedgerRow),
  next: NextCursor,
  closing: Money,
});
export type GeneralLedgerPage = Static<typeof GeneralLedgerPage>;

export const LedgerAccountParams = Type.Object({ id: Id });

/** A statement line booked to a ledger account (the `ledger` kind of a line's entry). */
export interface LedgerLineEntryBody {
  ledgerAccountId: number;
  description?: string;
  reason?: string;
}
