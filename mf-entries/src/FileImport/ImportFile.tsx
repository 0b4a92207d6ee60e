import { importMessages } from 'contract/browser';
import { FileField } from '../FileField';

export interface ImportFileProps {
  /** The import's file input: a new value starts it empty again. */
  state: { fileInput: number; setFile: (file: File | null) => void };
  /** The file endings the import reads. */
  accept: string;
}

/** The file to import, as both imports ask for it. */
export function ImportFile({ state, accept }: ImportFileProps) {
  return (
    <FileField
      label={importMessages.file}
      name="file"
      accept={accept}
      resetKey={state.fileInput}
      onFiles={(files) => state.setFile(files?.[0] ?? null)}
    />
  );
}
