// mf-reports: the Reports remote: one module per report or ledger screen. Its name, dev port and exposed screens come from its entry in
// contract/src/remotes.json; `npm run dev` serves it alone.
import { fileURLToPath } from 'node:url';
import { createRemoteConfig } from 'web-build/create-config';

export default createRemoteConfig('reports', fileURLToPath(new URL('.', import.meta.url)));
