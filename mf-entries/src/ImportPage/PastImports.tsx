import { useState } from 'react';
import { IMPORT_KIND_LABELS, importMessages, type ImportRecord } from 'contract/browser';
import {
  AppLink,
  Button,
  endpoints,
  formatRs,
  formatTimestamp,
  href,
  useApiQuery,
  useApiWrite,
} from 'shared-ui';
import { ImportsTable, UndoImportDialog } from '../FileImport';

/** Past imports, newest first, each undone in one step with one reason. */
export function PastImports() {
  const imports = useApiQuery(endpoints.listImports, undefined);
  const undo = useApiWrite(endpoints.reverseBatch, {
    // The batch's undo refreshes the books; the import's own line (Undone) is read again here.
    onSuccess: () => imports.refetch(),
    success: (answer) => answer.message,
  });
  const [pending, setPending] = useState<ImportRecord | undefined>();

  const confirmUndo = async (reason: string) => {
    if (!pending) return;
    const outcome = await undo.run({ params: { id: pending.batchId }, body: { reason } });
    if (outcome.ok) setPending(undefined);
  };

  return (
    <section className="mf-import__past">
      <h2>{importMessages.pastImports}</h2>
      <ImportsTable<ImportRecord>
        caption={importMessages.pastImports}
        emptyText={importMessages.noImports}
        loading={imports.isLoading}
        rows={imports.data?.imports ?? []}
        columns={[
          { key: 'kind', header: 'What', render: (row) => IMPORT_KIND_LABELS[row.kind] },
          { key: 'rows', header: 'Rows', render: (row) => row.rows, kind: 'count' },
          { key: 'credit', header: 'Credit', render: (row) => formatRs(row.credit), kind: 'money' },
          { key: 'debit', header: 'Debit', render: (row) => formatRs(row.debit), kind: 'money' },
          { key: 'by', header: 'By', render: (row) => row.createdBy?.name ?? '' },
          {
            key: 'at',
            header: 'When',
            render: (row) => formatTimestamp(row.createdAt, 'stored'),
          },
          {
            key: 'actions',
            header: 'Actions',
            render: (row) => (
              <>
                <AppLink to={href('journal', { batchId: row.batchId })}>Entries</AppLink>{' '}
                {row.reversedAt ? (
                  <span>{`Undone: ${row.reverseReason ?? ''}`}</span>
                ) : (
                  <Button variant="danger" onClick={() => setPending(row)}>
                    {importMessages.undoImport}
                  </Button>
                )}
              </>
            ),
          },
        ]}
      />
      <UndoImportDialog
        pending={pending}
        busy={undo.isPending}
        onClose={() => setPending(undefined)}
        onConfirm={(reason) => void confirmUndo(reason)}
      />
    </section>
  );
}
