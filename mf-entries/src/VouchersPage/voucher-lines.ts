// A voucher's lines as typed, and what they add up to: the debits, the credits and the
// difference, in whole cents, worked out as the user types.
import { centsText, parseMoney } from 'shared-ui';
import type { VoucherBody } from 'contract/browser';

export interface DraftLine {
  /** Tells the lines apart while they are added and removed. */
  key: number;
  /** '' until an account is picked. */
  accountId: string;
  debit: string;
  credit: string;
}

export interface VoucherTotals {
  debit: string;
  credit: string;
  /** Debits less credits. */
  difference: string;
  balanced: boolean;
}

let nextKey = 1;

export const emptyLine = (): DraftLine => ({
  key: nextKey++,
  accountId: '',
  debit: '',
  credit: '',
});

/** A typed amount in cents: 0 when empty, null when it is not an amount. */
const centsOf = (text: string): bigint | null => (text.trim() === '' ? 0n : parseMoney(text));

/** The totals of the lines; an amount that is not one counts as nothing. */
export function totalsOf(lines: readonly DraftLine[]): VoucherTotals {
  let debit = 0n;
  let credit = 0n;
  for (const line of lines) {
    debit += centsOf(line.debit) ?? 0n;
    credit += centsOf(line.credit) ?? 0n;
  }
  return {
    debit: centsText(debit),
    credit: centsText(credit),
    difference: centsText(debit - credit),
    balanced: debit === credit && debit > 0n,
  };
}

/**
 * What stops the voucher from being posted, in words; undefined when it may be. The server
 * checks all of it again.
 */
export function problemOf(description: string, lines: readonly DraftLine[]): string | undefined {
  if (description.trim() === '') return 'Enter a description';
  if (lines.length < 2) return 'A voucher has at least two lines';
  for (const [index, line] of lines.entries()) {
    const debit = centsOf(line.debit);
    const credit = centsOf(line.credit);
    const n = index + 1;
    if (!line.accountId) return `Pick the account of line ${n}`;
    if (debit === null || credit === null || debit < 0n || credit < 0n)
      return `Line ${n}: an amount is not one`;
    if (debit > 0n === credit > 0n) return `Line ${n} has either a debit or a credit`;
  }
  if (!totalsOf(lines).balanced) return 'Debits and credits must be equal';
  return undefined;
}

/** The body the server takes: each line with its one side, as plain decimals. */
export function voucherBody(
  date: string,
  description: string,
  lines: readonly DraftLine[],
): VoucherBody {
  return {
    date,
    description: description.trim(),
    lines: lines.map((line) => {
      const debit = centsOf(line.debit) ?? 0n;
      const credit = centsOf(line.credit) ?? 0n;
      return {
        accountId: Number(line.accountId),
        ...(debit > 0n ? { debit: centsText(debit) } : {}),
        ...(credit > 0n ? { credit: centsText(credit) } : {}),
      };
    }),
  };
}
