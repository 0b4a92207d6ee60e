// mf-entries: the entry-forms remote (Income, Expances, Salary) and the Journal. One module per screen;
// `npm run dev` serves it alone.
import { fileURLToPath } from 'node:url';
import { createConfig, devPorts } from '../webpack/create-config.mjs';

export default createConfig({
  name: 'entries',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  port: devPorts.entries,
  title: 'mf-entries (standalone)',
  exposes: {
    './IncomePage': './src/IncomePage/index.ts',
    './ExpancesPage': './src/ExpancesPage/index.ts',
    './SalaryPage': './src/SalaryPage/index.ts',
    './JournalPage': './src/JournalPage/index.ts',
  },
});
