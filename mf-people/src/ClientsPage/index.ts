// Exposed to the shell as people/ClientsPage.
export { ClientsPage } from './ClientsPage';
