// The data and state of Import statement: the file, the format and (for CSV and Excel) the
// mapping and formats chosen, the preview asked for at every change (it writes nothing), and the
// import with the same options. A large statement is answered "importing" and written after the
// answer (a large file read after it, too): the statement list is then asked again every second
// for its progress, until it is done (its counts shown as a small statement's are), interrupted,
// or refused once read (its message shown as a small statement's refusal is).
import { useEffect, useRef, useState } from 'react';
import {
  accountMessages,
  type StatementImport,
  type DateFormat,
  type NumberFormat,
  type StatementFormat,
  type StatementImported,
  type StatementMapping,
  type StatementOptions,
} from 'contract/browser';
import { endpoints, notify, useApiQuery } from 'shared-ui';
import { useFileImport } from '../FileImport';

/** How often the statement list is asked for the progress of an import being written. */
export const PROGRESS_EVERY_MS = 1000;

export interface StatementChoices {
  format?: StatementFormat;
  /** Undefined until a preview gives the columns it read (detected), then as changed. */
  mapping?: StatementMapping;
  dateFormat?: DateFormat;
  numberFormat?: NumberFormat;
  /** An Excel statement's sheet; left out, the first. */
  sheet?: string;
}

const NO_CHOICES: StatementChoices = {};

/** The multipart `options` of a preview and an import: only what was chosen or read. */
export function statementOptions(choices: StatementChoices): StatementOptions {
  return Object.fromEntries(
    Object.entries(choices).filter(([, value]) => value !== undefined),
  ) as StatementOptions;
}

export function useStatementImport(accountId: number) {
  const [previewError, setPreviewError] = useState<string | undefined>();
  const flow = useFileImport({
    previewEndpoint: endpoints.previewStatement,
    importEndpoint: endpoints.importStatement,
    noChoices: NO_CHOICES,
    options: statementOptions,
    params: { id: accountId },
    previewOptions: { onFailure: (message) => setPreviewError(message) },
    importOptions: { success: (answer) => answer.message },
  });
  const { file, choices, setChoices, preview, setPreview } = flow;
  const [result, setResult] = useState<StatementImported | undefined>();
  /** A large statement's answer while its lines are being written. */
  const [running, setRunning] = useState<StatementImported | undefined>();
  /** The import as the statement list last showed it: its progress, or where it stopped. */
  const [progress, setProgress] = useState<StatementImport | undefined>();
  const list = useApiQuery(
    endpoints.listStatements,
    { params: { id: accountId } },
    { enabled: running !== undefined, refetchInterval: running ? PROGRESS_EVERY_MS : false },
  );
  useEffect(() => {
    if (!running) return;
    const shown = list.data?.imports.find((row) => row.id === running.importId);
    if (!shown) return;
    setProgress(shown);
    if (shown.state === 'importing') return;
    setRunning(undefined);
    // A large file refused once read: the message its call would have answered with.
    if (shown.state === 'refused' && shown.refusal) notify(shown.refusal);
    if (shown.state === 'done') {
      setResult({
        ...running,
        message: accountMessages.statementImported,
        state: 'done',
        added: shown.added,
        known: shown.known,
      });
      notify(accountMessages.statementImported);
    }
  }, [list.data, running]);
  /** Only the answer to the latest preview asked for is shown. */
  const latest = useRef(0);
  const runPreview = async (chosen: File, next: StatementChoices) => {
    const asked = ++latest.current;
    setPreviewError(undefined);
    const outcome = await flow.askPreview(chosen, next);
    if (asked !== latest.current) return;
    if (!outcome?.ok) {
      setPreview(undefined);
      return;
    }
    const { answer } = outcome;
    setPreview(answer);
    // The mapping shown (and sent with the import) is the one the preview read the file with.
    if (answer.headers.length > 0)
      setChoices((current) =>
        current.mapping === undefined ? { ...current, mapping: answer.mapping } : current,
      );
  };

  const setFile = (next: File | null) => {
    flow.setFile(next);
    const kept: StatementChoices = { format: choices.format };
    setChoices(kept);
    setPreview(undefined);
    setPreviewError(undefined);
    if (next) {
      setResult(undefined);
      void runPreview(next, kept);
    } else latest.current += 1;
  };

  const choose = (change: Partial<StatementChoices>) => {
    const next = { ...choices, ...change };
    setChoices(next);
    if (file) void runPreview(file, next);
  };

  const runImport = async () => {
    const answer = await flow.importFile();
    if (!answer) return;
    setProgress(undefined);
    if (answer.state === 'importing') {
      setResult(undefined);
      setRunning(answer);
    } else setResult(answer);
    setFile(null);
  };

  const ready = preview !== undefined && preview.problem === null && previewError === undefined;
  return {
    file,
    setFile,
    fileInput: flow.fileInput,
    choices,
    choose,
    preview,
    previewError,
    previewing: flow.previewing,
    ready,
    importing: flow.importing || running !== undefined,
    runImport,
    result,
    /** The import being read or written, interrupted or refused, as the statement list shows it. */
    progress: progress && progress.state !== 'done' ? progress : undefined,
  };
}

export type StatementImportState = ReturnType<typeof useStatementImport>;
