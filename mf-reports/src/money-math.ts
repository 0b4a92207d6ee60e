// Money arithmetic for totals and balances. Amounts have at most two decimals; adding them as
// floats drifts (0.1 + 0.2), so they are added as whole cents and turned back at the end.

const toCents = (amount: number): number => Math.round(amount * 100);

/** The exact sum of money amounts; non-numbers count as zero. */
export function sumMoney(amounts: Iterable<number | string | null | undefined>): number {
  let cents = 0;
  for (const amount of amounts) {
    const value = typeof amount === 'number' ? amount : Number(amount);
    if (Number.isFinite(value)) cents += toCents(value);
  }
  return cents / 100;
}

/** `a - b` without float drift. */
export function subtractMoney(a: number, b: number): number {
  return (toCents(a) - toCents(b)) / 100;
}

/** The plain `1234.50` form a CSV carries: two decimals, no grouping, no currency. */
export function plainMoney(amount: number): string {
  return (toCents(amount) / 100).toFixed(2);
}
