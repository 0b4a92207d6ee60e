// Amounts as typed by people: digits with an optional decimal point and at most two decimals,
// no signs, exponents or thousands separators (Number() would accept "1e3" and " 0x10 ").

/** At most 12 integer digits: the server's NUMERIC(14,2) ceiling is 999,999,999,999.99. */
const AMOUNT = /^(?:\d{1,12}(?:\.\d{0,2})?|\.\d{1,2})$/;

/** The amount as a number, or undefined when it is not a valid amount greater than 0. */
export function parseAmount(text: string): number | undefined {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value > 0 ? value : undefined;
}
