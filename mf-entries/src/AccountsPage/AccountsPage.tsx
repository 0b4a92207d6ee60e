import { Link } from 'react-router';
import { AccountsAdmin, useCanWrite } from 'shared-ui';
import { RulesList } from './RulesList';
import { TransferForm } from './TransferForm';
import { registerPath } from './account-paths';
import './AccountsPage.css';

/**
 * The /Accounts screen (issue 33): every money account with its balance today and the day it is
 * reconciled through (admins add and change them), a Transfer between two accounts, and the
 * rules that propose entries for statement lines. Viewers see it read-only.
 */
export function AccountsPage() {
  const canWrite = useCanWrite() === true;
  return (
    <section className="mf-accounts">
      <h1 className="ofs-page-title">Accounts</h1>
      <AccountsAdmin
        renderName={(account) => <Link to={registerPath(account.id)}>{account.name}</Link>}
      />
      {canWrite && <TransferForm />}
      <RulesList canWrite={canWrite} />
    </section>
  );
}
