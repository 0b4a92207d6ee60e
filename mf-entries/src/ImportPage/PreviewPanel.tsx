import { importMessages, type ImportProblem, type PreviewRow } from 'contract/browser';
import { Table, Select } from 'shared-ui';
import { usePartyOptions } from '../EntryFields/usePartyOptions';
import type { ImportState } from './useImport';

const CREATE = 'create';

/** What a file's layout was read as: format, encoding, delimiter, header line. */
function layoutText(state: ImportState): string {
  const preview = state.preview!;
  const parts = [
    preview.format,
    preview.encoding,
    preview.delimiter === null
      ? preview.sheet
      : `delimiter ${preview.delimiter === '\t' ? 'TAB' : preview.delimiter}`,
    `headers on line ${preview.headerLine}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** Parties the file names that do not exist: create each, or pick an existing one. */
function NewParties({ state }: { state: ImportState }) {
  const { preview, kind, choices, choose } = state;
  const entryKind = kind === 'income' || kind === 'expense' || kind === 'salary' ? kind : null;
  const existing = usePartyOptions(
    entryKind ?? undefined,
    (preview?.newParties.length ?? 0) > 0,
  ).options;
  if (!preview || !entryKind || preview.newParties.length === 0) return null;
  const options = [
    ...(entryKind === 'salary' ? [] : [{ value: CREATE, label: importMessages.createParty }]),
    ...existing,
  ];
  return (
    <fieldset className="mf-import__parties">
      <legend>{importMessages.newParties}</legend>
      {preview.newParties.map((name) => {
        const choice = choices.parties[name];
        const value = !choice ? '' : 'create' in choice ? CREATE : String(choice.id);
        return (
          <Select
            key={name}
            label={name}
            value={value}
            placeholder=""
            options={options}
            onChange={(picked) => {
              const next = { ...choices.parties };
              if (picked === '') delete next[name];
              else next[name] = picked === CREATE ? { create: true } : { id: Number(picked) };
              choose({ parties: next });
            }}
          />
        );
      })}
    </fieldset>
  );
}

/** The summary, the first rows as they will be recorded, and every error with its line. */
export function PreviewPanel({ state }: { state: ImportState }) {
  const { preview, choices, choose } = state;
  if (!preview) return null;
  const ticked = new Set(choices.includeDuplicates);
  const tick = (line: number, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(line);
    else next.delete(line);
    choose({ includeDuplicates: [...next].sort((a, b) => a - b) });
  };
  return (
    <section className="mf-import__preview" aria-label={importMessages.preview}>
      <p className="mf-import__summary" role="status">
        {preview.summary}
      </p>
      <p className="mf-import__layout">{layoutText(state)}</p>
      {preview.earlier && (
        <p className="mf-import__earlier" role="alert">
          {importMessages.importedBefore(
            preview.earlier.id,
            preview.earlier.createdAt,
            preview.earlier.fileName,
          )}
        </p>
      )}
      <Table<PreviewRow>
        caption="Rows to import"
        columns={[
          { key: 'line', header: importMessages.line, render: (row) => row.line, kind: 'count' },
          ...preview.columns.map((column, index) => ({
            key: column,
            header: column,
            render: (row: PreviewRow) => row.values[index] ?? '',
          })),
        ]}
        rows={preview.first}
        rowKey={(row) => row.line}
      />
      {preview.problems.length > 0 && (
        <Table<ImportProblem>
          caption="Rows with errors"
          columns={[
            { key: 'line', header: importMessages.line, render: (p) => p.line, kind: 'count' },
            { key: 'reason', header: importMessages.reason, render: (p) => p.reason },
            {
              key: 'anyway',
              header: importMessages.importAnyway,
              render: (p) =>
                p.duplicate ? (
                  <input
                    type="checkbox"
                    aria-label={`${importMessages.importAnyway}: line ${p.line}`}
                    checked={ticked.has(p.line)}
                    onChange={(event) => tick(p.line, event.target.checked)}
                  />
                ) : null,
            },
          ]}
          rows={preview.problems}
          rowKey={(p) => `${p.line}:${p.reason}`}
        />
      )}
      <NewParties state={state} />
    </section>
  );
}
