// Money crosses the wire as a JSON number and lives in the database as NUMERIC(14,2) (totals
// NUMERIC(33,2)). Single amounts go through these helpers, which a double holds exactly; totals
// leave as exact number tokens in JSON built by PostgreSQL (docs/decisions/005-money-bounds.md).

/** True when a number has at most two decimals (10.005 or 0.1 + 0.2 noise is not accepted). */
export const hasAtMostTwoDecimals = (value: number): boolean =>
  Number.isFinite(value) && Number(value.toFixed(2)) === value;

/** The exact decimal string for the database. */
export const toNumericString = (value: number): string => value.toFixed(2);

/** A NUMERIC string from the database as a JSON number (at most 2 decimals by construction). */
export const toMoney = (value: string | number | null | undefined): number =>
  value === null || value === undefined ? 0 : Number(value);

/** A NUMERIC string written as people read money: `1,234.50` (messages, not the wire). */
export const formatAmount = (value: string): string => {
  const [whole = '0', cents = ''] = value.replace(/^-/, '').split('.');
  const sign = value.startsWith('-') ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0').slice(0, 2)}`;
};
