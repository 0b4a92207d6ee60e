// How a statement line is known again (issues 33 and 39), and whether a statement's balances
// chain. A line's fingerprint is its day, its amount in cents and its description (letters
// A-Z taken as small), then which such line of its file it is: `date|cents|sha256|n`. The
// reference is no part of it, so a file that gains or loses a Reference column still finds the
// lines it holds (with the reference in it, the same statement with a Reference column added
// stored 7 lines for 3). Migration 035 wrote the stored lines' fingerprints the same way, in SQL.
import { createHash } from 'node:crypto';
import { fromCents, type ChainBreak } from 'contract';
import type { StatementLineRead } from './readers/index.js';

/** A-Z to a-z and nothing else: the same in JavaScript and in any database's locale. */
const smallLetters = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** Each line's fingerprint: n counts the lines of one file with the same day, amount and text. */
export function fingerprints(lines: readonly StatementLineRead[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const text = createHash('sha256').update(smallLetters(line.description), 'utf8').digest('hex');
    const key = `${line.date}|${line.cents}|${text}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${key}|${n}`;
  });
}

/** The first line whose running balance is not the previous balance plus its amount. */
export function chainBreak(
  lines: readonly StatementLineRead[],
  opening: bigint | null,
  closing: bigint | null,
): ChainBreak | null {
  let previous = opening;
  for (const line of lines) {
    if (line.balance === null) {
      previous = previous === null ? null : previous + line.cents;
      continue;
    }
    if (previous !== null && previous + line.cents !== line.balance)
      return {
        line: line.line,
        expected: fromCents(previous + line.cents) as number,
        given: fromCents(line.balance) as number,
      };
    previous = line.balance;
  }
  const last = lines[lines.length - 1];
  if (closing !== null && previous !== null && previous !== closing && last)
    return {
      line: last.line,
      expected: fromCents(previous) as number,
      given: fromCents(closing) as number,
    };
  return null;
}
