// Standalone entry (`npm run dev -w mf-settings`): the Settings screen behind the shared minimal
// host, so this remote can be developed without the shell.
import { mountStandalone } from 'shared-ui';
import { SettingsPage } from './SettingsPage';

mountStandalone({
  name: 'mf-settings',
  screens: [{ path: '/settings', label: 'Settings', element: <SettingsPage /> }],
});
