// The reason asked before a reversal (of an entry, a voucher, a transfer): titled with what is
// reversed and its number, a Reason field, and Reverse ("Reversing..." while it is sent).
import type { ReactNode } from 'react';
import { ReasonDialog } from 'shared-ui';

export interface ReversalDialogProps {
  /** What is reversed, as the title names it ("entry", "voucher", "transfer"). */
  what: string;
  /** The one to reverse; undefined keeps the dialog closed. */
  subject: { id: number } | undefined;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
  /** What the reversal does, shown above the field. */
  children?: ReactNode;
}

export function ReversalDialog({ what, subject, ...rest }: ReversalDialogProps) {
  return (
    <ReasonDialog
      subject={subject}
      title={subject ? `Reverse ${what} #${subject.id}` : `Reverse ${what}`}
      label="Reason"
      action="Reverse"
      busyLabel="Reversing..."
      {...rest}
    />
  );
}
