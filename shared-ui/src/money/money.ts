// Money in the browser. Report totals arrive as exact JSON number tokens of any size
// (docs/decisions/005-money-bounds.md), and the API client's JSON reader keeps a token that a
// double would not give back exactly as its decimal text (http/exact-json.ts). So a money
// value is a number, or the exact decimal text of one too large for a double; every helper here
// takes either and works in whole cents (BigInt), so no figure is rounded at any size.

/** A money figure: a JSON number, or the exact decimal text of one past what a double holds. */
export type Money = number | string;

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/** The plain decimal text of a finite number (no exponent). */
function numberText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Below 1e-6 the amount is 0.00; at 1e21 and above a double is a whole number.
  return Math.abs(value) < 1 ? '0' : BigInt(value).toString();
}

/**
 * Whole cents of a money value, rounded half away from zero at the cent; null when the value is
 * not a number (missing, empty, or text that is not a plain decimal).
 */
export function toCents(amount: Money | null | undefined): bigint | null {
  if (amount === null || amount === undefined) return null;
  if (typeof amount === 'number' && !Number.isFinite(amount)) return null;
  const match = DECIMAL.exec(typeof amount === 'number' ? numberText(amount) : amount.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  return sign === '-' ? -cents : cents;
}

/** `a` as text with two decimals, optionally grouped: `-1234567.5` -> `-1,234,567.50`. */
function centsText(cents: bigint, grouped: boolean): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const wholeText = grouped ? grouping.format(whole) : whole.toString();
  return `${negative ? '-' : ''}${wholeText}.${(abs % 100n).toString().padStart(2, '0')}`;
}

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `n / 100` as a Money: a number when a double gives it back exactly, else its decimal text. */
export function fromCents(cents: bigint): Money {
  const text = centsText(cents, false);
  const value = Number(text);
  return String(value) === text.replace(/\.?0+$/, '').replace(/^-0$/, '0') || cents === 0n
    ? value
    : text;
}

/** `1234.5` -> `1,234.50`, exact at any size; non-numbers show as `0.00` rather than `NaN`. */
export function formatMoney(amount: Money | null | undefined): string {
  return centsText(toCents(amount) ?? 0n, true);
}

/** The currency label of the spec: `RS: 1,234.50`. */
export function formatRs(amount: Money | null | undefined): string {
  return `RS: ${formatMoney(amount)}`;
}

/** The exact sum of money amounts; non-numbers count as zero. */
export function sumMoney(amounts: Iterable<Money | null | undefined>): Money {
  let cents = 0n;
  for (const amount of amounts) cents += toCents(amount) ?? 0n;
  return fromCents(cents);
}

/** `a - b`, exact. */
export function subtractMoney(a: Money, b: Money): Money {
  return fromCents((toCents(a) ?? 0n) - (toCents(b) ?? 0n));
}

/** The plain `1234.50` form a CSV carries: two decimals, no grouping, no currency. */
export function plainMoney(amount: Money): string {
  return centsText(toCents(amount) ?? 0n, false);
}
