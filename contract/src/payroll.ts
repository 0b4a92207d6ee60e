// Payroll runs: a month's salaries reviewed on one sheet and posted in one step, each employee
// paid once per month (docs/decisions/017-payroll-recurring.md).
import { Type, type Static } from '@sinclair/typebox';
import { Amount, Id, IsoDate, Money } from './common.js';
import { MONTH_PATTERN } from './payroll-values.js';
export { MONTH_PATTERN } from './payroll-values.js';
export const Month = Type.String({ pattern: MONTH_PATTERN, description: 'A month, YYYY-MM' });

export const PayrollQuery = Type.Object(
  { month: Type.Optional(Month) },
  { additionalProperties: false },
);
export type PayrollQuery = Static<typeof PayrollQuery>;

/** One employee on the month's sheet. */
export const PayrollRow = Type.Object({
  employeeId: Id,
  name: Type.String(),
  number: Type.String(),
  monthlySalary: Type.Union([Money, Type.Null()]),
  /** Salary entries dated in the month, reversals counted (payroll runs and the Salary form). */
  paid: Money,
  /** True when a payroll run (not undone) has paid them for the month: not paid again. */
  paidByPayroll: Type.Boolean(),
  /**
   * What they were paid in the month before, reversals counted (payroll runs and the Salary
   * form); null when nothing: the amount offered to someone without a monthly salary.
   */
  lastMonthPaid: Type.Union([Money, Type.Null()]),
});
export type PayrollRow = Static<typeof PayrollRow>;

export const PayrollSheet = Type.Object({
  month: Month,
  /** The day the month's salaries are dated: its last day, or today in the current month. */
  date: IsoDate,
  /** The books are closed through `date` or later: nothing can be posted for the month. */
  closed: Type.Boolean(),
  rows: Type.Array(PayrollRow),
});
export type PayrollSheet = Static<typeof PayrollSheet>;

export const PayrollLine = Type.Object(
  { employeeId: Id, amount: Amount },
  { additionalProperties: false },
);
export type PayrollLine = Static<typeof PayrollLine>;

export const PostPayrollBody = Type.Object(
  {
    month: Month,
    lines: Type.Array(PayrollLine, { minItems: 1, maxItems: 1000 }),
    /** The account the salaries are paid from (issue 33); the default when left out. */
    accountId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type PostPayrollBody = Static<typeof PostPayrollBody>;

export const PayrollPosted = Type.Object({
  message: Type.String(),
  /** Salaries posted now. */
  posted: Type.Integer({ minimum: 0 }),
  total: Money,
  /** The run's batch, or null when everyone asked for was already paid. */
  batchId: Type.Union([Id, Type.Null()]),
  /** Employees asked for that a payroll run had already paid for the month. */
  alreadyPaid: Type.Array(Id),
});
export type PayrollPosted = Static<typeof PayrollPosted>;

// Beside the catalogue's texts, which a browser bundle takes without this module's schemas.
export { payrollPostedText } from './payroll-messages.js';
