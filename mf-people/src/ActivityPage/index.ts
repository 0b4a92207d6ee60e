// Exposed to the shell as people/ActivityPage.
export { ActivityPage } from './ActivityPage';
