import { useEffect, useRef } from 'react';
import { clerkMessages, messages } from 'shared-ui';
import { FileField } from '../FileField';
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
      <FileField
        label={messages.receipt}
        name="receipt"
        multiple
        accept={RECEIPT_ACCEPT}
        resetKey={resetKey}
        onFiles={(files) => pick('files', files)}
      />
      <FileField
        label={clerkMessages.takePhoto}
        name="receiptPhoto"
        accept="image/*"
        capture="environment"
        resetKey={resetKey}
        onFiles={(files) => pick('photos', files)}
      />
    </>
  );
}
