// The days a repeating entry comes around on (docs/decisions/017-payroll-recurring.md): weekly
// every 7 days from its start; monthly, quarterly and yearly on the start's day of the month,
// or the month's last day when the month is shorter (a schedule starting on the 31st posts on
// 30 April and 28 or 29 February, and on the 31st again in May). Each occurrence is counted
// from the start, never from the previous one, so a short month does not move the ones after it.
import type { Repeats } from 'contract';
import { addDays } from './dates.js';

export interface Recurrence {
  repeats: Repeats;
  /** YYYY-MM-DD. */
  starts: string;
  /** YYYY-MM-DD, or null: no end. */
  ends: string | null;
}

const MONTHS: Record<Exclude<Repeats, 'weekly'>, number> = {
  monthly: 1,
  quarterly: 3,
  yearly: 12,
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The k-th occurrence (0: the start). */
export function nthOccurrence(rule: Pick<Recurrence, 'repeats' | 'starts'>, k: number): string {
  if (rule.repeats === 'weekly') return addDays(rule.starts, 7 * k);
  const year = Number(rule.starts.slice(0, 4));
  const month = Number(rule.starts.slice(5, 7)) - 1 + k * MONTHS[rule.repeats];
  const y = year + Math.floor(month / 12);
  const m = (month % 12) + 1;
  const day = Math.min(Number(rule.starts.slice(8, 10)), daysIn(y, m));
  return `${pad(y, 4)}-${pad(m)}-${pad(day)}`;
}

/** The index of the first occurrence on or after `day` (never below 0). */
function firstIndexFrom(rule: Recurrence, day: string): number {
  if (day <= rule.starts) return 0;
  const estimate =
    rule.repeats === 'weekly'
      ? Math.floor((dayNumber(day) - dayNumber(rule.starts)) / 7)
      : Math.floor(
          ((Number(day.slice(0, 4)) - Number(rule.starts.slice(0, 4))) * 12 +
            (Number(day.slice(5, 7)) - Number(rule.starts.slice(5, 7)))) /
            MONTHS[rule.repeats],
        );
  let k = Math.max(0, estimate - 1);
  while (nthOccurrence(rule, k) < day) k += 1;
  return k;
}

/**
 * How many occurrences the schedule has from its start through `day` (within its end), counted
 * without listing them.
 */
export function occurrencesThrough(rule: Recurrence, day: string): number {
  const last = rule.ends !== null && rule.ends < day ? rule.ends : day;
  if (last < rule.starts) return 0;
  return firstIndexFrom(rule, addDays(last, 1));
}

/** The occurrences from `from` through `to` (both YYYY-MM-DD), oldest first, at most `limit`. */
export function occurrencesBetween(
  rule: Recurrence,
  from: string,
  to: string,
  limit = 1000,
): string[] {
  const last = rule.ends !== null && rule.ends < to ? rule.ends : to;
  const days: string[] = [];
  for (let k = firstIndexFrom(rule, from); days.length < limit; k += 1) {
    const day = nthOccurrence(rule, k);
    if (day > last) break;
    days.push(day);
  }
  return days;
}

/** Whether `day` is one of the schedule's occurrences (within its start and end). */
export function isOccurrence(rule: Recurrence, day: string): boolean {
  return occurrencesBetween(rule, day, day, 1)[0] === day;
}
