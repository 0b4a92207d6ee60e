// Under each entry form (issue 32): what the signed-in user recorded in it today, newest first,
// from the server, so the week can be checked without a trip to the Journal. Recording an entry
// or attaching a receipt refreshes it (shared-ui's `invalidates`).
import type { EntryKind } from 'contract';
import { clerkMessages, endpoints, formatRs, messages, useApiQuery } from 'shared-ui';
import { AttachReceipt } from '../Receipts';
import { CorrectEntryLink } from './CorrectEntryLink';
import './JustRecorded.css';

export interface JustRecordedProps {
  kind: EntryKind;
  /** The column that names the party: Client, Expense Type, Employee. */
  partyLabel: string;
}

export function JustRecorded({ kind, partyLabel }: JustRecordedProps) {
  const recorded = useApiQuery(endpoints.listJustRecorded, { query: { kind } }, { onError: 'log' });
  const headingId = `just-recorded-${kind}`;
  const entries = recorded.data?.entries ?? [];
  return (
    <section className="ofs-card mf-entries__just-recorded" aria-labelledby={headingId}>
      <h2 id={headingId} className="mf-entries__just-recorded-title">
        {clerkMessages.justRecorded}
      </h2>
      {recorded.isPending ? (
        <p>{messages.loading}</p>
      ) : entries.length === 0 ? (
        <p>{clerkMessages.nothingRecordedToday}</p>
      ) : (
        <div className="ofs-table__scroll">
          <table className="ofs-table">
            <thead>
              <tr>
                <th scope="col">No.</th>
                <th scope="col">Date</th>
                <th scope="col">{partyLabel}</th>
                <th scope="col">Credit/Debit</th>
                <th scope="col" className="mf-entries__money">
                  Amount
                </th>
                <th scope="col">Receipts</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((row) => (
                <tr key={row.id}>
                  <td>#{row.id}</td>
                  <td>{row.date}</td>
                  <td>{row.partyName}</td>
                  <td>{row.Creditdebit}</td>
                  <td className="mf-entries__money">{formatRs(row.amount)}</td>
                  <td>{row.receipts}</td>
                  <td className="mf-entries__row-actions">
                    <CorrectEntryLink row={row} />
                    <AttachReceipt row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
