// Amounts as typed in the entry forms, read by the contract's money module up to the contract's
// bound (999,999,999,999.99). The forms take digits and a decimal point only: no sign, exponent or
// thousands separator (Number() would accept "1e3" and " 0x10 ").
import { centsText, parseMoney } from 'shared-ui';

/** The amount as a number, or undefined when it is not a valid amount greater than 0. */
export function parseAmount(text: string): number | undefined {
  if (!/^[\d.]*$/.test(text.trim())) return undefined;
  const cents = parseMoney(text);
  return cents !== null && cents > 0n ? Number(centsText(cents)) : undefined;
}
