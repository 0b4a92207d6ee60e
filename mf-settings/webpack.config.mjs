// mf-settings: the Settings remote. Its name, dev port and exposed screens come from its entry in
// contract/src/remotes.json; `npm run dev` serves it alone.
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from 'web-build/create-config';

export default createRemoteConfig('settings', fileURLToPath(new URL('.', import.meta.url)));
