import {
  importMessages,
  type ChainBreak,
  type StatementFormat,
  type StatementImported,
  type StatementMapping,
  type StatementPreview,
  type StatementPreviewLine,
} from 'contract/browser';
import { Suspense, lazy } from 'react';
import { STATEMENT_FORMATS, Button, Select, Table, formatMoney, formatRs } from 'shared-ui';
import { formatChoices } from '../ColumnMapping/formatChoices';
import { ImportFile } from '../FileImport';
import { useStatementImport, type StatementImportState } from './useStatementImport';
import { ActionForm } from '../ActionForm';

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

const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;

/** Where the balances do not chain, in words. */
const chainText = (at: ChainBreak) =>
  `The balances do not chain at line ${at.line}: ` +
  `${formatRs(at.expected)} expected, the statement gives ${formatRs(at.given)}`;

/** What an import did, in words: lines added, lines already imported, balances that do not chain. */
export function importedText(answer: StatementImported): string[] {
  const texts = [`${lines(answer.added)} added, ${answer.known} already imported`];
  if (answer.chainBreak) texts.push(chainText(answer.chainBreak));
  return texts;
}

/** What an import of the file would do, in words, before it is imported. */
export function previewText(preview: StatementPreview): string[] {
  const texts = [
    `${lines(preview.lines)} read: ${preview.added} to add, ${preview.known} already imported`,
  ];
  if (preview.openingBalance !== null || preview.closingBalance !== null)
    texts.push(
      [
        preview.openingBalance === null
          ? ''
          : `Opening balance ${formatRs(preview.openingBalance)}`,
        preview.closingBalance === null
          ? ''
          : `Closing balance ${formatRs(preview.closingBalance)}`,
      ]
        .filter(Boolean)
        .join(' · '),
    );
  if (preview.chainBreak) texts.push(chainText(preview.chainBreak));
  return texts;
}

/** The fields a statement's columns map to, in the order the selects are shown. */
const STATEMENT_FIELDS: ReadonlyArray<{ field: keyof StatementMapping; label: string }> = [
  { field: 'date', label: 'Date' },
  { field: 'description', label: 'Description' },
  { field: 'reference', label: 'Reference' },
  { field: 'amount', label: 'Amount' },
  { field: 'debit', label: 'Debit (money out)' },
  { field: 'credit', label: 'Credit (money in)' },
  { field: 'balance', label: 'Balance' },
];

/**
 * The column selects, a chunk of their own: they show only once a CSV or Excel file is previewed,
 * so the register's first load does not carry them.
 */
const ColumnMapping = lazy(() =>
  import('../ColumnMapping').then(({ ColumnMapping }) => ({
    default: ColumnMapping<keyof StatementMapping>,
  })),
);

/** The columns a CSV or Excel statement was read with, to change before the import. */
function StatementMappingFields({ state }: { state: StatementImportState }) {
  const { preview, choices, choose } = state;
  if (!preview || preview.headers.length === 0) return null;
  return (
    <Suspense fallback={<p>Loading...</p>}>
      <ColumnMapping
        headers={preview.headers}
        sheets={{
          all: preview.sheets,
          current: preview.sheet,
          // Another sheet has other columns: they are detected again.
          onChange: (sheet) => choose({ sheet, mapping: undefined }),
        }}
        fields={STATEMENT_FIELDS}
        mapping={choices.mapping ?? preview.mapping}
        onMappingChange={(mapping) => choose({ mapping })}
        amounts={{ amount: 'amount', debit: 'debit', credit: 'credit' }}
        {...formatChoices(preview, choices, choose)}
      />
    </Suspense>
  );
}

/** The first lines as they would be imported (dates read, amounts signed), or why they cannot be. */
function StatementPreviewPanel({ state }: { state: StatementImportState }) {
  const { preview, previewError } = state;
  if (previewError) return <p role="alert">{previewError}</p>;
  if (!preview) return null;
  if (preview.problem) return <p role="alert">{preview.problem}</p>;
  return (
    <section aria-label="Statement preview">
      <div role="status" aria-label="Statement preview summary">
        {previewText(preview).map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
      {preview.lines > preview.first.length && (
        <p>{`The first ${preview.first.length} of ${lines(preview.lines)}:`}</p>
      )}
      <Table<StatementPreviewLine>
        caption="Lines to import"
        columns={[
          { key: 'line', header: importMessages.line, kind: 'count', render: (row) => row.line },
          { key: 'date', header: 'Date', value: (row) => row.date },
          { key: 'description', header: 'Description', value: (row) => row.description },
          { key: 'reference', header: 'Reference', value: (row) => row.reference },
          {
            key: 'amount',
            header: 'Amount',
            kind: 'money',
            render: (row) => formatMoney(row.amount),
          },
          {
            key: 'balance',
            header: 'Balance',
            kind: 'money',
            render: (row) => (row.balance === null ? '' : formatMoney(row.balance)),
          },
          {
            key: 'known',
            header: 'Already imported',
            value: (row) => (row.known ? 'Yes' : ''),
          },
        ]}
        rows={preview.first}
        rowKey={(row) => row.line}
        emptyText="No lines"
      />
    </section>
  );
}

/**
 * Import statement: the bank's file (CSV, Excel, OFX/QFX, CAMT.053, MT940). Once a file is chosen
 * it is previewed (nothing is written): for a CSV or Excel file, the columns it was read with
 * (date, description, reference, balance, and one signed amount or Debit and Credit), the date
 * and number formats, each to change, as /Import offers them; for every format, the first lines
 * as they would be imported. The import sends the same options.
 */
export function StatementImport({ accountId }: { accountId: number }) {
  const state = useStatementImport(accountId);
  const { choices, choose, result } = state;
  return (
    <ActionForm
      className="mf-accounts__form"
      label="Import statement"
      onSubmit={() => state.runImport()}
    >
      <h2>Import statement</h2>
      <ImportFile state={state} accept=".csv,.txt,.xlsx,.ofx,.qfx,.xml,.sta,.mt940" />
      <Select
        label="Format"
        value={choices.format ?? ''}
        placeholder={DETECT}
        options={options(STATEMENT_FORMATS, FORMAT_LABELS)}
        onChange={(format) =>
          choose({
            format: format === '' ? undefined : (format as StatementFormat),
            mapping: undefined,
            dateFormat: undefined,
            numberFormat: undefined,
          })
        }
      />
      <StatementMappingFields state={state} />
      <StatementPreviewPanel state={state} />
      <Button
        type="submit"
        busy={state.importing}
        busyLabel="Importing..."
        disabled={!state.file || state.previewing || !state.ready}
      >
        Import statement
      </Button>
      {state.previewing && <p role="status">Reading the statement...</p>}
      {state.progress?.state === 'importing' && (
        <p role="status" aria-label="Statement importing">
          {state.progress.lines === 0
            ? 'Importing the statement: reading the file'
            : `Importing the statement: ${state.progress.linesDone} of ${lines(state.progress.lines)} written`}
        </p>
      )}
      {state.progress?.state === 'refused' && (
        <p role="alert" aria-label="Statement refused">
          {`The statement was not imported, nothing was stored: ${state.progress.refusal ?? ''}`}
        </p>
      )}
      {state.progress?.state === 'interrupted' && (
        <p role="alert">
          {`The import stopped after ${state.progress.linesDone} of ${lines(state.progress.lines)}: ` +
            'import the file again to add the rest (lines already imported are recognised), or undo it'}
        </p>
      )}
      {result && (
        <div role="status" aria-label="Statement imported">
          {importedText(result).map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      )}
    </ActionForm>
  );
}
