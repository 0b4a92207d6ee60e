// The other period of a comparison (issue 34; contract's Compare): the period just before, as
// long (whole months when the range is whole months), or the same days a year earlier.
import { monthEndMessages, type CompareChoice } from 'contract';
import { addDays, BEGINNING, monthOf, monthStart, type DayRange } from './dates.js';
import { badRequest } from './errors.js';

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const dayOf = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The day `months` months from `day` (negative: earlier); a day past the target month's end
 * becomes its last day, and a month's last day stays the last day (`toEnd`).
 */
export function addMonths(day: string, months: number, toEnd = false): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = lastDayOf(year, month);
  const wasLast = d === lastDayOf(y, m);
  return dayOf(year, month, toEnd && wasLast ? last : Math.min(d, last));
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** True when the range runs from a month's first day to a month's last day. */
export const isWholeMonths = (range: DayRange) =>
  range.from === monthStart(range.from) && range.to === monthOf(range.to).to;

/** The period a report over `range` is compared with. */
export function comparedRange(range: DayRange, choice: Exclude<CompareChoice, 'none'>): DayRange {
  if (choice === 'lastYear')
    return { from: addMonths(range.from, -12), to: addMonths(range.to, -12, true) };
  if (isWholeMonths(range)) {
    const [fy, fm] = range.from.split('-').map(Number) as [number, number];
    const [ty, tm] = range.to.split('-').map(Number) as [number, number];
    const months = ty * 12 + tm - (fy * 12 + fm) + 1;
    return { from: addMonths(range.from, -months), to: addDays(range.from, -1) };
  }
  const days = daysBetween(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/**
 * The other period of a day-by-day report (the Income Report): as many days as the range, so
 * each day pairs with the day as far into it: just before (`previous`), or from the same day a
 * year earlier (`lastYear`).
 */
export function comparedDays(range: DayRange, choice: Exclude<CompareChoice, 'none'>): DayRange {
  const days = daysBetween(range.from, range.to);
  const from = choice === 'lastYear' ? addMonths(range.from, -12) : addDays(range.from, -days);
  return { from, to: addDays(from, days - 1) };
}

/** The comparison asked for, or undefined; refuses one over a range open at its start. */
export function comparisonOf(
  compare: CompareChoice | undefined,
  range: DayRange,
): Exclude<CompareChoice, 'none'> | undefined {
  if (compare === undefined || compare === 'none') return undefined;
  if (range.from <= BEGINNING) throw badRequest(monthEndMessages.compareNeedsRange);
  return compare;
}
