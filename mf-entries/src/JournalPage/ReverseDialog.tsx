import { useState } from 'react';
import type { JournalRow } from 'contract';
import { Button, Modal, TextField, formatRs } from 'shared-ui';
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
  const [reason, setReason] = useState('');
  const [reasonFor, setReasonFor] = useState(pending);
  // A new dialog starts with an empty reason.
  if (reasonFor !== pending) {
    setReasonFor(pending);
    setReason('');
  }
  return (
    <Modal
      open={pending !== undefined}
      title={
        pending
          ? `${pending.correct ? 'Correct' : 'Reverse'} entry #${pending.row.id}`
          : 'Reverse entry'
      }
      onClose={onClose}
      closeDisabled={busy}
      actions={
        <Button
          variant="danger"
          busy={busy}
          busyLabel="Reversing..."
          onClick={() => void onReverse(reason.trim())}
        >
          {pending?.correct ? 'Reverse and correct' : 'Reverse'}
        </Button>
      }
    >
      {pending && (
        <>
          <p>
            {`${KINDS[pending.row.kind].label}, ${pending.row.partyName}, ` +
              `${pending.row.Creditdebit} ${formatRs(pending.row.amount)} on ${pending.row.date}. ` +
              'A reversal cancels it in every report; the entry stays in the journal.'}
          </p>
          <TextField
            label="Reason"
            name="reason"
            maxLength={500}
            value={reason}
            onChange={setReason}
          />
        </>
      )}
    </Modal>
  );
}
