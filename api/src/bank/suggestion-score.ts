// How well a ledger record (an entry, a transfer) fits a statement line (issue 33): a score of
// 0 to 100 from the distance in days and the words they share, and whether it is strong enough
// for "Accept all suggested".

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .normalize('NFKD')
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 2),
  );

/** 0 to 1: the share of the entry's words (party and description) found in the line's text. */
export function similarity(lineText: string, party: string, description: string): number {
  const line = words(lineText);
  const entry = words(`${party} ${description}`);
  if (line.size === 0 || entry.size === 0) return 0;
  let shared = 0;
  for (const word of entry) if (line.has(word)) shared += 1;
  const partyWords = words(party);
  let partyShared = 0;
  for (const word of partyWords) if (line.has(word)) partyShared += 1;
  return 0.7 * (shared / entry.size) + 0.3 * (partyWords.size ? partyShared / partyWords.size : 0);
}

export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** 0 to 100: date distance first (up to 60), then how well the names agree (up to 40). */
export const scoreOf = (distance: number, days: number, alike: number) =>
  Math.round((60 * (1 - distance / (days + 1)) + 40 * alike) * 100) / 100;

/** Strong: near in date (3 days) or well named; "Accept all" takes a lone strong one. */
export const isStrong = (distance: number, alike: number) => distance <= 3 || alike >= 0.5;
