// Standalone entry (`npm run dev -w mf-settings`): the Settings and Chart of accounts screens
// behind the shared minimal host, so this remote can be developed without the shell. Their paths
// and labels come from the list of the remotes in contract.
import { mountRemote } from 'shared-ui';
import { ChartOfAccountsPage } from './ChartOfAccountsPage';
import { SettingsPage } from './SettingsPage';

mountRemote('settings', { SettingsPage, ChartOfAccountsPage });
