// Month-end (issue 34): budgets per expense type, receivables aging, the month-end checklist and
// its close. The calls are in month-end-endpoints.ts; the aging rule is docs/decisions/021.
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate, Money } from './common.js';
import { Month } from './payroll.js';

/** A budget amount: zero or more, at most 2 decimals (checked by the server), in RS. */
export const BudgetAmount = Type.Number({
  minimum: 0,
  maximum: 999999999999.99,
  description: 'A budget in RS, 0 or more, at most 2 decimals',
});

/**
 * An expense type's budget: one amount for every month (`monthly`; null removes it), or one
 * amount for each month of a year (`months`, January first), which for those months takes the
 * place of the monthly amount.
 */
export const BudgetBody = Type.Object(
  {
    monthly: Type.Optional(Type.Union([BudgetAmount, Type.Null()])),
    year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 9999 })),
    months: Type.Optional(Type.Array(BudgetAmount, { minItems: 12, maxItems: 12 })),
  },
  {
    additionalProperties: false,
    description: 'Either `{ monthly }` or `{ year, months }` (the server refuses any other mix)',
    examples: [{ monthly: 500 }],
  },
);
export type BudgetBody = Static<typeof BudgetBody>;

/** An expense type's budgets as stored: the monthly amount and the years set month by month. */
export const Budget = Type.Object({
  expenseTypeId: Id,
  monthly: Type.Union([Money, Type.Null()]),
  years: Type.Array(Type.Object({ year: Type.Integer(), months: Type.Array(Money) })),
});
export type Budget = Static<typeof Budget>;

export const BudgetSaved = Type.Object({ message: Type.String(), budget: Budget });
export type BudgetSaved = Static<typeof BudgetSaved>;

/** A month (YYYY-MM), or a year to date (YYYY: through this month, or the whole of a past year). */
export const BudgetReportQuery = Type.Object(
  {
    month: Type.Optional(Month),
    year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 9999 })),
  },
  { additionalProperties: false, examples: [{ month: '2026-01' }] },
);
export type BudgetReportQuery = Static<typeof BudgetReportQuery>;

/** One expense type: its budget over the period, what was spent (reversals counted) and the rest. */
export const BudgetReportRow = Type.Object({
  expenseTypeId: Id,
  expenseType: Type.String(),
  /** Active or Suspended: a suspended type keeps its budget and its spending in the report. */
  status: Type.String(),
  budget: Money,
  actual: Money,
  /** budget - actual: negative when over budget. */
  difference: Money,
  /** actual / budget in percent, 2 decimals; null when the budget is zero. */
  percentUsed: Type.Union([Type.Number(), Type.Null()]),
  overBudget: Type.Boolean(),
});
export type BudgetReportRow = Static<typeof BudgetReportRow>;

export const BudgetTotals = Type.Object({
  budget: Money,
  actual: Money,
  difference: Money,
  percentUsed: Type.Union([Type.Number(), Type.Null()]),
});
export type BudgetTotals = Static<typeof BudgetTotals>;

/** Every type with a budget or spending in the period, by name. */
export const BudgetReport = Type.Object({
  from: IsoDate,
  to: IsoDate,
  rows: Type.Array(BudgetReportRow),
  totals: BudgetTotals,
});
export type BudgetReport = Static<typeof BudgetReport>;

/** How much of a month's budget one type has used (the Expances form, once a type is chosen). */
export const BudgetUseQuery = Type.Object(
  { month: Type.Optional(Month) },
  { additionalProperties: false },
);
export type BudgetUseQuery = Static<typeof BudgetUseQuery>;

export const BudgetUse = Type.Object({
  expenseTypeId: Id,
  month: Month,
  /** null: the type has no budget for the month. */
  budget: Type.Union([Money, Type.Null()]),
  actual: Money,
  percentUsed: Type.Union([Type.Number(), Type.Null()]),
  overBudget: Type.Boolean(),
});
export type BudgetUse = Static<typeof BudgetUse>;

/** The types over budget this month (the dashboard). */
export const OverBudget = Type.Object({ month: Month, rows: Type.Array(BudgetReportRow) });
export type OverBudget = Static<typeof OverBudget>;

/** The day the aging is taken on; today when left out. */
export const ReceivablesQuery = Type.Object(
  { date: Type.Optional(Type.Union([IsoDate, Type.Literal('')])) },
  { additionalProperties: false },
);
export type ReceivablesQuery = Static<typeof ReceivablesQuery>;

/**
 * A client's balance on the day and the invoices it is made of, by age (days since the invoice's
 * date: 0-30, 31-60, 61-90, over 90). Payments cover invoices oldest first; an overpaying client
 * has a negative balance and nothing in the buckets (docs/decisions/021).
 */
