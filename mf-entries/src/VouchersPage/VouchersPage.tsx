import { endpoints, useApiQuery, useIsAdmin } from 'shared-ui';
import { BooksClosed } from '../BooksClosed';
import { VoucherForm } from './VoucherForm';
import { VoucherList } from './VoucherList';
import './VouchersPage.css';

/**
 * Vouchers (/Vouchers): dated journal entries of balanced lines to any accounts, for opening
 * balances, owner's capital, loans, accruals and adjustments. Admins post and reverse them;
 * everyone reads them.
 */
export function VouchersPage() {
  const admin = useIsAdmin();
  const chart = useApiQuery(endpoints.listLedgerAccounts, undefined, { enabled: admin });
  // Open accounts a voucher may post to: the bookable ones and the money accounts (capital paid
  // into the bank); not those the entry forms keep (receivable, sales, salaries, expense types).
  const accounts = (chart.data?.accounts ?? []).filter(
    (account) => !account.closed && (account.bookable || account.origin === 'money account'),
  );
  return (
    <div>
      <h1 className="ofs-page-title">Vouchers</h1>
      <BooksClosed />
      {admin && <VoucherForm accounts={accounts} />}
      <VoucherList admin={admin} />
    </div>
  );
}
