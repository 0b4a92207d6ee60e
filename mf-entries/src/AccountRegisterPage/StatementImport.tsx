import { useState } from 'react';
import {
  importMessages,
  type DateFormat,
  type NumberFormat,
  type StatementFormat,
  type StatementImported,
  type StatementOptions,
} from 'contract';
import {
  DATE_FORMATS,
  NUMBER_FORMATS,
  STATEMENT_FORMATS,
  Button,
  Field,
  Select,
  endpoints,
  formatRs,
  notify,
  useApiWrite,
  type UploadVariables,
} from 'shared-ui';

export const FORMAT_LABELS: Record<StatementFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  ofx: 'OFX/QFX',
  camt053: 'CAMT.053 (XML)',
  mt940: 'MT940',
};

const DETECT = 'Detect from the file';
const options = (values: readonly string[], labels?: Record<string, string>) =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));

/** What an import did, in words: lines added, lines already imported, balances that do not chain. */
export function importedText(answer: StatementImported): string[] {
  const texts = [
    `${answer.added} ${answer.added === 1 ? 'line' : 'lines'} added, ` +
      `${answer.known} already imported`,
  ];
  if (answer.chainBreak)
    texts.push(
      `The balances do not chain at line ${answer.chainBreak.line}: ` +
        `${formatRs(answer.chainBreak.expected)} expected, the statement gives ${formatRs(answer.chainBreak.given)}`,
    );
  return texts;
}

/**
 * Import statement: the bank's file (CSV, Excel, OFX/QFX, CAMT.053, MT940) with, for a CSV or
 * Excel file, the date and number formats as /Import takes them; the server detects the rest.
 */
export function StatementImport({ accountId }: { accountId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileInput, setFileInput] = useState(0);
  const [format, setFormat] = useState('');
  const [dateFormat, setDateFormat] = useState('');
  const [numberFormat, setNumberFormat] = useState('');
  const [result, setResult] = useState<StatementImported | undefined>();
  const run = useApiWrite<typeof endpoints.importStatement, UploadVariables>(
    endpoints.importStatement,
    { success: (answer) => answer.message },
  );

  const submit = async () => {
    if (!file) return notify(importMessages.noFile);
    const chosen: StatementOptions = {
      ...(format ? { format: format as StatementFormat } : {}),
      ...(dateFormat ? { dateFormat: dateFormat as DateFormat } : {}),
      ...(numberFormat ? { numberFormat: numberFormat as NumberFormat } : {}),
    };
    const form = new FormData();
    form.append('options', JSON.stringify(chosen));
    form.append('file', file, file.name);
    const outcome = await run.run({ params: { id: accountId }, form });
    if (!outcome.ok) return;
    setResult(outcome.answer);
    setFile(null);
    setFileInput((count) => count + 1);
  };

  return (
    <form
      className="mf-accounts__form"
      aria-label="Import statement"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>Import statement</h2>
      <Field label={importMessages.file}>
        {(id) => (
          <input
            key={fileInput}
            id={id}
            name="file"
            type="file"
            className="ofs-input"
            accept=".csv,.txt,.xlsx,.ofx,.qfx,.xml,.sta,.mt940"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <Select
        label="Format"
        value={format}
        placeholder={DETECT}
        options={options(STATEMENT_FORMATS, FORMAT_LABELS)}
        onChange={setFormat}
      />
      <Select
        label={importMessages.dateFormat}
        value={dateFormat}
        placeholder={DETECT}
        options={options(DATE_FORMATS)}
        onChange={setDateFormat}
      />
      <Select
        label={importMessages.numberFormat}
        value={numberFormat}
        placeholder={DETECT}
        options={options(NUMBER_FORMATS)}
        onChange={setNumberFormat}
      />
      <Button type="submit" busy={run.isPending} busyLabel="Importing..." disabled={!file}>
        Import statement
      </Button>
      {result && (
        <div role="status" aria-label="Statement imported">
          {importedText(result).map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
    </form>
  );
}
