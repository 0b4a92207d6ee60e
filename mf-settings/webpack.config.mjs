// mf-settings: the Settings remote. Exposes one module per screen; `npm run dev` serves it alone.
import { fileURLToPath } from 'node:url';
import { createConfig, devPorts } from '../webpack/create-config.mjs';

export default createConfig({
  name: 'settings',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  port: devPorts.settings,
  title: 'mf-settings (standalone)',
  exposes: { './SettingsPage': './src/SettingsPage/index.ts' },
});
