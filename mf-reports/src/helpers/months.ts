// Months as the month-end screens name them: YYYY-MM, today's and the one before.

const pad = (value: number) => String(value).padStart(2, '0');

/** The month of a day, YYYY-MM (today's by default). */
export const monthOf = (day: Date = new Date()): string =>
  `${day.getFullYear()}-${pad(day.getMonth() + 1)}`;

/** The month before a YYYY-MM month. */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${pad(number - 1)}`;
}

/** The first and last day of a YYYY-MM month. */
export function daysOf(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(year, number, 0).getDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/** `November 2026` */
export function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(year, number - 1, 1).toLocaleString('en-US', { month: 'long', year: 'numeric' });
}
