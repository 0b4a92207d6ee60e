import type { Schedule } from 'contract/browser';
import { Button, Table } from 'shared-ui';
import type { TableColumn } from 'shared-ui';
import { entryColumns } from './entry-columns';
import type { Recurring } from './useRecurring';

function Actions({ row, recurring }: { row: Schedule; recurring: Recurring }) {
  if (row.state === 'ended') return null;
  return (
    <div className="mf-recurring__row-actions">
      <Button
        variant="secondary"
        onClick={() =>
          void recurring.setState(row.id, row.state === 'active' ? 'paused' : 'active')
        }
      >
        {row.state === 'active' ? 'Pause' : 'Resume'}
      </Button>
      <Button variant="secondary" onClick={() => void recurring.setState(row.id, 'ended')}>
        End
      </Button>
      {recurring.isAdmin && (
        <label className="mf-recurring__auto">
          <input
            type="checkbox"
            checked={row.autoPost}
            onChange={(event) => void recurring.setAutoPost(row.id, event.target.checked)}
          />
          Post automatically
        </label>
      )}
    </div>
  );
}

const columns = (recurring: Recurring): Array<TableColumn<Schedule>> => [
  ...entryColumns<Schedule>(),
  { key: 'repeats', header: 'Repeats', render: (row) => row.repeats },
  {
    key: 'dates',
    header: 'Starts – Ends',
    render: (row) => `${row.starts} – ${row.ends ?? ''}`,
  },
  {
    key: 'state',
    header: 'State',
    render: (row) => `${row.state}${row.autoPost ? ', automatic' : ''} (${row.posted} posted)`,
  },
  {
    key: 'actions',
    header: 'Actions',
    render: (row) => <Actions row={row} recurring={recurring} />,
  },
];

/** The schedules, each with Pause/Resume and End (and automatic posting for admins). */
export function ScheduleList({ recurring }: { recurring: Recurring }) {
  return (
    <Table
      caption="Schedules"
      columns={columns(recurring)}
      rows={recurring.schedules}
      rowKey={(row) => row.id}
      loading={recurring.schedulesLoading}
    />
  );
}
