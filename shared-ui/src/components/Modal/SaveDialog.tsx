import type { ReactNode } from 'react';
import { Button } from '../Button';
import { Modal } from './Modal';

export interface SaveDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** A save in flight: the button says "Saving..." and the dialog cannot be closed. */
  busy: boolean;
  onSave: () => void;
  /** The button's text; "Save" unless given. */
  saveLabel?: string;
  children: ReactNode;
}

/** A dialog of fields with one Save button (add or edit one record). */
export function SaveDialog({
  open,
  title,
  onClose,
  busy,
  onSave,
  saveLabel,
  children,
}: SaveDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      closeDisabled={busy}
      actions={
        <Button onClick={onSave} busy={busy} busyLabel="Saving...">
          {saveLabel ?? 'Save'}
        </Button>
      }
    >
      {children}
    </Modal>
  );
}
