import { useRef } from 'react';
import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';
import type { JournalRow } from 'contract/browser';
import { Button, formatMoney, formatTimestamp, messages } from 'shared-ui';
import { AttachReceipt } from '../Receipts/AttachReceipt';
import type { TableColumn } from 'shared-ui';
import { KIND_LABELS, stateOf } from './journal-kinds';

/** The Receipt link of a row with files: "Receipt", or "Receipt (3)" when more than one. */
export const receiptLinkText = (count: number) =>
  count > 1 ? `${messages.receipt} (${count})` : messages.receipt;

/** When an entry was recorded, on one line: `2026-11-27 14:03` in the browser's time zone. */
const recordedAtText = (iso: string) => formatTimestamp(iso, 'seconds').slice(0, 16);

/** Text that may be cut to its column's width: the whole of it in a tooltip. */
const clipped = (text: string, title: string = text) =>
  text ? (
    <span className="mf-journal__clip" title={title}>
      {text}
    </span>
  ) : (
    ''
  );

/**
 * A row's actions behind one button, in a menu that opens over the table (in the page's top
 * layer, outside the table, so the row's cells read as before).
 */
function RowActions({ row, children }: { row: JournalRow; children: ReactNode }) {
  const menu = useRef<HTMLDivElement>(null);
  const voucher = row.kind === 'voucher';
  // Entry #7 and voucher #7 are two rows: each menu has its own id.
  const id = `mf-journal-actions-${voucher ? 'v' : ''}${row.id}`;
  const name = `Actions for ${voucher ? 'voucher' : 'entry'} #${row.id}`;
  return (
    <>
      <button
        type="button"
        className="mf-journal__menu-button"
        popoverTarget={id}
        aria-label={name}
        aria-haspopup="true"
      >
        {/* Its "⋯" is drawn by CSS: the cell's text stays the entry's number. */}
      </button>
      {createPortal(
        <div
          ref={menu}
          id={id}
          popover="auto"
          className="mf-journal__menu"
          role="group"
          aria-label={name}
          // A chosen action closes the menu (its own handler has run: focus goes back to the
          // menu's button, where a dialog it opens returns it).
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('button')) menu.current?.hidePopover?.();
          }}
        >
          {children}
        </div>,
        document.body,
      )}
    </>
  );
}

/** What a voucher's row offers: its lines to everyone, its reversal to admins. */
export interface VoucherActions {
  onLines: (row: JournalRow) => void;
  /** Admins only: the server refuses a voucher's reversal to anyone else. */
  onReverse?: (row: JournalRow) => void;
}

/**
 * The journal's columns, each on one line; with `onReverse`, a menu of each entry's actions
 * (Attach receipt, Reverse and Correct) beside its number, in the column that stays in view; `onReceipts` opens the receipts
 * of a row that has some; with `withAccount`, the money account of each payment or receipt. A
 * voucher's row has `voucher`'s actions: a Lines button where an entry's receipts are, and, for
 * an admin, Reverse in its menu (never Attach receipt or Correct: a voucher is reversed, not
 * edited).
 */
export function journalColumns(
  onReverse?: (row: JournalRow, correct: boolean) => void,
  onReceipts?: (row: JournalRow) => void,
  withAccount = false,
  voucher?: VoucherActions,
): TableColumn<JournalRow>[] {
  /** Only an entry that is neither reversed nor a reversal can be reversed or corrected. */
  const actionsOf = (row: JournalRow, reverse: NonNullable<typeof onReverse>) => (
    <RowActions row={row}>
      <AttachReceipt row={row} />
      {!row.reversesId && !row.reversedById && (
        <>
          <Button
            variant="secondary"
            aria-label={`Reverse entry #${row.id}`}
            onClick={() => reverse(row, false)}
          >
            Reverse
          </Button>
          <Button
            variant="secondary"
            aria-label={`Correct entry #${row.id}`}
            onClick={() => reverse(row, true)}
          >
            Correct
          </Button>
        </>
      )}
    </RowActions>
  );
  /** A voucher's menu: Reverse, for an admin, while it is neither reversed nor a reversal. */
  const voucherActionsOf = (row: JournalRow) =>
    voucher?.onReverse && !row.reversesId && !row.reversedById ? (
      <RowActions row={row}>
        <Button
          variant="secondary"
          aria-label={`Reverse voucher #${row.id}`}
          onClick={() => voucher.onReverse?.(row)}
        >
          Reverse
        </Button>
      </RowActions>
    ) : null;
  const numberOf = (row: JournalRow) => {
    if (row.kind === 'voucher') {
      const menu = voucherActionsOf(row);
      return menu ? (
        <span className="mf-journal__number">
          #{row.id}
          {menu}
        </span>
      ) : (
        `#${row.id}`
      );
    }
    return onReverse ? (
      <span className="mf-journal__number">
        #{row.id}
        {actionsOf(row, onReverse)}
      </span>
    ) : (
      `#${row.id}`
    );
  };
  return [
    {
      key: 'id',
      header: 'No.',
      className: 'mf-journal__col-id',
      render: numberOf,
    },
    { key: 'date', header: 'Date', className: 'mf-journal__col-date', render: (row) => row.date },
    {
      key: 'kind',
      header: 'Kind',
      className: 'mf-journal__col-kind',
      render: (row) => KIND_LABELS[row.kind],
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
      // May break after the slash: the column is as narrow as its values.
      header: 'Credit/\u200bDebit',
      className: 'mf-journal__col-cd',
      render: (row) => row.Creditdebit ?? '',
    },
    {
      key: 'amount',
      header: 'Amount',
      kind: 'money',
      card: 'figure',
      className: 'mf-journal__col-amount',
      render: (row) => formatMoney(row.amount),
    },
    ...(withAccount
      ? [
          {
            key: 'account',
            header: 'Account',
            className: 'mf-journal__col-account',
            // An invoice (income Debit) moves no money: it has no account.
            render: (row: JournalRow) => clipped(row.accountName ?? ''),
          },
        ]
      : []),
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
    {
      key: 'state',
      header: 'State',
      className: 'mf-journal__col-state',
      render: (row) => clipped(stateOf(row)),
    },
    {
      key: 'receipts',
      header: messages.receipt,
      className: 'mf-journal__col-receipts',
      render: (row) =>
        row.kind === 'voucher' ? (
          voucher && (
            <button
              type="button"
              className="mf-journal__link"
              aria-label={`Lines of voucher #${row.id}`}
              onClick={() => voucher.onLines(row)}
            >
              Lines
            </button>
          )
        ) : row.receipts > 0 && onReceipts ? (
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
