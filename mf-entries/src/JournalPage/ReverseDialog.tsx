import type { JournalEntryRow } from 'contract/browser';
import { formatRs } from 'shared-ui';
import { ReversalDialog } from '../ReversalDialog';
import { KINDS } from './journal-kinds';

export interface ReverseDialogProps {
  /** The entry to reverse; undefined keeps the dialog closed. */
  pending: JournalEntryRow | undefined;
  busy: boolean;
  onClose: () => void;
  /** Reverses with the reason given; resolves true once reversed (the dialog then closes). */
  onReverse: (reason: string) => Promise<boolean>;
}

/** Asks for the reason of a reversal of one entry (the Reason field focused); nothing more. */
export function ReverseDialog({ pending, busy, onClose, onReverse }: ReverseDialogProps) {
  return (
    <ReversalDialog
      what="entry"
      subject={pending}
      busy={busy}
      onClose={onClose}
      onConfirm={(reason) => void onReverse(reason)}
    >
      {pending && (
        <p>
          {`${KINDS[pending.kind].label}, ${pending.partyName}, ` +
            `${pending.Creditdebit} ${formatRs(pending.amount)} on ${pending.date}. ` +
            'A reversal cancels it in every report; the entry stays in the journal.'}
        </p>
      )}
    </ReversalDialog>
  );
}
