// The values of ledger/schemas.ts that the browser reads (`contract/browser`), apart from the
// schemas that ledger/schemas.ts builds from them.

/**
 * The month the financial year starts in: July, as Pakistan's tax year (1 July to 30 June). The
 * balance sheet counts "Profit for the year" from its first day.
 */
export const FINANCIAL_YEAR_START_MONTH = 7;

/** The first day of the financial year `day` (YYYY-MM-DD) falls in. */
export function financialYearStart(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = month >= FINANCIAL_YEAR_START_MONTH ? year : year - 1;
  return `${String(start).padStart(4, '0')}-${String(FINANCIAL_YEAR_START_MONTH).padStart(2, '0')}-01`;
}

export const PROFIT_BASES = ['accrual', 'cash'] as const;
