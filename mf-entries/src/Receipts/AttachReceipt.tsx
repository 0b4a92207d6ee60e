import { useRef } from 'react';
import type { JournalRow } from 'contract';
import { Button, endpoints, errorMessage, messages, notify, useApiUpload } from 'shared-ui';
import { RECEIPT_ACCEPT, filesForm } from './receipt-files';

export interface AttachReceiptProps {
  row: Pick<JournalRow, 'id'>;
}

/** A Journal row's Attach receipt: picks files and uploads them to the entry at once. */
export function AttachReceipt({ row }: AttachReceiptProps) {
  const input = useRef<HTMLInputElement>(null);
  const attach = useApiUpload(endpoints.attachReceipts);
  const send = async (files: File[]) => {
    if (files.length === 0) return;
    try {
      await attach.mutateAsync({ params: { id: row.id }, form: filesForm(files) });
      notify(messages.receiptsAttached);
    } catch (error) {
      notify(errorMessage(error, endpoints.attachReceipts.texts.error));
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`${messages.attachReceipt} to entry #${row.id}`}
        busy={attach.isPending}
        busyLabel={messages.attachingReceipt}
        onClick={() => input.current?.click()}
      >
        {messages.attachReceipt}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={RECEIPT_ACCEPT}
        aria-label={`${messages.receipt} files for entry #${row.id}`}
        onChange={(event) => void send(Array.from(event.target.files ?? []))}
      />
    </>
  );
}
