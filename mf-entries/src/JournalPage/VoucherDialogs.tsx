// A voucher's row in the Journal (issue 40): its lines in a dialog, with the way to the Vouchers
// screen, and its reversal (admins only: the server refuses anyone else) with a reason, the same
// call as on the Vouchers screen.
import type { JournalRow } from 'contract/browser';
import {
  AppLink,
  Modal,
  Table,
  endpoints,
  formatMoney,
  formatRs,
  href,
  useApiWrite,
} from 'shared-ui';
import type { TableColumn } from 'shared-ui';
import { ReversalDialog } from '../ReversalDialog';

type Line = NonNullable<JournalRow['lines']>[number];

const LINE_COLUMNS: TableColumn<Line>[] = [
  { key: 'account', header: 'Account', value: (line) => `${line.code} ${line.name}` },
  {
    key: 'debit',
    header: 'Debit',
    kind: 'money',
    render: (line) => (line.debit ? formatMoney(line.debit) : ''),
  },
  {
    key: 'credit',
    header: 'Credit',
    kind: 'money',
    render: (line) => (line.credit ? formatMoney(line.credit) : ''),
  },
];

export interface VoucherLinesProps {
  /** The voucher's row; undefined: closed. */
  row: JournalRow | undefined;
  onClose: () => void;
}

/** A voucher's lines as posted, its description and day, and a link to the Vouchers screen. */
export function VoucherLines({ row, onClose }: VoucherLinesProps) {
  return (
    <Modal
      open={row !== undefined}
      title={row ? `Voucher #${row.id}` : 'Voucher'}
      onClose={onClose}
      closeLabel="Close"
    >
      {row && (
        <>
          <p>{`${row.date} · ${row.description}`}</p>
          <Table
            caption={`Lines of voucher #${row.id}`}
            columns={LINE_COLUMNS}
            rows={row.lines ?? []}
            rowKey={(line) => `${line.accountId}-${line.debit}-${line.credit}`}
          />
          <p>
            <AppLink to={href('vouchers', {})}>Open Vouchers</AppLink>
          </p>
        </>
      )}
    </Modal>
  );
}

export interface ReverseVoucherProps {
  /** The voucher to reverse; undefined: closed. */
  row: JournalRow | undefined;
  onClose: () => void;
}

/** Asks for the reason of a voucher's reversal, then reverses it (the opposite lines). */
export function ReverseVoucher({ row, onClose }: ReverseVoucherProps) {
  const reverse = useApiWrite(endpoints.reverseVoucher, {
    success: (answer) => answer.message,
    onSuccess: onClose,
  });
  return (
    <ReversalDialog
      what="voucher"
      subject={row}
      busy={reverse.isPending}
      onClose={onClose}
      onConfirm={(reason) => {
        if (row) void reverse.run({ params: { id: row.id }, body: { reason } });
      }}
    >
      {row && (
        <p>
          {`Voucher, ${row.partyName}, ${formatRs(row.amount)} on ${row.date}. ` +
            'A voucher is never changed: its reversal posts the opposite lines; both stay in ' +
            'the journal.'}
        </p>
      )}
    </ReversalDialog>
  );
}
