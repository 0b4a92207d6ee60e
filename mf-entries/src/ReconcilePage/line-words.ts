// The reconcile row's words: a line as a button's name reads it, the entry or transfer proposed
// for it, and why it was suggested, said as a bookkeeper would (never the raw score).
import type { StatementLine, Suggestion, WorklistEntry, WorklistTransfer } from 'contract/browser';
import { formatMoney } from 'shared-ui';
import { KINDS } from '../JournalPage/journal-kinds';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03-12" as "12 Mar". */
export const shortDay = (iso: string) => {
  const [, month, day] = iso.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month}`;
};

/** A line as every button of its row names it: "12 Mar, KOSTEN, RS -50.00". */
export const lineName = (line: Pick<StatementLine, 'date' | 'description' | 'amount'>) =>
  `${shortDay(line.date)}, ${line.description || 'no description'}, RS ${formatMoney(line.amount)}`;

/** One record a line can be matched to: an entry or a transfer, as the row and the search show it. */
export interface Candidate {
  key: string;
  type: 'entry' | 'transfer';
  id: number;
  date: string;
  /** The party, or "To Cash" / "From Cash" for a transfer. */
  party: string;
  /** "Expense", "Income", "Salary" or "Transfer". */
  what: string;
  description: string;
  /** Signed as the account sees it: money in +, money out -. */
  amount: number;
  /** The entry itself (what a rule made from a match by hand proposes). */
  entry?: WorklistEntry;
}

export const entryCandidate = (entry: WorklistEntry): Candidate => ({
  key: `e${entry.id}`,
  type: 'entry',
  id: entry.id,
  date: entry.date,
  party: entry.partyName,
  what: KINDS[entry.kind].label,
  description: entry.description,
  amount: entry.amount,
  entry,
});

export const transferCandidate = (transfer: WorklistTransfer): Candidate => ({
  key: `t${transfer.id}`,
  type: 'transfer',
  id: transfer.id,
  date: transfer.date,
  party: `${transfer.amount < 0 ? 'To' : 'From'} ${transfer.accountName}`,
  what: 'Transfer',
  description: transfer.description,
  amount: transfer.amount,
});

/** A candidate in a few words: "Expense #41, Rent". */
export const candidateTitle = (candidate: Candidate) =>
  `${candidate.what} #${candidate.id}, ${candidate.party}`;

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .normalize('NFKD')
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 2),
  );

/** The words of `name` found in the line's description and reference. */
export const sharedWords = (line: StatementLine, name: string) => {
  const inLine = words(`${line.description} ${line.reference}`);
  return [...words(name)].filter((word) => inLine.has(word));
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const dayWords = (line: StatementLine, date: string) => {
  const days = daysBetween(line.date, date);
  if (days === 0) return 'same day';
  const count = Math.abs(days) === 1 ? '1 day' : `${Math.abs(days)} days`;
  return days < 0 ? `${count} before the line` : `${count} after the line`;
};

/**
 * Why a suggestion was made, in words: "Same amount, 2 days before the line, party named in the
 * line" for one entry or transfer; "2 entries add up to the amount, ..." for a set.
 */
export function whySuggested(line: StatementLine, found: Candidate[], suggestion: Suggestion) {
  const parts: string[] = [];
  if (found.length > 1) parts.push(`${found.length} entries add up to the amount`);
  else parts.push('Same amount');
  if (found.length === 1) parts.push(dayWords(line, found[0]!.date));
  else if (found.length > 1) {
    const far = Math.max(...found.map((one) => Math.abs(daysBetween(line.date, one.date))));
    parts.push(far === 0 ? 'all on the same day' : `within ${far} day${far === 1 ? '' : 's'}`);
  }
  const named = found.flatMap((one) => sharedWords(line, `${one.party} ${one.description}`));
  if (named.length > 0) parts.push(`"${named[0]}" in the line's text`);
  else parts.push('no name in common');
  if (!suggestion.strong) parts.push('check before accepting');
  return parts.join(', ');
}

/**
 * What Remember offers to save of a line's description: its words without the dates, amounts and
 * references that change from one statement to the next ("K-ELECTRIC BILL 02/2026 REF 9902" →
 * "K-ELECTRIC BILL REF"); the description itself when nothing else is left.
 */
export function rulePattern(description: string): string {
  const kept = description
    .split(/\s+/)
    .filter((word) => !/\d/.test(word) && /\p{L}/u.test(word))
    .join(' ')
    .trim();
  return (kept || description.trim()).slice(0, 200);
}
