// Money, exact, for the browser and the server alike (docs/decisions/005-money-bounds.md). A
// money value is a JSON number, or the exact decimal text of one past what a double holds (report
// totals, NUMERIC text from the database); every helper here works in whole cents as a bigint, so
// no figure goes through a float and none is rounded at any size.

/** A money figure: a JSON number, or the exact decimal text of one (`100999999999998.99`). */
export type MoneyValue = number | string;

/** The largest single amount the contract takes, in cents: 999,999,999,999.99 (`Amount`). */
export const AMOUNT_MAX_CENTS = 99_999_999_999_999n;

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;
/**
 * An amount as a person types it: a sign, thousands separators (`12,500.50`), at most two
 * decimals; `.5` and `7.` are taken as people write them.
 */
const TYPED = /^([-+]?)(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/;

/** The plain decimal text of a finite number (no exponent). */
function numberText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Below 1e-6 the amount is 0.00; at 1e21 and above a double is a whole number.
  return Math.abs(value) < 1 ? '0' : BigInt(value).toString();
}

/**
 * Whole cents of a money value of any size, rounded half away from zero at the cent; null when
 * it is not a number (missing, not finite, or text that is not a plain decimal).
 */
export function toCents(amount: MoneyValue | null | undefined): bigint | null {
  if (amount === null || amount === undefined) return null;
  if (typeof amount === 'number' && !Number.isFinite(amount)) return null;
  const match = DECIMAL.exec(typeof amount === 'number' ? numberText(amount) : amount.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  return sign === '-' ? -cents : cents;
}

/** The cents of an amount known to be a decimal (NUMERIC text, a checked number); throws if not. */
export function centsOf(amount: MoneyValue): bigint {
  const cents = toCents(amount);
  if (cents === null) throw new Error(`not an amount: ${String(amount)}`);
  return cents;
}

/**
 * Exact cents of an amount as typed in a form or a file: an optional sign, digits with or
 * without thousands separators (`12,500.50`), at most two decimals (`.5`, `7.` too). Null when the text is not
 * such an amount or its size passes the contract's bound (999,999,999,999.99).
 */
export function parseMoney(text: string): bigint | null {
  const match = TYPED.exec(text.trim());
  if (!match || !/\d/.test(text)) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole.replaceAll(',', '')) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (cents > AMOUNT_MAX_CENTS) return null;
  return sign === '-' ? -cents : cents;
}

/** True when a number has at most two decimals (10.005 or 0.1 + 0.2 noise is not accepted). */
export const hasAtMostTwoDecimals = (value: number): boolean =>
  Number.isFinite(value) && Number(value.toFixed(2)) === value;

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Cents as decimal text with two decimals, optionally grouped: `-1234567.50`, `-1,234,567.50`. */
function text(cents: bigint, group: boolean): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${group ? grouped(whole) : whole}.${fraction}`;
}

/** Cents as NUMERIC text, the form the database and a CSV take: `1234.50`, `-0.05`. */
export const centsText = (cents: bigint): string => text(cents, false);

/** Cents as a money value: a number when a double gives it back exactly, else its decimal text. */
export function fromCents(cents: bigint): MoneyValue {
  const plain = centsText(cents);
  const value = Number(plain);
  return String(value) === plain.replace(/\.?0+$/, '').replace(/^-0$/, '0') || cents === 0n
    ? value
    : plain;
}

/**
 * A single amount (NUMERIC(14,2) text, or a number) as a JSON number, which a double holds
 * exactly at the contract's bound; missing is zero.
 */
export const amountNumber = (amount: MoneyValue | null | undefined): number =>
  amount === null || amount === undefined ? 0 : Number(amount);

/** `1234.5` -> `1,234.50`, exact at any size; non-numbers show as `0.00` rather than `NaN`. */
export function formatMoney(amount: MoneyValue | null | undefined): string {
  return text(toCents(amount) ?? 0n, true);
}

/** The currency label of the screens: `RS: 1,234.50`. */
export function formatRs(amount: MoneyValue | null | undefined): string {
  return `RS: ${formatMoney(amount)}`;
}

/** The plain `1234.50` form a CSV and the database carry: two decimals, no grouping. */
export function plainMoney(amount: MoneyValue): string {
  return centsText(toCents(amount) ?? 0n);
}

/** The exact sum of money amounts; non-numbers count as zero. */
export function sumMoney(amounts: Iterable<MoneyValue | null | undefined>): MoneyValue {
  let cents = 0n;
  for (const amount of amounts) cents += toCents(amount) ?? 0n;
  return fromCents(cents);
}

/** `a + b`, exact; non-numbers count as zero. */
export const addMoney = (a: MoneyValue, b: MoneyValue): MoneyValue => sumMoney([a, b]);

/** `a - b`, exact; non-numbers count as zero. */
export function subtractMoney(a: MoneyValue, b: MoneyValue): MoneyValue {
  return fromCents((toCents(a) ?? 0n) - (toCents(b) ?? 0n));
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`, exact at any size. */
export function compareMoney(a: MoneyValue, b: MoneyValue): -1 | 0 | 1 {
  const left = toCents(a) ?? 0n;
  const right = toCents(b) ?? 0n;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** A running exact total of money amounts (a report's totals row); missing and blank add nothing. */
export class MoneyTotal {
  private cents = 0n;
  add(amount: MoneyValue | null | undefined): void {
    if (amount === null || amount === undefined || amount === '') return;
    this.cents += toCents(amount) ?? 0n;
  }
  /** The total as a JSON number (exact at the contract's bound). */
  get amount(): number {
    return Number(centsText(this.cents));
  }
}
