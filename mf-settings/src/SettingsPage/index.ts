// Exposed to the shell as settings/SettingsPage.
export { SettingsPage } from './SettingsPage';
