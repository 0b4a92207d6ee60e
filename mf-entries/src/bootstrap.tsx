// Standalone entry (`npm run dev -w mf-entries`): the three entry forms behind the shared
// minimal host, so this remote can be developed without the shell.
import { mountStandalone } from 'shared-ui';
import { ExpancesPage } from './ExpancesPage';
import { IncomePage } from './IncomePage';
import { JournalPage } from './JournalPage';
import { SalaryPage } from './SalaryPage';

mountStandalone({
  name: 'mf-entries',
  screens: [
    { path: '/Income', label: 'Income', element: <IncomePage /> },
    { path: '/Expances', label: 'Expances', element: <ExpancesPage /> },
    { path: '/Salary', label: 'Salary', element: <SalaryPage /> },
    { path: '/Journal', label: 'Journal', element: <JournalPage /> },
  ],
});
