// Standalone entry (`npm run dev -w mf-people`): the People screens (and Activity) behind the shared
// minimal host, so this remote can be developed without the shell.
import { mountStandalone } from 'shared-ui';
import { ClientsPage } from './ClientsPage';
import { EmployeesPage } from './EmployeesPage';
import { UsersPage } from './UsersPage';
import { ActivityPage } from './ActivityPage';

mountStandalone({
  name: 'mf-people',
  screens: [
    { path: '/Users', label: 'Users', element: <UsersPage /> },
    { path: '/Employees', label: 'Employees', element: <EmployeesPage /> },
    { path: '/Clients', label: 'Clients', element: <ClientsPage /> },
    { path: '/Activity', label: 'Activity', element: <ActivityPage /> },
  ],
});
