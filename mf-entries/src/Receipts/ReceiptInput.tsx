import { useEffect, useRef } from 'react';
import { Field, clerkMessages, messages } from 'shared-ui';
import { RECEIPT_ACCEPT } from './receipt-files';

export interface ReceiptInputProps {
  onChange: (files: File[]) => void;
  /** A new value empties the inputs (after the entry is recorded). */
  resetKey?: number;
}

/**
 * The entry forms' optional Receipt input: several files allowed (PDFs and images), and beside it
 * "Take a photo", which opens a phone's camera at once (`capture` on the first input would leave a
 * phone no way to pick a PDF, so the camera has an input of its own). Both add to the receipts.
 */
export function ReceiptInput({ onChange, resetKey }: ReceiptInputProps) {
  const chosen = useRef<{ files: File[]; photos: File[] }>({ files: [], photos: [] });
  // Emptied inputs hold nothing: forget what they held.
  useEffect(() => {
    chosen.current = { files: [], photos: [] };
  }, [resetKey]);
  const pick = (part: 'files' | 'photos', files: FileList | null) => {
    chosen.current = { ...chosen.current, [part]: Array.from(files ?? []) };
    onChange([...chosen.current.files, ...chosen.current.photos]);
  };
  return (
    <>
      <Field label={messages.receipt}>
        {(id) => (
          <input
            key={resetKey}
            id={id}
            name="receipt"
            type="file"
            multiple
            accept={RECEIPT_ACCEPT}
            className="ofs-input"
            onChange={(event) => pick('files', event.target.files)}
          />
        )}
      </Field>
      <Field label={clerkMessages.takePhoto}>
        {(id) => (
          <input
            key={resetKey}
            id={id}
            name="receiptPhoto"
            type="file"
            accept="image/*"
            capture="environment"
            className="ofs-input"
            onChange={(event) => pick('photos', event.target.files)}
          />
        )}
      </Field>
    </>
  );
}
