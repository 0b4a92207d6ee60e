// Exposed to the shell as entries/IncomePage.
export { IncomePage } from './IncomePage';
