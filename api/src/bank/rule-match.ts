// Which rule proposes what for a statement line (issue 33; learning rules, issue 42). A rule's
// text is found in the line's description and reference ignoring case; a text without digits
// (what Remember saves: the description without its dates, amounts and references) is found in
// the line's words alone, so "SERVICE CHARGES REF" finds "SERVICE CHARGES 11/11/2026 REF 99812".
import { centsText, type BankRule, type Proposal } from 'contract';

/** The words of a text: lower case, without digits or punctuation, single spaces. */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A line's text as the rules look at it: lower case, and its words (made once, when asked). */
function lineText(text: string) {
  const lower = text.toLowerCase();
  let words: string | undefined;
  return { lower, words: () => (words ??= ` ${wordsOf(text)} `) };
}

function found(contains: string, line: ReturnType<typeof lineText>): boolean {
  if (line.lower.includes(contains.toLowerCase())) return true;
  if (/\d/.test(contains)) return false;
  const words = wordsOf(contains);
  return words !== '' && line.words().includes(` ${words} `);
}

/** Whether a rule takes a line of this sign: by its kind, or a ledger rule by its direction. */
const takes = (rule: BankRule, moneyIn: boolean) =>
  rule.kind === 'ledger'
    ? (rule.direction === 'in') === moneyIn
    : (rule.kind === 'income') === moneyIn;

/** The first enabled rule whose text is in the line and whose amount range holds it. */
export function proposalFor(
  rules: readonly BankRule[],
  line: { cents: bigint; text: string },
): Proposal | null {
  const size = Number(centsText(line.cents < 0n ? -line.cents : line.cents));
  const text = lineText(line.text);
  for (const rule of rules) {
    if (!rule.enabled || !found(rule.contains, text)) continue;
    if (!takes(rule, line.cents > 0n)) continue;
    if (rule.minAmount !== null && size < rule.minAmount) continue;
    if (rule.maxAmount !== null && size > rule.maxAmount) continue;
    return {
      ruleId: rule.id,
      pattern: rule.contains,
      kind: rule.kind,
      partyId: rule.partyId,
      ledgerAccountId: rule.ledgerAccountId,
      targetName: rule.partyName,
      description: rule.description,
    };
  }
  return null;
}
