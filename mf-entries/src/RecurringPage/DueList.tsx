import type { Occurrence } from 'contract/browser';
import { Button, Table, messages } from 'shared-ui';
import type { TableColumn } from 'shared-ui';
import { entryColumns } from './entry-columns';
import type { Recurring } from './useRecurring';

const columns = (recurring: Recurring): Array<TableColumn<Occurrence>> => [
  { key: 'date', header: 'Date', render: (row) => row.date },
  ...entryColumns<Occurrence>(),
  {
    key: 'actions',
    header: 'Actions',
    render: (row) =>
      row.closed ? (
        messages.occurrenceClosed
      ) : (
        <div className="mf-recurring__row-actions">
          <Button
            disabled={recurring.busy}
            aria-label={`Post ${row.description || row.partyName} of ${row.date}`}
            onClick={() => void recurring.post({ scheduleId: row.scheduleId, date: row.date })}
          >
            Post
          </Button>
          <Button
            variant="secondary"
            disabled={recurring.busy}
            aria-label={`Skip ${row.description || row.partyName} of ${row.date}`}
            onClick={() => void recurring.skip({ scheduleId: row.scheduleId, date: row.date })}
          >
            Skip
          </Button>
        </div>
      ),
  },
];

/** Due: every occurrence up to today not yet posted or skipped; closed ones shown, not postable. */
export function DueList({ recurring }: { recurring: Recurring }) {
  return (
    <div className="mf-recurring__due">
      <h2>Due</h2>
      <Table
        caption="Due"
        columns={columns(recurring)}
        rows={recurring.due}
        rowKey={(row) => `${row.scheduleId}_${row.date}`}
        loading={recurring.dueLoading}
        emptyText={messages.nothingDue}
      />
      {recurring.closedCount > 0 && (
        <p className="mf-recurring__closed-count">
          {messages.closedOccurrencesCount} {recurring.closedCount}
        </p>
      )}
      <Button
        busy={recurring.busy}
        busyLabel="Posting..."
        onClick={() => void recurring.postAllDue()}
      >
        Post all due
      </Button>
    </div>
  );
}
