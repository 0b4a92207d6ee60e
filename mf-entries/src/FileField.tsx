import { Field } from 'shared-ui';

export interface FileFieldProps {
  label: string;
  name: string;
  /** The file endings or types the picker offers. */
  accept: string;
  /** A new value empties the input (after an import, or once the entry is recorded). */
  resetKey?: number;
  multiple?: boolean;
  /** A phone's camera, opened at once. */
  capture?: 'environment';
  onFiles: (files: FileList | null) => void;
}

/** A labelled file picker: the imports' file, the entry forms' receipts and photos. */
export function FileField({ label, resetKey, onFiles, ...input }: FileFieldProps) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          key={resetKey}
          id={id}
          type="file"
          className="ofs-input"
          {...input}
          onChange={(event) => onFiles(event.target.files)}
        />
      )}
    </Field>
  );
}
