// Exposed to the shell as entries/JournalPage.
export { JournalPage } from './JournalPage';
