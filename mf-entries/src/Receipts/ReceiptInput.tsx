import { Field, messages } from 'shared-ui';
import { RECEIPT_ACCEPT } from './receipt-files';

export interface ReceiptInputProps {
  onChange: (files: File[]) => void;
  /** A new value empties the input (after the entry is recorded). */
  resetKey?: number;
}

/** The entry forms' optional Receipt input: several files allowed. */
export function ReceiptInput({ onChange, resetKey }: ReceiptInputProps) {
  return (
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
          onChange={(event) => onChange(Array.from(event.target.files ?? []))}
        />
      )}
    </Field>
  );
}
