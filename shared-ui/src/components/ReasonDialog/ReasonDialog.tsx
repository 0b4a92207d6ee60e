import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../Button';
import { TextField } from '../Field';
import { Modal } from '../Modal';

export interface ReasonDialogProps {
  /**
   * What the dialog is about (the entry, the import); undefined keeps it closed. A new subject
   * starts with an empty reason.
   */
  subject: unknown;
  title: string;
  /** What the reason is for, shown above the field. */
  children?: ReactNode;
  /** The field's label. */
  label: string;
  /** The button that confirms, and its text while the write is in flight. */
  action: string;
  busyLabel?: string;
  busy: boolean;
  onClose: () => void;
  /** Called with the reason as typed, trimmed. */
  onConfirm: (reason: string) => void;
}

/**
 * The one dialog that asks for a reason before an undo (a reversal, a correction, an import
 * undone): a text of at most 500 characters, focused when the dialog opens, the confirming
 * button, and Close.
 */
export function ReasonDialog({
  subject,
  title,
  children,
  label,
  action,
  busyLabel,
  busy,
  onClose,
  onConfirm,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [reasonFor, setReasonFor] = useState(subject);
  // A new dialog starts with an empty reason.
  if (reasonFor !== subject) {
    setReasonFor(subject);
    setReason('');
  }
  return (
    <Modal
      open={subject !== undefined}
      title={title}
      onClose={onClose}
      closeDisabled={busy}
      actions={
        <Button
          variant="danger"
          busy={busy}
          busyLabel={busyLabel}
          onClick={() => onConfirm(reason.trim())}
        >
          {action}
        </Button>
      }
    >
      {children}
      <TextField
        label={label}
        name="reason"
        maxLength={500}
        value={reason}
        onChange={setReason}
        data-autofocus
      />
    </Modal>
  );
}
