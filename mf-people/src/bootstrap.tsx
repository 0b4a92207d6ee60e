// Standalone entry (`npm run dev -w mf-people`): the People screens (and Activity) behind the shared
// minimal host, so this remote can be developed without the shell. Paths and labels come from the
// list of the remotes in contract; each screen is the component named as its exposed module.
import { mountRemote } from 'shared-ui';
import { ActivityPage } from './ActivityPage';
import { ClientsPage } from './ClientsPage';
import { EmployeesPage } from './EmployeesPage';
import { UsersPage } from './UsersPage';

mountRemote('people', { UsersPage, EmployeesPage, ClientsPage, ActivityPage });
