// Dashboard figures, reports and ledgers (docs/product.md#records shapes; formulas in docs/decisions).
import { Type, type Static } from '@sinclair/typebox';
import { CreditDebit, Id, IsoDate, Money, OptionalDate } from './common.js';
import { NextCursor, PAGE_CURSOR_PATTERN, pagingQuery } from './paging.js';
import { Change, Compare, ComparedPeriod, compareOf } from './compare.js';

export const Totals = Type.Object({
  admins: Type.Integer(),
  employees: Type.Integer(),
  clients: Type.Integer(),
});
export type Totals = Static<typeof Totals>;

export const FinanceQuery = Type.Object({ from: OptionalDate, to: OptionalDate, compare: Compare });
export type FinanceQuery = Static<typeof FinanceQuery>;

/** Income received less salary and expense paid: what the month (or range) made or lost. */
const ProfitLoss = Money;

export const Finance = Type.Object({
  income: Money,
  salary: Money,
  expense: Money,
  /** Income less salary and expense; given whenever `compare` is (`none` included). */
  profitLoss: Type.Optional(ProfitLoss),
  /** With `compare=previous|lastYear`: each figure against the other period. */
  compare: Type.Optional(
    Type.Object({
      ...ComparedPeriod,
      income: Change,
      salary: Change,
      expense: Change,
      profitLoss: Change,
    }),
  ),
});
export type Finance = Static<typeof Finance>;

export const DateRangeQuery = Type.Object({ startDate: OptionalDate, endDate: OptionalDate });
export type DateRangeQuery = Static<typeof DateRangeQuery>;

/** A report's range and what to compare it with (Expense Vs Type, Employees Vs Salary). */
export const ReportRangeQuery = Type.Object({
  startDate: OptionalDate,
  endDate: OptionalDate,
  compare: Compare,
});
export type ReportRangeQuery = Static<typeof ReportRangeQuery>;

/**
 * The Income Report's optional range (without one: every day, as the spec's call) and
 * comparison. A comparison needs a range; its rows pair each day with the day as far into the
 * other period, which is as long in days (see IncomeReportRow.compare).
 */
export const IncomeReportQuery = Type.Object({
  startDate: OptionalDate,
  endDate: OptionalDate,
  compare: Compare,
});
export type IncomeReportQuery = Static<typeof IncomeReportQuery>;

export const ClientsVsSalesRow = Type.Object({
  clientId: Id,
  clientname: Type.String(),
  totalDebit: Money,
  totalCredit: Money,
  netTotal: Money,
});
export type ClientsVsSalesRow = Static<typeof ClientsVsSalesRow>;
export const ClientsVsSales = Type.Array(ClientsVsSalesRow);

export const EmployeesVsSalaryRow = Type.Object({
  employeeId: Id,
  employeeName: Type.String(),
  totalSalary: Money,
  /** With a comparison: every employee paid in either period is listed (0 where not paid). */
  compare: compareOf('totalSalary'),
});
export type EmployeesVsSalaryRow = Static<typeof EmployeesVsSalaryRow>;
export const EmployeesVsSalary = Type.Array(EmployeesVsSalaryRow);

export const ExpenseVsTypeRow = Type.Object({
  expanceTypeId: Id,
  expenseType: Type.String(),
  totalExpense: Money,
  /** With a comparison: every type with spending in either period is listed (0 where none). */
  compare: compareOf('totalExpense'),
});
export type ExpenseVsTypeRow = Static<typeof ExpenseVsTypeRow>;
export const ExpenseVsType = Type.Array(ExpenseVsTypeRow);

export const IncomeReportRow = Type.Object({
  date: IsoDate,
  totalIncome: Money,
  /**
   * With a comparison: `date` is the day as far into the other period (previous: the same number
   * of days just before; lastYear: from the same day a year earlier, as many days), and every day
   * with income in either period is listed.
   */
  compare: Type.Optional(Type.Object({ date: IsoDate, totalIncome: Change })),
});
export type IncomeReportRow = Static<typeof IncomeReportRow>;
export const IncomeReport = Type.Array(IncomeReportRow);

/**
 * A ledger row. `balance` is the running balance after this row, starting from the balance
 * brought forward from before the range (Debit adds, Credit subtracts for a client, i.e. what
 * the client owes; for employees and expenses every entry is a Credit paid out, so the balance
 * is the running total paid).
 */
const LedgerRowBase = {
  id: Id,
  createdAt: Type.String({ format: 'date-time' }),
  date: IsoDate,
  ammount: Money,
  Creditdebit: CreditDebit,
  description: Type.String(),
  balance: Money,
};

export const ClientLedgerRow = Type.Object({ ...LedgerRowBase, clientName: Type.String() });
export type ClientLedgerRow = Static<typeof ClientLedgerRow>;
export const ClientLedger = Type.Array(ClientLedgerRow);

export const EmployeeLedgerRow = Type.Object({ ...LedgerRowBase, employeeName: Type.String() });
export type EmployeeLedgerRow = Static<typeof EmployeeLedgerRow>;
export const EmployeeLedger = Type.Array(EmployeeLedgerRow);

export const ExpenseLedgerRow = Type.Object({ ...LedgerRowBase, expenseType: Type.String() });
export type ExpenseLedgerRow = Static<typeof ExpenseLedgerRow>;
export const ExpenseLedger = Type.Array(ExpenseLedgerRow);

/**
 * Optional paging of the spec's ledger calls: without `limit` the whole range comes back, as the
 * spec's call. Deprecated (kept for one release): their answer is the spec's list, with no `next`;
 * the paged ledgers (`/ledgers/client` ...) page as every other list does.
 */
