// mf-people: the People remote (Users, Employees, Clients). Exposes one module per screen;
// `npm run dev` serves it alone.
import { fileURLToPath } from 'node:url';
import { createConfig, devPorts } from '../webpack/create-config.mjs';

export default createConfig({
  name: 'people',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  port: devPorts.people,
  title: 'mf-people (standalone)',
  exposes: {
    './UsersPage': './src/UsersPage/index.ts',
    './EmployeesPage': './src/EmployeesPage/index.ts',
    './ClientsPage': './src/ClientsPage/index.ts',
    './ActivityPage': './src/ActivityPage/index.ts',
  },
});
