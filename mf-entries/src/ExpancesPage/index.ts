// Exposed to the shell as entries/ExpancesPage.
export { ExpancesPage } from './ExpancesPage';
