// Standalone entry (`npm run dev -w mf-people`): the three People screens behind the shared
// minimal host, so this remote can be developed without the shell.
import { mountStandalone } from 'shared-ui';
import { ClientsPage } from './ClientsPage';
import { EmployeesPage } from './EmployeesPage';
import { UsersPage } from './UsersPage';

mountStandalone({
  name: 'mf-people',
  screens: [
    { path: '/Users', label: 'Users', element: <UsersPage /> },
    { path: '/Employees', label: 'Employees', element: <EmployeesPage /> },
    { path: '/Clients', label: 'Clients', element: <ClientsPage /> },
  ],
});
