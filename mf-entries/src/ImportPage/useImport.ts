// The data and state of the /Import screen: what is imported, the file, the mapping and format
// choices, the preview (which writes nothing), the import itself, and the choices the preview
// asks for (parties to create or pick, duplicates to import all the same).
import { useState } from 'react';
import {
  importMessages,
  type DateFormat,
  type ImportKind,
  type ImportMapping,
  type ImportOptions,
  type ImportPreview,
  type NumberFormat,
  type PartyChoice,
} from 'contract';
import { endpoints, notify, useApiWrite, type UploadVariables } from 'shared-ui';

export interface ImportChoices {
  mapping?: ImportMapping;
  dateFormat?: DateFormat;
  numberFormat?: NumberFormat;
  sheet?: string;
  parties: Record<string, PartyChoice>;
  includeDuplicates: number[];
}

const NO_CHOICES: ImportChoices = { parties: {}, includeDuplicates: [] };

/** Entries move money (their payments and receipts name an account); people do not. */
export const movesMoney = (kind: ImportKind) =>
  kind === 'income' || kind === 'expense' || kind === 'salary';

export function useImport() {
  const [kind, setKindState] = useState<ImportKind>('income');
  const [file, setFileState] = useState<File | null>(null);
  /** Changes when the file is cleared, so that the file input starts empty again. */
  const [fileInput, setFileInput] = useState(0);
  const [choices, setChoices] = useState<ImportChoices>(NO_CHOICES);
  const [preview, setPreview] = useState<ImportPreview | undefined>();
  /** The preview answers the choices as they were when it was asked for. */
  const [fresh, setFresh] = useState(false);
  /** The account the imported entries' money moved; empty: the default account. */
  const [accountId, setAccountId] = useState('');
  const previewCall = useApiWrite<typeof endpoints.previewImport, UploadVariables>(
    endpoints.previewImport,
  );
  const importCall = useApiWrite<typeof endpoints.runImport, UploadVariables>(endpoints.runImport, {
    success: (answer) => answer.message,
  });

  const form = (): FormData | undefined => {
    if (!file) {
      notify(importMessages.noFile);
      return undefined;
    }
    const { parties, ...rest } = choices;
    const options: ImportOptions = {
      kind,
      ...rest,
      parties: Object.entries(parties).map(([name, choice]) => ({ name, choice })),
      ...(movesMoney(kind) && accountId !== '' ? { accountId: Number(accountId) } : {}),
    };
    const body = new FormData();
    body.append('options', JSON.stringify(options));
    body.append('file', file, file.name);
    return body;
  };

  const setKind = (next: ImportKind) => {
    setKindState(next);
    setChoices(NO_CHOICES);
    setPreview(undefined);
  };
  const setFile = (next: File | null) => {
    setFileState(next);
    setChoices(NO_CHOICES);
    setPreview(undefined);
  };
  const choose = (change: Partial<ImportChoices>) => {
    setChoices((current) => ({ ...current, ...change }));
    setFresh(false);
  };

  const runPreview = async () => {
    const body = form();
    if (!body) return;
    const outcome = await previewCall.run({ form: body });
    if (!outcome.ok) return;
    const { answer } = outcome;
    setPreview(answer);
    setFresh(true);
    // The mapping shown is the one the preview used (detected, remembered or chosen).
    setChoices((current) => ({ ...current, mapping: answer.mapping }));
  };

  const runImport = async () => {
    const body = form();
    if (!body) return;
    if (!(await importCall.run({ form: body })).ok) return;
    setFile(null);
    setFileInput((count) => count + 1);
  };

  return {
    kind,
    setKind,
    file,
    setFile,
    fileInput,
    choices,
    choose,
    preview,
    fresh,
    accountId,
    setAccountId,
    previewing: previewCall.isPending,
    importing: importCall.isPending,
    runPreview,
    runImport,
  };
}

export type ImportState = ReturnType<typeof useImport>;