export const ReceivablesRow = Type.Object({
  clientId: Id,
  clientName: Type.String(),
  balance: Money,
  days0to30: Money,
  days31to60: Money,
  days61to90: Money,
  over90: Money,
  /** The oldest invoice not yet covered; null when nothing is owed. */
  oldestInvoiceDate: Type.Union([IsoDate, Type.Null()]),
});
export type ReceivablesRow = Static<typeof ReceivablesRow>;

export const ReceivablesTotals = Type.Object({
  balance: Money,
  days0to30: Money,
  days31to60: Money,
  days61to90: Money,
  over90: Money,
});
export type ReceivablesTotals = Static<typeof ReceivablesTotals>;

/** Clients whose balance is not zero, by name. */
export const Receivables = Type.Object({
  date: IsoDate,
  rows: Type.Array(ReceivablesRow),
  totals: ReceivablesTotals,
});
export type Receivables = Static<typeof Receivables>;

export const MonthQuery = Type.Object({ month: Month }, { additionalProperties: false });
export type MonthQuery = Static<typeof MonthQuery>;

export const MONTH_END_ITEMS = [
  'expensesWithoutReceipt',
  'recurringNotPosted',
  'employeesNotPaid',
  'recordedLate',
  'statementLinesUnmatched',
  'accountsNotReconciled',
] as const;
export type MonthEndItemKey = (typeof MONTH_END_ITEMS)[number];

/**
 * One open item: how many and the screen address that lists exactly those items.
 * - expensesWithoutReceipt: expense entries dated in the month with no shown receipt (a reversed
 *   pair counts as both of its entries, as the Journal lists them).
 * - recurringNotPosted: occurrences of active schedules due in the month, neither posted nor
 *   skipped.
 * - employeesNotPaid: employees with a monthly salary whom no payroll run (not undone) paid for
 *   the month.
 * - recordedLate: entries dated in the month and recorded after its last day (server time zone).
 * - statementLinesUnmatched: statement lines dated in the month neither matched nor excluded.
 * - accountsNotReconciled: Bank accounts (and Cash accounts with statement lines) opened by the
 *   month's last day and not reconciled through it.
 * The two bank items link to the account's reconcile worklist when one account has them, else to
 * the Accounts screen, which lists every account with its reconciled-through date.
 */
export const MonthEndItem = Type.Object({
  key: Type.Union(MONTH_END_ITEMS.map((key) => Type.Literal(key))),
  label: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  link: Type.String(),
});
export type MonthEndItem = Static<typeof MonthEndItem>;

export const MonthEnd = Type.Object({
  month: Month,
  from: IsoDate,
  to: IsoDate,
  /** Books closed through (null: none). */
  closedThrough: Type.Union([IsoDate, Type.Null()]),
  /** The month's last day is on or before closedThrough. */
  closed: Type.Boolean(),
  /**
   * Whether an admin may close it now: it has ended, is not closed, and no earlier month is
   * still open (closedThrough is the day before it starts, or nothing is closed yet).
   */
  canClose: Type.Boolean(),
  /** Why it cannot be closed, when it cannot (a catalogue text); null when it can. */
  refusal: Type.Union([Type.String(), Type.Null()]),
  items: Type.Array(MonthEndItem),
  /** The sum of the items' counts. */
  openCount: Type.Integer({ minimum: 0 }),
});
export type MonthEnd = Static<typeof MonthEnd>;

export const MonthCloseBody = Type.Object({ month: Month }, { additionalProperties: false });
export type MonthCloseBody = Static<typeof MonthCloseBody>;

export const MonthClosed = Type.Object({
  message: Type.String(),
  closedThrough: IsoDate,
  /** The open counts at the moment of the close (also in the Activity). */
  open: Type.Object({
    expensesWithoutReceipt: Type.Integer(),
    recurringNotPosted: Type.Integer(),
    employeesNotPaid: Type.Integer(),
    recordedLate: Type.Integer(),
    statementLinesUnmatched: Type.Integer(),
    accountsNotReconciled: Type.Integer(),
  }),
});
export type MonthClosed = Static<typeof MonthClosed>;

/** An expense entry's answer gains this when its type has a budget for the entry's month. */
export const EntryBudget = Type.Object({
  month: Month,
  budget: Money,
  actual: Money,
  percentUsed: Type.Union([Type.Number(), Type.Null()]),
  /** This entry took the type past its budget for the month. */
  wentOver: Type.Boolean(),
  /** The type is over its budget for the month (this entry or earlier ones). */
  overBudget: Type.Boolean(),
  /** Set when wentOver: a sentence for the success notice, after the spec's message. */
  notice: Type.Optional(Type.String()),
});
export type EntryBudget = Static<typeof EntryBudget>;

export { monthEndMessages } from './month-end-messages.js';
