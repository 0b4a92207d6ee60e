import type { JournalRow } from 'contract';
import { ReasonDialog, formatRs } from 'shared-ui';
import { KINDS } from './journal-kinds';

/** What the Reverse or Correct dialog is about. */
export interface PendingReversal {
  row: JournalRow;
  correct: boolean;
}

export interface ReverseDialogProps {
  pending: PendingReversal | undefined;
  busy: boolean;
  onClose: () => void;
  /** Reverses with the reason given; resolves true once reversed (the dialog then closes). */
  onReverse: (reason: string) => Promise<boolean>;
}

/** Asks for the reason of a reversal (or a correction) of one entry. */
export function ReverseDialog({ pending, busy, onClose, onReverse }: ReverseDialogProps) {
  return (
    <ReasonDialog
      subject={pending}
      title={
        pending
          ? `${pending.correct ? 'Correct' : 'Reverse'} entry #${pending.row.id}`
          : 'Reverse entry'
      }
      label="Reason"
      action={pending?.correct ? 'Reverse and correct' : 'Reverse'}
      busy={busy}
      busyLabel="Reversing..."
      onClose={onClose}
      onConfirm={(reason) => void onReverse(reason)}
    >
      {pending && (
        <p>
          {`${KINDS[pending.row.kind].label}, ${pending.row.partyName}, ` +
            `${pending.row.Creditdebit} ${formatRs(pending.row.amount)} on ${pending.row.date}. ` +
            'A reversal cancels it in every report; the entry stays in the journal.'}
        </p>
      )}
    </ReasonDialog>
  );
}
