import { useState } from 'react';
import { importMessages, type StatementImport } from 'contract/browser';
import { Button, endpoints, formatTimestamp, notify, useApiQuery, useApiWrite } from 'shared-ui';
import { ImportsTable, UndoImportDialog } from '../FileImport';
import { FORMAT_LABELS } from './StatementImport';
import { PROGRESS_EVERY_MS } from './useStatementImport';

const linesText = (count: number) => `${count} ${count === 1 ? 'line' : 'lines'}`;

/** What an import holds, or how far it has got. */
function importLines(row: StatementImport): string {
  const counts = `${linesText(row.added)} added, ${row.known} already imported`;
  if (row.state === 'importing')
    return row.lines === 0
      ? 'Importing: reading the file'
      : `Importing: ${row.linesDone} of ${linesText(row.lines)} written`;
  if (row.state === 'refused') return `Refused: ${row.refusal ?? ''}`;
  if (row.state === 'interrupted')
    return `Stopped after ${row.linesDone} of ${linesText(row.lines)}: ${counts}`;
  return counts;
}

/**
 * The account's statement imports, newest first, each undone as one with a reason: its lines
 * leave the worklist (the server refuses while one of them is matched or excluded). Undo is
 * offered to those who write.
 */
export function StatementImports({
  accountId,
  canWrite,
}: {
  accountId: number;
  canWrite: boolean;
}) {
  // Asked again every second while an import is being written, for its progress.
  const imports = useApiQuery(
    endpoints.listStatements,
    { params: { id: accountId } },
    {
      refetchInterval: (query) =>
        query.state.data?.imports.some((row) => row.state === 'importing')
          ? PROGRESS_EVERY_MS
          : false,
    },
  );
  const [pending, setPending] = useState<StatementImport | undefined>();
  const undo = useApiWrite(endpoints.undoStatement, {
    success: (answer) => answer.message,
    onSuccess: () => setPending(undefined),
  });

  return (
    <section className="mf-register__imports">
      <h2>Statement imports</h2>
      <ImportsTable<StatementImport>
        caption="Statement imports"
        emptyText="No statements imported yet"
        loading={imports.isLoading}
        rows={imports.data?.imports ?? []}
        columns={[
          { key: 'format', header: 'Format', render: (row) => FORMAT_LABELS[row.format] },
          {
            key: 'lines',
            header: 'Lines',
            render: importLines,
          },
          { key: 'at', header: 'When', render: (row) => formatTimestamp(row.createdAt, 'stored') },
          {
            key: 'actions',
            header: 'Actions',
            render: (row) =>
              row.undoneAt ? (
                <span>Undone</span>
              ) : row.state === 'importing' || row.state === 'refused' ? null : canWrite ? (
                <Button
                  variant="danger"
                  aria-label={`${importMessages.undoImport} #${row.id}`}
                  onClick={() => setPending(row)}
                >
                  {importMessages.undoImport}
                </Button>
              ) : null,
          },
        ]}
      />
      <UndoImportDialog
        pending={pending}
        busy={undo.isPending}
        busyLabel="Undoing..."
        onClose={() => setPending(undefined)}
        onConfirm={(reason) => {
          if (!pending) return;
          if (reason === '') return notify('Please enter a reason');
          void undo.run({ params: { id: accountId, importId: pending.id }, body: { reason } });
        }}
      >
        {pending && (
          <p>
            {`${pending.fileName}: its ${linesText(pending.added)} leave the worklist. ` +
              'Lines already matched or excluded must be unmatched first.'}
          </p>
        )}
      </UndoImportDialog>
    </section>
  );
}
