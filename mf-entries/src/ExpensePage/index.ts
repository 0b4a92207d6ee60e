// Exposed to the shell as entries/ExpancesPage: the federation module keeps the spec's spelling,
// like the route, so that the shell and every deployed version of this remote agree on it.
export { ExpensePage as ExpancesPage } from './ExpensePage';
