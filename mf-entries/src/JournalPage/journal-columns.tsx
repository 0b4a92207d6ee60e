import { personText } from 'contract';
import type { JournalRow } from 'contract';
import { Button, formatMoney, formatTimestamp, messages } from 'shared-ui';
import { AttachReceipt } from '../Receipts';
import type { TableColumn } from 'shared-ui';
import { KINDS, stateOf } from './journal-kinds';

/** The Receipt link of a row with files: "Receipt", or "Receipt (3)" when more than one. */
export const receiptLinkText = (count: number) =>
  count > 1 ? `${messages.receipt} (${count})` : messages.receipt;

/**
 * The journal's columns; with `onReverse`, the Reverse and Correct actions of each entry and its
 * Attach receipt; `onReceipts` opens the receipts of a row that has some.
 */
export function journalColumns(
  onReverse?: (row: JournalRow, correct: boolean) => void,
  onReceipts?: (row: JournalRow) => void,
): TableColumn<JournalRow>[] {
  const columns: TableColumn<JournalRow>[] = [
    { key: 'id', header: 'No.', render: (row) => `#${row.id}` },
    { key: 'date', header: 'Date', render: (row) => row.date },
    { key: 'kind', header: 'Kind', render: (row) => KINDS[row.kind].label },
    { key: 'party', header: 'Party', render: (row) => row.partyName },
    { key: 'cd', header: 'Credit/Debit', render: (row) => row.Creditdebit },
    { key: 'amount', header: 'Amount', kind: 'money', render: (row) => formatMoney(row.amount) },
    { key: 'description', header: 'Description', render: (row) => row.description },
    {
      key: 'by',
      header: 'Recorded by',
      // With the e-mail, so that two people of one name are told apart.
      render: (row) => (row.recordedBy ? personText(row.recordedBy) : ''),
    },
    {
      key: 'at',
      header: 'Recorded at',
      render: (row) => formatTimestamp(row.recordedAt),
    },
    { key: 'state', header: 'State', render: stateOf },
    {
      key: 'receipts',
      header: messages.receipt,
      render: (row) =>
        row.receipts > 0 && onReceipts ? (
          <button
            type="button"
            className="mf-journal__link"
            aria-label={`${receiptLinkText(row.receipts)} of entry #${row.id}`}
            onClick={() => onReceipts(row)}
          >
            {receiptLinkText(row.receipts)}
          </button>
        ) : null,
    },
  ];
  if (onReverse)
    columns.push({
      key: 'actions',
      header: 'Actions',
      // Only an entry that is neither reversed nor a reversal can be reversed or corrected.
      render: (row) =>
        row.reversesId || row.reversedById ? (
          <span className="mf-journal__actions">
            <AttachReceipt row={row} />
          </span>
        ) : (
          <span className="mf-journal__actions">
            <AttachReceipt row={row} />
            <Button
              variant="secondary"
              aria-label={`Reverse entry #${row.id}`}
              onClick={() => onReverse(row, false)}
            >
              Reverse
            </Button>
            <Button
              variant="secondary"
              aria-label={`Correct entry #${row.id}`}
              onClick={() => onReverse(row, true)}
            >
              Correct
            </Button>
          </span>
        ),
    });
  return columns;
}
