// Standalone entry (`npm run dev -w mf-entries`): the entry forms and the Journal behind the
// shared minimal host, so this remote can be developed without the shell. Paths and labels come
// from the list of the remotes in contract; each screen is the component named as its module.
import { mountRemote } from 'shared-ui';
import { ExpancesPage } from './ExpensePage';
import { IncomePage } from './IncomePage';
import { JournalPage } from './JournalPage';
import { SalaryPage } from './SalaryPage';
import { ImportPage } from './ImportPage';
import { PayrollPage } from './PayrollPage';
import { RecurringPage } from './RecurringPage';
import { AccountsPage } from './AccountsPage';
import { AccountRegisterPage } from './AccountRegisterPage';
import { ReconcilePage } from './ReconcilePage';
import { VouchersPage } from './VouchersPage';

mountRemote('entries', {
  IncomePage,
  ExpancesPage,
  SalaryPage,
  JournalPage,
  ImportPage,
  PayrollPage,
  RecurringPage,
  AccountsPage,
  AccountRegisterPage,
  ReconcilePage,
  VouchersPage,
});
