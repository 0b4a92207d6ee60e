// Calendar days as 'YYYY-MM-DD' strings, computed in the server's time zone. Report ranges are
// inclusive of both days (docs/decisions/003-reports-and-rollups.md).
import { DAY_BOUNDS } from 'contract';
import { badRequest } from './errors.js';

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const toDay = (date: Date) => date.toISOString().slice(0, 10);
const parseDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** Today in the given IANA time zone. */
export const todayIn = (timeZone: string, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

export const addDays = (day: string, days: number): string =>
  toDay(new Date(parseDay(day).getTime() + days * DAY_MS));

export const monthStart = (day: string): string => `${day.slice(0, 7)}-01`;

export const nextMonthStart = (day: string): string => {
  const date = parseDay(monthStart(day));
  date.setUTCMonth(date.getUTCMonth() + 1);
  return toDay(date);
};

/** First through last day of the month that `day` falls in. */
export const monthOf = (day: string): DayRange => ({
  from: monthStart(day),
  to: addDays(nextMonthStart(day), -1),
});

/** True for a real calendar day (the schema's pattern lets 2026-02-31 through). */
export const isRealDay = (day: string): boolean => {
  const date = parseDay(day);
  return !Number.isNaN(date.getTime()) && toDay(date) === day;
};

/** Earliest day the reports look at when a range is open at the start. */
export const BEGINNING = DAY_BOUNDS.first;
/** Latest day a range open at the end reaches (a month end, so it splits into whole months). */
export const ENDING = '9999-11-30';

/**
 * Resolves the optional `from`/`to` query values of a report: each must be a real day, `from`
 * must not be after `to`; a missing side takes the fallback's.
 */
export function resolveRange(
  names: [string, string],
  from: string | undefined,
  to: string | undefined,
  fallback: DayRange,
): DayRange {
  for (const [name, value] of [
    [names[0], from],
    [names[1], to],
  ] as const) {
    if (value && !isRealDay(value)) throw badRequest(`${name} must be a valid date`);
  }
  const range = { from: from || fallback.from, to: to || fallback.to };
  if (range.from > range.to) throw badRequest(`${names[0]} must not be after ${names[1]}`);
  return range;
}

/**
 * Splits a range into whole months (read from the monthly roll-up) and at most two partial
 * edges (read from the entries): [edge][whole months][edge].
 */
export function splitByMonths(range: DayRange): { months?: DayRange; edges: DayRange[] } {
  const firstWhole =
    range.from === monthStart(range.from) ? range.from : nextMonthStart(range.from);
  const endWhole = monthStart(addDays(range.to, 1)); // exclusive
  if (firstWhole >= endWhole) return { edges: [range] };
  const edges: DayRange[] = [];
  if (range.from < firstWhole) edges.push({ from: range.from, to: addDays(firstWhole, -1) });
  if (endWhole <= range.to) edges.push({ from: endWhole, to: range.to });
  return { months: { from: firstWhole, to: addDays(endWhole, -1) }, edges };
}
