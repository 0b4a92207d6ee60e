import { Link } from 'react-router';
import { personText, type ActivityRow } from 'contract/browser';
import { formatTimestamp, messages, type TableColumn } from 'shared-ui';
import { actionLabel, kindLabel, recordLink, valueText } from './activity-labels';

/** What a line with no user behind it says did it (`by`: "automatic rollback", the command). */
const byText = (row: Partial<Pick<ActivityRow, 'changes'>>) => {
  const by = row.changes?.find((change) => change.field === 'by')?.after;
  return typeof by === 'string' && by ? by : undefined;
};

/**
 * Who, with the e-mail that tells apart two people of one name; a deleted user as a former user.
 * A line with no user behind it names what did it when it says (`by`: the server's automatic
 * rollback of a canary, the deploy command); a batch with no user behind it was posted by the
 * running server itself (automatic posting).
 */
export const whoText = (row: Pick<ActivityRow, 'actor' | 'kind'> & Partial<ActivityRow>) =>
  row.actor
    ? personText(row.actor)
    : (byText(row) ?? (row.kind === 'batch' ? messages.theServer : '—'));

function Changes({ row }: { row: ActivityRow }) {
  if (row.changes.length === 0) return null;
  return (
    <ul className="mf-activity__changes">
      {row.changes.map((change) => (
        <li key={change.field}>
          <span className="mf-activity__field">{change.field}</span>: {valueText(change.before)} →{' '}
          {valueText(change.after)}
        </li>
      ))}
    </ul>
  );
}

function RecordCell({ row }: { row: ActivityRow }) {
  const label = row.recordId ? `${kindLabel(row.kind)} #${row.recordId}` : kindLabel(row.kind);
  const to = recordLink(row);
  return to ? <Link to={to}>{label}</Link> : <>{label}</>;
}

export const activityColumns: Array<TableColumn<ActivityRow>> = [
  { key: 'at', header: 'When', render: (row) => formatTimestamp(row.at) },
  { key: 'who', header: 'Who', render: whoText },
  { key: 'action', header: 'Action', render: actionLabel },
  { key: 'record', header: 'Record', render: (row) => <RecordCell row={row} /> },
  { key: 'changes', header: 'Changes', render: (row) => <Changes row={row} /> },
  { key: 'address', header: 'Address', render: (row) => row.address || '—' },
  { key: 'browser', header: 'Browser', render: (row) => row.browser || '—' },
];
