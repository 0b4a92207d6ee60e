import { useRef } from 'react';
import type { ReactNode } from 'react';
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
/** When an entry was recorded, on one line: `2026-11-27 14:03` in the browser's time zone. */
const recordedAtText = (iso: string) => formatTimestamp(iso, 'seconds').slice(0, 16);

/** Text that may be cut to its column's width: the whole of it in a tooltip. */
const clipped = (text: string, title: string = text) => (
  <span className="mf-journal__clip" title={title}>
    {text}
  </span>
);

/** A row's actions behind one button, in a menu that opens over the table. */
function RowActions({ row, children }: { row: JournalRow; children: ReactNode }) {
  const menu = useRef<HTMLDivElement>(null);
  const id = `mf-journal-actions-${row.id}`;
  return (
    <>
      <button
        type="button"
        className="mf-journal__menu-button"
        popoverTarget={id}
        aria-label={`Actions for entry #${row.id}`}
        aria-haspopup="true"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div
        ref={menu}
        id={id}
        popover="auto"
        className="mf-journal__menu"
        role="group"
        aria-label={`Actions for entry #${row.id}`}
        // A chosen action closes the menu (its own handler has run: focus goes back to the
        // menu's button, where a dialog it opens returns it).
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('button')) menu.current?.hidePopover?.();
        }}
      >
        {children}
      </div>
    </>
  );
}

/**
 * The journal's columns, each on one line; with `onReverse`, a menu of each entry's actions
 * (Attach receipt, Reverse and Correct) right after its number; `onReceipts` opens the receipts
 * of a row that has some.
 */
export function journalColumns(
  onReverse?: (row: JournalRow, correct: boolean) => void,
  onReceipts?: (row: JournalRow) => void,
): TableColumn<JournalRow>[] {
  const actions: TableColumn<JournalRow>[] = onReverse
    ? [
        {
          key: 'actions',
          header: 'Actions',
          className: 'mf-journal__col-actions',
          // Only an entry that is neither reversed nor a reversal can be reversed or corrected.
          render: (row) => (
            <RowActions row={row}>
              <AttachReceipt row={row} />
              {!row.reversesId && !row.reversedById && (
                <>
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
                </>
              )}
            </RowActions>
          ),
        },
      ]
    : [];
  return [
    { key: 'id', header: 'No.', className: 'mf-journal__col-id', render: (row) => `#${row.id}` },
    ...actions,
    { key: 'date', header: 'Date', className: 'mf-journal__col-date', render: (row) => row.date },
    {
      key: 'kind',
      header: 'Kind',
      className: 'mf-journal__col-kind',
      render: (row) => KINDS[row.kind].label,
    },
    {
      key: 'party',
      header: 'Party',
      card: 'lead',
      className: 'mf-journal__col-party',
      render: (row) => clipped(row.partyName),
    },
    {
      key: 'cd',
      header: 'Credit/Debit',
      className: 'mf-journal__col-cd',
      render: (row) => row.Creditdebit,
    },
    {
      key: 'amount',
      header: 'Amount',
      kind: 'money',
      card: 'figure',
      className: 'mf-journal__col-amount',
      render: (row) => formatMoney(row.amount),
    },
    {
      key: 'description',
      header: 'Description',
      className: 'mf-journal__col-description',
      render: (row) => clipped(row.description),
    },
    {
      key: 'by',
      header: 'Recorded by',
      className: 'mf-journal__col-by',
      // The name; the e-mail (which tells two people of one name apart) in its tooltip.
      render: (row) =>
        row.recordedBy
          ? clipped(
              row.recordedBy.former
                ? `${row.recordedBy.name} ${messages.formerUser}`
                : row.recordedBy.name,
              row.recordedBy.email,
            )
          : '',
    },
    {
      key: 'at',
      header: 'Recorded at',
      className: 'mf-journal__col-at',
      render: (row) => recordedAtText(row.recordedAt),
    },
    { key: 'state', header: 'State', className: 'mf-journal__col-state', render: stateOf },
    {
      key: 'receipts',
      header: messages.receipt,
      className: 'mf-journal__col-receipts',
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
}
