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
