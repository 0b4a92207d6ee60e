// Amounts as typed in the entry forms, read by the contract's money module up to the contract's
// bound (999,999,999,999.99): digits with or without thousands separators (`12,500`, `12,500.50`)
// and a decimal point; no sign or exponent (Number() would accept "1e3" and " 0x10 "). The spec's
// payload carries the plain number: the form normalises before sending.
import { centsText, parseMoney } from 'shared-ui';

/** The amount as a number, or undefined when it is not a valid amount greater than 0. */
export function parseAmount(text: string): number | undefined {
  if (!/^[\d.,]*$/.test(text.trim())) return undefined;
  const cents = parseMoney(text);
  return cents !== null && cents > 0n ? Number(centsText(cents)) : undefined;
}
