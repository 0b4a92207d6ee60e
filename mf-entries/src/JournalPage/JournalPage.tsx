import { useState } from 'react';
import type { JournalEntryRow, JournalRow } from 'contract/browser';
import { Table, ListPager, formatRs, useCanWrite, useIsAdmin } from 'shared-ui';
import { BooksClosed } from '../BooksClosed';
import { BatchLine } from './BatchLine';
import { JournalFilters } from './JournalFilters';
import {
  CorrectDialog,
  ReceiptViewer,
  ReverseDialog,
  ReverseVoucher,
  VoucherLines,
} from './dialogs';
import { journalColumns } from './journal-columns';
import { isEntryRow } from './journal-kinds';
import { useJournal } from './useJournal';
import { useAccountOptions } from '../AccountsPage/useAccountOptions';
import './JournalPage.css';

const totalsText = ({
  count,
  credit,
  debit,
  vouchers,
}: {
  count: number;
  credit: number | string;
  debit: number | string;
  vouchers?: number | string;
}) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'entry matches' : 'entries match'} · ` +
  `Credit ${formatRs(credit)} · Debit ${formatRs(debit)}` +
  // Vouchers are neither Credit nor Debit: their sum apart, when some match.
  (vouchers === undefined ? '' : ` · Vouchers ${formatRs(vouchers)}`);

/** Entry #7 and voucher #7 are two rows. */
const rowKey = (row: JournalRow) => `${row.kind === 'voucher' ? 'v' : 'e'}${row.id}`;

/**
 * The /Journal screen: every entry, filtered, paged, reversible (not by a read-only viewer),
 * exportable.
 */
export function JournalPage() {
  const journal = useJournal();
  const [pending, setPending] = useState<JournalEntryRow | undefined>();
  const [correcting, setCorrecting] = useState<JournalEntryRow | undefined>();
  const [receiptsOf, setReceiptsOf] = useState<number | undefined>();
  const [linesOf, setLinesOf] = useState<JournalRow | undefined>();
  const [reversingVoucher, setReversingVoucher] = useState<JournalRow | undefined>();
  // Reverse and Correct show once the server has said the user writes: never to a viewer; a
  // voucher's Reverse to admins only.
  const canWrite = useCanWrite() === true;
  const admin = useIsAdmin();
  // The Account column where there is more than one account: with Cash alone it says nothing.
  const withAccount = useAccountOptions().accounts.length > 1;

  const open = (row: JournalRow, correct: boolean) => {
    // (an entry's menu only: a voucher is reversed by ReverseVoucher, never corrected)
    if (!isEntryRow(row)) return;
    if (correct) {
      setCorrecting(row);
      return;
    }
    journal.startReversal();
    setPending(row);
  };
  const reverse = async (reason: string) => {
    if (!pending) return false;
    const done = await journal.reverseEntry(pending, reason);
    if (done) setPending(undefined);
    return done;
  };
  const next = journal.page?.next;

  return (
    <div>
      <h1 className="ofs-page-title">Journal</h1>
      <BooksClosed />
      <BatchLine />
      <JournalFilters
        draft={journal.draft}
        change={journal.change}
        partyOptions={journal.partyOptions}
        onApply={journal.apply}
        activeCount={journal.activeCount}
        onClear={journal.clear}
        onDownload={() => void journal.downloadCsv()}
        applied={journal.filters}
      />

      <p className="mf-journal__totals" role="status" aria-label="Totals">
        {journal.totals ? totalsText(journal.totals) : ''}
      </p>

      <CorrectDialog row={correcting} onClose={() => setCorrecting(undefined)} />

      <div className={`mf-journal__table${withAccount ? ' mf-journal__table--accounts' : ''}`}>
        <Table
          caption="Journal"
          columns={journalColumns(
            canWrite ? open : undefined,
            (row) => setReceiptsOf(row.id),
            withAccount,
            { onLines: setLinesOf, ...(admin ? { onReverse: setReversingVoucher } : {}) },
          )}
          rows={journal.page?.entries ?? []}
          rowKey={rowKey}
          loading={journal.loading}
        />
      </div>

      <ListPager
        className="mf-journal__pager"
        label="Pages"
        firstLabel="First page"
        onFirst={journal.position ? () => journal.goTo(null) : undefined}
        nextLabel="Next page"
        onNext={next ? () => journal.goTo(next) : undefined}
      />

      <ReceiptViewer entryId={receiptsOf} onClose={() => setReceiptsOf(undefined)} />
      <VoucherLines row={linesOf} onClose={() => setLinesOf(undefined)} />
      <ReverseVoucher row={reversingVoucher} onClose={() => setReversingVoucher(undefined)} />

      <ReverseDialog
        pending={pending}
        busy={journal.reversing}
        onClose={() => setPending(undefined)}
        onReverse={reverse}
      />
    </div>
  );
}
