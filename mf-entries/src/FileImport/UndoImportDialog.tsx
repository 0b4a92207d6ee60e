import { importMessages } from 'contract/browser';
import { ReasonDialog, type ReasonDialogProps } from 'shared-ui';

export type UndoImportDialogProps = Omit<
  ReasonDialogProps,
  'subject' | 'title' | 'label' | 'action'
> & {
  /** The import to undo; undefined keeps the dialog closed. */
  pending: { id: number } | undefined;
};

/** Undo import, as both imports ask for it: the import's number and the reason. */
export function UndoImportDialog({ pending, ...rest }: UndoImportDialogProps) {
  return (
    <ReasonDialog
      subject={pending}
      title={pending ? `${importMessages.undoImport} #${pending.id}` : importMessages.undoImport}
      label={importMessages.undoReason}
      action={importMessages.undoImport}
      {...rest}
    />
  );
}
