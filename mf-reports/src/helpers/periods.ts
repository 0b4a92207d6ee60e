// How each screen turns the dates on screen into the dates it asks for, and the period line a
// printout carries. docs/product.md#constants: empty dates mean the current month on most screens.
import { periodRange, type DateRange } from 'shared-ui';

/** `2026-11-01 to 2026-11-30`; an open end reads as the beginning or today. */
export function describePeriod(range: DateRange): string {
  if (!range.from && !range.to) return 'All dates';
  return `${range.from || 'the beginning'} to ${range.to || 'today'}`;
}

export const EMPTY_RANGE: DateRange = { from: '', to: '' };

/**
 * The dates every ledger opens with when its address names none: this month, as its This month
 * button reads it (docs/product.md#constants: the Client Ledger fills that range in when it opens;
 * on the Employee and Expense Ledgers, where empty dates stand for the same month, it is shown too).
 */
export const ledgerOpeningRange = (): DateRange => periodRange('thisMonth');