export const LedgerPaging = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 5000,
      deprecated: true,
      description: 'Deprecated: page with /ledgers/client, /ledgers/employee, /ledgers/expense',
    }),
  ),
  after: Type.Optional(
    Type.String({
      pattern: PAGE_CURSOR_PATTERN,
      maxLength: 100,
      deprecated: true,
      description:
        'Deprecated: the position after the last row seen (`YYYY-MM-DD_id`), or a `next` of a ' +
        'paged ledger',
    }),
  ),
};

export const ExpenseLedgerQuery = Type.Object({
  startDate: OptionalDate,
  endDate: OptionalDate,
  ...LedgerPaging,
});
export type ExpenseLedgerQuery = Static<typeof ExpenseLedgerQuery>;

export const ClientLedgerQuery = Type.Object({
  clientId: Id,
  startDate: OptionalDate,
  endDate: OptionalDate,
  ...LedgerPaging,
});
export type ClientLedgerQuery = Static<typeof ClientLedgerQuery>;

export const EmployeeLedgerQuery = Type.Object({
  employeeId: Id,
  startDate: OptionalDate,
  endDate: OptionalDate,
  ...LedgerPaging,
});
export type EmployeeLedgerQuery = Static<typeof EmployeeLedgerQuery>;

/** The three ledgers, as the opening-balance call names them. */
export const LedgerName = Type.Union([
  Type.Literal('client'),
  Type.Literal('employee'),
  Type.Literal('expense'),
]);
export type LedgerName = Static<typeof LedgerName>;

/**
 * The balance a ledger brings forward into a range: everything before `startDate` (default: the
 * first day of this month, as the ledgers default). `partyId` names the client or employee; the
 * expense ledger covers every expense type and takes none.
 */
export const LedgerOpeningQuery = Type.Object({
  ledger: LedgerName,
  partyId: Type.Optional(Id),
  startDate: OptionalDate,
});
export type LedgerOpeningQuery = Static<typeof LedgerOpeningQuery>;

export const LedgerOpening = Type.Object({
  /** The first day of the range; the balance covers every entry dated before it. */
  startDate: IsoDate,
  /** What a client owed, or what was paid to an employee or for expenses, before that day. */
  balance: Money,
});
export type LedgerOpening = Static<typeof LedgerOpening>;

/** Whose balances Manage Clients and Manage Employees show beside each one. */
export const PartyBalancesQuery = Type.Object({
  ledger: Type.Union([Type.Literal('client'), Type.Literal('employee')]),
});
export type PartyBalancesQuery = Static<typeof PartyBalancesQuery>;

/**
 * The balance of each client or employee with entries, as its ledger ends today: for a client,
 * everything billed (Debit) less everything received (Credit), positive when the client owes;
 * for an employee, everything paid. One not listed has no entries: a balance of 0.
 */
export const PartyBalances = Type.Object({
  balances: Type.Array(Type.Object({ id: Id, balance: Money })),
});
export type PartyBalances = Static<typeof PartyBalances>;

export const YearlyQuery = Type.Object({
  year: Type.Integer({ minimum: 1900, maximum: 9999 }),
  /** previous and lastYear both compare each month with the same month of the year before. */
  compare: Compare,
});
export type YearlyQuery = Static<typeof YearlyQuery>;

export const YearlyRow = Type.Object({
  month: Type.Integer({ minimum: 1, maximum: 12 }),
  income: Money,
  salary: Money,
  expense: Money,
  pending: Money,
  compare: Type.Optional(
    Type.Object({
      ...ComparedPeriod,
      income: Change,
      salary: Change,
      expense: Change,
      pending: Change,
    }),
  ),
});
export type YearlyRow = Static<typeof YearlyRow>;
export const Yearly = Type.Array(YearlyRow);

/** The paging of the paged ledgers: pages of up to 5000 rows, 1000 unless `limit` says. */
const LedgerPageQuery = pagingQuery(5000, 1000);

/** A client's ledger a page at a time: the spec's call's filters, and `limit` and `after`. */
export const ClientLedgerPageQuery = Type.Object({
  clientId: Id,
  startDate: OptionalDate,
  endDate: OptionalDate,
  ...LedgerPageQuery,
});
export type ClientLedgerPageQuery = Static<typeof ClientLedgerPageQuery>;

export const EmployeeLedgerPageQuery = Type.Object({
  employeeId: Id,
  startDate: OptionalDate,
  endDate: OptionalDate,
  ...LedgerPageQuery,
});
export type EmployeeLedgerPageQuery = Static<typeof EmployeeLedgerPageQuery>;

export const ExpenseLedgerPageQuery = Type.Object({
  startDate: OptionalDate,
  endDate: OptionalDate,
  ...LedgerPageQuery,
});
export type ExpenseLedgerPageQuery = Static<typeof ExpenseLedgerPageQuery>;

/** One page of a ledger: its rows in order (running balances over the whole range), and `next`. */
export const ClientLedgerPage = Type.Object({ rows: ClientLedger, next: NextCursor });
export type ClientLedgerPage = Static<typeof ClientLedgerPage>;

export const EmployeeLedgerPage = Type.Object({ rows: EmployeeLedger, next: NextCursor });
export type EmployeeLedgerPage = Static<typeof EmployeeLedgerPage>;

export const ExpenseLedgerPage = Type.Object({ rows: ExpenseLedger, next: NextCursor });
export type ExpenseLedgerPage = Static<typeof ExpenseLedgerPage>;
