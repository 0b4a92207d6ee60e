import { useState } from 'react';
import type { Receipt } from 'contract/browser';
import {
  Button,
  LoadingScreen,
  Modal,
  TextField,
  endpoints,
  messages,
  notify,
  useApiWrite,
  useApiQuery,
  useCanWrite,
} from 'shared-ui';
import './Receipts.css';

export interface ReceiptViewerProps {
  /** The entry whose receipts are shown; undefined: closed. */
  entryId: number | undefined;
  onClose: () => void;
}

/**
 * The receipts of an entry, in the page: thumbnails to choose from, the chosen image shown, a
 * PDF in the browser's own viewer (an iframe of its signed address, which the server sandboxes),
 * a Download for each, and Remove with a reason for those who write.
 */
export function ReceiptViewer({ entryId, onClose }: ReceiptViewerProps) {
  return (
    <Modal
      open={entryId !== undefined}
      title={`${messages.receiptViewerTitle} #${entryId ?? ''}`}
      onClose={onClose}
      closeLabel={messages.receiptViewerClose}
    >
      {entryId !== undefined && <ReceiptList entryId={entryId} />}
    </Modal>
  );
}

function ReceiptList({ entryId }: { entryId: number }) {
  // Always asked again on opening: the addresses it holds are valid for minutes only.
  const list = useApiQuery(endpoints.listReceipts, { params: { id: entryId } }, { staleTime: 0 });
  const [chosen, setChosen] = useState(0);
  if (list.isPending) return <LoadingScreen />;
  const receipts = list.data?.receipts ?? [];
  if (receipts.length === 0) return <p>{messages.receiptsNone}</p>;
  const shown = receipts[Math.min(chosen, receipts.length - 1)] as Receipt;
  return (
    <div className="mf-receipts">
      <ul className="mf-receipts__thumbs" aria-label="Files">
        {receipts.map((receipt, index) => (
          <li key={receipt.id}>
            <button
              type="button"
              className="mf-receipts__thumb"
              aria-pressed={receipt.id === shown.id}
              onClick={() => setChosen(index)}
            >
              {receipt.mediaType === 'application/pdf' ? (
                <span className="mf-receipts__pdf">PDF</span>
              ) : (
                <img src={receipt.url} alt="" />
              )}
              <span>{receipt.fileName}</span>
            </button>
          </li>
        ))}
      </ul>
      <ShownReceipt receipt={shown} />
    </div>
  );
}

function ShownReceipt({ receipt }: { receipt: Receipt }) {
  return (
    <figure className="mf-receipts__shown">
      {receipt.mediaType === 'application/pdf' ? (
        <iframe src={receipt.url} title={receipt.fileName} className="mf-receipts__frame" />
      ) : (
        <img src={receipt.url} alt={receipt.fileName} className="mf-receipts__image" />
      )}
      <figcaption className="mf-receipts__caption">
        <span>{receipt.fileName}</span>
        <a className="ofs-button" href={receipt.downloadUrl} download={receipt.fileName}>
          {messages.receiptDownload}
        </a>
        <RemoveReceipt receipt={receipt} />
      </figcaption>
    </figure>
  );
}

function RemoveReceipt({ receipt }: { receipt: Receipt }) {
  const canWrite = useCanWrite() === true;
  const [reason, setReason] = useState('');
  const remove = useApiWrite(endpoints.removeReceipt, { success: messages.receiptRemoved });
  if (!canWrite) return null;
  const submit = async () => {
    if (reason.trim() === '') {
      notify(messages.receiptRemoveReason);
      return;
    }
    const outcome = await remove.run({
      params: { id: receipt.id },
      body: { reason: reason.trim() },
    });
    if (outcome.ok) setReason('');
  };
  return (
    <span className="mf-receipts__remove">
      <TextField
        label={messages.receiptRemoveReason}
        value={reason}
        onChange={setReason}
        maxLength={500}
      />
      <Button variant="secondary" busy={remove.isPending} onClick={() => void submit()}>
        {messages.receiptRemove}
      </Button>
    </span>
  );
}
