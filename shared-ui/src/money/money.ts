// Money display. Amounts arrive as JSON numbers with at most two decimals (DESIGN §3).

const formatter = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `1234.5` -> `1,234.50`; non-numbers show as `0.00` rather than `NaN`. */
export function formatMoney(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return formatter.format(Number.isFinite(value) ? value : 0);
}

/** The currency label of the spec: `RS: 1,234.50`. */
export function formatRs(amount: number | string | null | undefined): string {
  return `RS: ${formatMoney(amount)}`;
}
