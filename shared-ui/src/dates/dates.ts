// Date helpers for the `YYYY-MM-DD` strings the API and <input type="date"> exchange. They use
// local time on purpose: toISOString() would shift the day for users east or west of UTC.

const pad = (value: number): string => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of a date in the browser's time zone. */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** First day of the month containing `today`, as `YYYY-MM-DD`. */
export function firstDayOfMonth(today: Date = new Date()): string {
  return toIsoDate(new Date(today.getFullYear(), today.getMonth(), 1));
}

/** Last day of the month containing `today`, as `YYYY-MM-DD`. */
export function lastDayOfMonth(today: Date = new Date()): string {
  // Day 0 of the next month is the last day of this one.
  return toIsoDate(new Date(today.getFullYear(), today.getMonth() + 1, 0));
}

export interface DateRange {
  from: string;
  to: string;
}

/** The default range of the spec: first through last day of the current month. */
export function currentMonthRange(today: Date = new Date()): DateRange {
  return { from: firstDayOfMonth(today), to: lastDayOfMonth(today) };
}

/** Each empty date of a range becomes the matching end of the current month (docs/product.md#constants). */
export function fillWithCurrentMonth(range: DateRange, today: Date = new Date()): DateRange {
  const month = currentMonthRange(today);
  return { from: range.from || month.from, to: range.to || month.to };
}

/**
 * How a screen shows a moment (an ISO timestamp from the server): `locale`, as the browser's
 * locale writes it in its time zone (the journal, the activity log, the sessions); `seconds`,
 * `2026-11-24 03:00:00` in the browser's time zone (the backups); `stored`, the server's own text
 * to the minute, `2026-11-24 03:00` (past imports).
 */
export type TimestampStyle = 'locale' | 'seconds' | 'stored';

/** The one formatter of moments on screen; see `TimestampStyle`. */
export function formatTimestamp(iso: string, style: TimestampStyle = 'locale'): string {
  if (style === 'stored') return iso.slice(0, 16).replace('T', ' ');
  const at = new Date(iso);
  if (style === 'locale') return at.toLocaleString();
  return `${toIsoDate(at)} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}
