import { useRef } from 'react';
import type { JournalRow } from 'contract/browser';
import { Button, endpoints, messages, useApiWrite, type UploadVariables } from 'shared-ui';
import { RECEIPT_ACCEPT, filesForm } from './receipt-files';

export interface AttachReceiptProps {
  row: Pick<JournalRow, 'id'>;
}

/** A Journal row's Attach receipt: picks files and uploads them to the entry at once. */
export function AttachReceipt({ row }: AttachReceiptProps) {
  const input = useRef<HTMLInputElement>(null);
  const attach = useApiWrite<typeof endpoints.attachReceipts, UploadVariables>(
    endpoints.attachReceipts,
    { success: messages.receiptsAttached },
  );
  const send = async (files: File[]) => {
    if (files.length === 0) return;
    await attach.run({ params: { id: row.id }, form: filesForm(files) });
    if (input.current) input.current.value = '';
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
