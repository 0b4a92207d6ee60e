// Exposed to the shell as entries/ImportPage.
export { ImportPage } from './ImportPage';
