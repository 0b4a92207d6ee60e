import { useState } from 'react';
import type { Voucher } from 'contract/browser';
import {
  Button,
  ListPager,
  ReasonDialog,
  Table,
  endpoints,
  compareMoney,
  formatMoney,
  sumMoney,
  useApiQuery,
  useApiWrite,
} from 'shared-ui';
import type { TableColumn } from 'shared-ui';

/** Vouchers asked for at a time. */
export const VOUCHER_PAGE_ROWS = 50;

const linesOf = (voucher: Voucher) => (
  <ul className="mf-voucher__list-lines">
    {voucher.lines.map((line, index) => (
      <li key={index}>
        {line.code} {line.name}:{' '}
        {compareMoney(line.debit, 0) !== 0
          ? `Debit ${formatMoney(line.debit)}`
          : `Credit ${formatMoney(line.credit)}`}
      </li>
    ))}
  </ul>
);

const stateOf = (voucher: Voucher) => {
  if (voucher.reversedById !== null) return `Reversed by #${voucher.reversedById}`;
  if (voucher.reversesId !== null) return `Reverses #${voucher.reversesId}`;
  return 'Posted';
};

const total = (voucher: Voucher) => sumMoney(voucher.lines.map((line) => line.debit));

/**
 * The vouchers, newest first, each with its lines; an admin reverses one with a reason (a
 * mirrored voucher: a voucher is never edited).
 */
export function VoucherList({ admin }: { admin: boolean }) {
  // The page on screen: undefined for the first, else the `next` of the one before.
  const [after, setAfter] = useState<string | undefined>();
  const list = useApiQuery(endpoints.listVouchers, {
    query: { limit: VOUCHER_PAGE_ROWS, ...(after ? { after } : {}) },
  });
  const [reversing, setReversing] = useState<Voucher>();
  const reverse = useApiWrite(endpoints.reverseVoucher, {
    success: (answer) => answer.message,
    onSuccess: () => setReversing(undefined),
  });

  const columns: Array<TableColumn<Voucher>> = [
    { key: 'id', header: 'Voucher', value: (voucher) => `#${voucher.id}` },
    { key: 'date', header: 'Date', value: (voucher) => voucher.date },
    {
      key: 'description',
      header: 'Description',
      value: (voucher) => voucher.description,
      card: 'lead',
    },
    { key: 'lines', header: 'Lines', render: linesOf },
    { key: 'amount', header: 'Amount', kind: 'money', value: total },
    { key: 'state', header: 'State', value: stateOf },
  ];
  if (admin)
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (voucher) =>
        voucher.reversedById === null && voucher.reversesId === null ? (
          <Button
            variant="danger"
            aria-label={`Reverse voucher #${voucher.id}`}
            onClick={() => setReversing(voucher)}
          >
            Reverse
          </Button>
        ) : null,
    });
  const next = list.data?.next;

  return (
    <section aria-labelledby="mf-voucher-list">
      <h2 id="mf-voucher-list">Posted vouchers</h2>
      <Table
        caption="Vouchers"
        columns={columns}
        rows={list.data?.vouchers ?? []}
        rowKey={(voucher) => voucher.id}
        loading={list.isPending}
        emptyText="No vouchers yet"
      />
      <ListPager
        label="Voucher pages"
        firstLabel="First page"
        onFirst={after ? () => setAfter(undefined) : undefined}
        nextLabel="Next page"
        onNext={next ? () => setAfter(next) : undefined}
      />
      <ReasonDialog
        subject={reversing}
        title={reversing ? `Reverse voucher #${reversing.id}` : ''}
        label="Reason"
        action="Reverse"
        busyLabel="Reversing..."
        busy={reverse.isPending}
        onClose={() => setReversing(undefined)}
        onConfirm={(reason) => {
          if (reversing) void reverse.run({ params: { id: reversing.id }, body: { reason } });
        }}
      >
        <p>
          A voucher is never changed: its reversal posts the opposite lines on the voucher&apos;s
          own date{reversing ? `, ${reversing.date}` : ''}.
        </p>
      </ReasonDialog>
    </section>
  );
}
