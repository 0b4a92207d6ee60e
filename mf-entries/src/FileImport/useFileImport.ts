// The steps both imports share (/Import, and Import statement on a money account): the file chosen,
// the choices made about it, the preview (which writes nothing) and the import, each sent as one
// multipart form of the file and the choices as `options`. After an import the file input starts
// empty again.
import { useState } from 'react';
import { importMessages } from 'contract/browser';
import {
  notify,
  useApiWrite,
  type ApiWriteOptions,
  type Endpoint,
  type EndpointResult,
  type UploadVariables,
} from 'shared-ui';

export interface FileImportSetup<P extends Endpoint, I extends Endpoint, C> {
  previewEndpoint: P;
  importEndpoint: I;
  /** The choices before any is made. */
  noChoices: C;
  /** The multipart `options` sent for the choices made. */
  options: (choices: C) => unknown;
  /** The path's parameters of both calls (the money account's id). */
  params?: Record<string, string | number>;
  previewOptions?: ApiWriteOptions<P, UploadVariables>;
  importOptions?: ApiWriteOptions<I, UploadVariables>;
}

export function useFileImport<P extends Endpoint, I extends Endpoint, C>(
  setup: FileImportSetup<P, I, C>,
) {
  const [file, setFile] = useState<File | null>(null);
  /** Changes when the file is cleared, so that the file input starts empty again. */
  const [fileInput, setFileInput] = useState(0);
  const [choices, setChoices] = useState<C>(setup.noChoices);
  const [preview, setPreview] = useState<EndpointResult<P> | undefined>();
  const previewCall = useApiWrite<P, UploadVariables>(setup.previewEndpoint, setup.previewOptions);
  const importCall = useApiWrite<I, UploadVariables>(setup.importEndpoint, setup.importOptions);

  const upload = (chosen: File, next: C): UploadVariables => {
    const form = new FormData();
    form.append('options', JSON.stringify(setup.options(next)));
    form.append('file', chosen, chosen.name);
    return setup.params ? { params: setup.params, form } : { form };
  };

  /** Asks for the preview of a file with the choices (by default the ones chosen); none without a file. */
  const askPreview = async (chosen: File | null = file, next: C = choices) => {
    if (!chosen) return void notify(importMessages.noFile);
    return previewCall.run(upload(chosen, next));
  };

  /** Imports the file with the choices made: the answer once imported, the file input emptied. */
  const importFile = async (): Promise<EndpointResult<I> | undefined> => {
    if (!file) return void notify(importMessages.noFile);
    const outcome = await importCall.run(upload(file, choices));
    if (!outcome.ok) return undefined;
    setFileInput((count) => count + 1);
    return outcome.answer;
  };

  return {
    file,
    setFile,
    fileInput,
    choices,
    setChoices,
    preview,
    setPreview,
    askPreview,
    importFile,
    previewing: previewCall.isPending,
    importing: importCall.isPending,
  };
}
