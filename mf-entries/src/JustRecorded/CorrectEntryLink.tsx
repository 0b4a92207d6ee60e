import type { JournalRow } from 'contract';
import { AppLink, clerkMessages, href, plainMoney } from 'shared-ui';

export interface CorrectEntryLinkProps {
  row: Pick<JournalRow, 'id' | 'kind' | 'partyId' | 'date' | 'amount'>;
}

/**
 * A just-recorded entry's Correct: the Journal, filtered down to the entry, where its Correct is.
 * Kept on its own so that a one-step correction dialog can take its place.
 */
export function CorrectEntryLink({ row }: CorrectEntryLinkProps) {
  const amount = Number(plainMoney(row.amount));
  const to = href('journal', {
    kind: row.kind,
    partyId: row.partyId,
    from: row.date,
    to: row.date,
    minAmount: amount,
    maxAmount: amount,
  });
  return (
    <AppLink to={to} aria-label={`${clerkMessages.correct} entry #${row.id}`}>
      {clerkMessages.correct}
    </AppLink>
  );
}
