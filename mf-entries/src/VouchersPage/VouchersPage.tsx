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
  // A money account's money moves through entries, transfers and its opening balance.
  const accounts = (chart.data?.accounts ?? []).filter(
    (account) => !account.closed && account.origin !== 'money account',
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
