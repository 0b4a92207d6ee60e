import { importMessages } from 'contract';
import { Field } from 'shared-ui';

export interface FileFieldProps {
  /** Changes when the file is cleared: the input starts empty again. */
  fileInput: number;
  setFile: (file: File | null) => void;
  /** The file endings the picker offers. */
  accept: string;
}

/** The file to import, as both imports ask for it. */
export function FileField({ fileInput, setFile, accept }: FileFieldProps) {
  return (
    <Field label={importMessages.file}>
      {(id) => (
        <input
          key={fileInput}
          id={id}
          name="file"
          type="file"
          className="ofs-input"
          accept={accept}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      )}
    </Field>
  );
}
