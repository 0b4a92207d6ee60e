// The data and state of the /Import screen: what is imported, the file, the mapping and format
// choices, the preview (which writes nothing), the import itself, and the choices the preview
// asks for (parties to create or pick, duplicates to import all the same).
import { useState } from 'react';
import {
  type DateFormat,
  type ImportKind,
  type ImportMapping,
  type ImportOptions,
  type NumberFormat,
  type PartyChoice,
} from 'contract/browser';
import { endpoints } from 'shared-ui';
import { useFileImport } from '../FileImport';

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
  /** The preview answers the choices as they were when it was asked for. */
  const [fresh, setFresh] = useState(false);
  /** The account the imported entries' money moved; empty: the default account. */
  const [accountId, setAccountId] = useState('');
  const flow = useFileImport({
    previewEndpoint: endpoints.previewImport,
    importEndpoint: endpoints.runImport,
    noChoices: NO_CHOICES,
    options: ({ parties, ...rest }: ImportChoices): ImportOptions => ({
      kind,
      ...rest,
      parties: Object.entries(parties).map(([name, choice]) => ({ name, choice })),
      ...(movesMoney(kind) && accountId !== '' ? { accountId: Number(accountId) } : {}),
    }),
    importOptions: { success: (answer) => answer.message },
  });
  const { setChoices, setPreview } = flow;

  const setKind = (next: ImportKind) => {
    setKindState(next);
    setChoices(NO_CHOICES);
    setPreview(undefined);
  };
  const setFile = (next: File | null) => {
    flow.setFile(next);
    setChoices(NO_CHOICES);
    setPreview(undefined);
  };
  const choose = (change: Partial<ImportChoices>) => {
    setChoices((current) => ({ ...current, ...change }));
    setFresh(false);
  };

  const runPreview = async () => {
    const outcome = await flow.askPreview();
    if (!outcome?.ok) return;
    const { answer } = outcome;
    setPreview(answer);
    setFresh(true);
    // The mapping shown is the one the preview used (detected, remembered or chosen).
    setChoices((current) => ({ ...current, mapping: answer.mapping }));
  };

  const runImport = async () => {
    if (await flow.importFile()) setFile(null);
  };

  return {
    kind,
    setKind,
    file: flow.file,
    setFile,
    fileInput: flow.fileInput,
    choices: flow.choices,
    choose,
    preview: flow.preview,
    fresh,
    accountId,
    setAccountId,
    previewing: flow.previewing,
    importing: flow.importing,
    runPreview,
    runImport,
  };
}

export type ImportState = ReturnType<typeof useImport>;
