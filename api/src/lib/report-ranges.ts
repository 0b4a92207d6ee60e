// The dates a report or ledger covers when its query leaves a side out, decided once for the JSON
// calls (routes/reports) and the files that mirror them (routes/exports), so that a file always
// covers what its screen shows.
import { BEGINNING, monthOf, resolveRange, type DayRange } from './dates.js';

type StartEnd = { startDate?: string; endDate?: string };

/** The ranges of the reports and ledgers on `today` (the office's day). */
export const reportRanges = (today: string) => ({
  /** startDate..endDate of a report or ledger: each side this month's by default. */
  thisMonth: (query: StartEnd): DayRange =>
    resolveRange(['startDate', 'endDate'], query.startDate, query.endDate, monthOf(today)),
  /** from..to of the finance report: each side this month's by default. */
  finance: (query: { from?: string; to?: string }): DayRange =>
    resolveRange(['from', 'to'], query.from, query.to, monthOf(today)),
  /** Employees vs salary: from the beginning through today by default. */
  employeesVsSalary: (query: StartEnd): DayRange =>
    resolveRange(['startDate', 'endDate'], query.startDate, query.endDate, {
      from: BEGINNING,
      to: today,
    }),
});
