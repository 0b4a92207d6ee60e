// Under each entry form (issue 32): what the signed-in user recorded in it today, newest first,
// with the account each was booked to and its description (issue 42), from the server, so the week can be checked without a trip to the Journal. Recording an entry
// or attaching a receipt refreshes it (the contract's topics). Correct opens the Journal's
// correction dialog in place: once saved, the list shows the corrected entry, and the one it
// replaces as reversed.
import { useState } from 'react';
import type { EntryKind, JournalEntryRow } from 'contract/browser';
import { Button, clerkMessages, endpoints, formatRs, messages, useApiQuery } from 'shared-ui';
import { CorrectDialog } from '../JournalPage/dialogs';
import { AttachReceipt } from '../Receipts/AttachReceipt';
import { isEntryRow } from '../JournalPage/journal-kinds';
import './JustRecorded.css';

export interface JustRecordedProps {
  kind: EntryKind;
  /** The column that names the party: Client, Expense Type, Employee. */
  partyLabel: string;
}

export function JustRecorded({ kind, partyLabel }: JustRecordedProps) {
  const recorded = useApiQuery(endpoints.listJustRecorded, { query: { kind } }, { onError: 'log' });
  const headingId = `just-recorded-${kind}`;
  // (a form's entries: never a voucher)
  const entries = (recorded.data?.entries ?? []).filter(isEntryRow);
  const [correcting, setCorrecting] = useState<JournalEntryRow | undefined>();
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
        // The product's table (shared-ui's Table.css): on a phone each row is a card, the party
        // and the amount at its head, every other cell a line with its column's name.
        <div className="ofs-table__scroll">
          <table className="ofs-table ofs-table--cards">
            <thead>
              <tr>
                <th scope="col">No.</th>
                <th scope="col">Date</th>
                <th scope="col">{partyLabel}</th>
                <th scope="col">Credit/Debit</th>
                <th scope="col" className="mf-entries__money">
                  Amount
                </th>
                <th scope="col">Account</th>
                <th scope="col">Description</th>
                <th scope="col">Receipts</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((row) => (
                <tr key={row.id}>
                  <td data-label="No.">#{row.id}</td>
                  <td data-label="Date">{row.date}</td>
                  <td data-label={partyLabel} className="ofs-table__card-lead">
                    {row.partyName}
                  </td>
                  <td data-label="Credit/Debit">{row.Creditdebit}</td>
                  <td data-label="Amount" className="mf-entries__money ofs-table__card-figure">
                    {formatRs(row.amount)}
                  </td>
                  {/* Where the money went (an invoice moves none), so a wrong account shows today. */}
                  <td data-label="Account">{row.accountName ?? ''}</td>
                  <td data-label="Description" className="mf-entries__description">
                    {row.description}
                  </td>
                  <td data-label="Receipts">{row.receipts}</td>
                  <td data-label="Actions" className="mf-entries__row-actions">
                    {row.reversedById ? (
                      <span>{`Reversed by #${row.reversedById}`}</span>
                    ) : (
                      <Button
                        variant="secondary"
                        aria-label={`${clerkMessages.correct} entry #${row.id}`}
                        onClick={() => setCorrecting(row)}
                      >
                        {clerkMessages.correct}
                      </Button>
                    )}
                    <AttachReceipt row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CorrectDialog row={correcting} onClose={() => setCorrecting(undefined)} />
    </section>
  );
}
