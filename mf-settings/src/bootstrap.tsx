// Standalone entry (`npm run dev -w mf-settings`): the Settings screen behind the shared minimal
// host, so this remote can be developed without the shell. Its path and label come from the list
// of the remotes in contract.
import { mountRemote } from 'shared-ui';
import { SettingsPage } from './SettingsPage';

mountRemote('settings', { SettingsPage });
