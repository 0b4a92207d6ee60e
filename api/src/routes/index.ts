// The /api routes: every route group, registered here and in this order (the order of the paths
// in the OpenAPI document), with what all of them share: no caching, the not-found answer, the
// rule that each route comes from the contract. app.ts registers this plugin under /api.
import type { FastifyInstance } from 'fastify';
import { apiMessages } from 'contract';
import { named } from '../lib/named-plugin.js';
import { requireContract } from './route.js';
import { usersRoutes } from './users/index.js';
import { employeesRoutes } from './employees/index.js';
import { clientsRoutes } from './clients/index.js';
import { expenseTypeRoutes } from './expense-types/index.js';
import { entriesRoutes } from './entries/index.js';
import { reportsRoutes } from './reports/index.js';
import { journalRoutes } from './journal/index.js';
import { activityRoutes } from './activity/index.js';
import { sessionsRoutes } from './sessions/index.js';
import { accountRoutes } from './account/index.js';
import { backupRoutes } from './backups/index.js';
import { batchRoutes } from './batches/index.js';
import { receiptsRoutes } from './receipts/index.js';
import { payrollRoutes } from './payroll/index.js';
import { recurringRoutes } from './recurring/index.js';
import { importRoutes } from './imports/index.js';
import { companyRoutes } from './company/index.js';
import { exportRoutes } from './exports/index.js';
import { monthEndRoutes } from './month-end/index.js';
import { payslipRoutes } from './payslip/index.js';
import { releaseRoutes } from '../releases/routes.js';
import { accountsRoutes } from '../bank/routes.js';
import { ledgerRoutes } from '../ledger/routes.js';
import { setupRoutes } from '../setup/routes.js';

export interface ApiRoutesOptions {
  /** false: the server does not post due repeating entries by itself (BuildOptions.autoPostRecurring). */
  autoPostRecurring: boolean;
}

export async function apiRoutes(api: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  // API answers hold a session token or signed-in data: no browser or proxy cache keeps them.
  api.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  api.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: apiMessages.notFound }),
  );
  // Every route is registered from its description in the contract, or start-up fails.
  requireContract(api);
  await api.register(named(usersRoutes));
  await api.register(named(employeesRoutes));
  await api.register(named(clientsRoutes));
  await api.register(named(expenseTypeRoutes));
  await api.register(named(entriesRoutes));
  await api.register(named(reportsRoutes));
  await api.register(named(journalRoutes));
  await api.register(named(activityRoutes));
  await api.register(named(sessionsRoutes));
  await api.register(named(accountRoutes));
  await api.register(named(backupRoutes));
  await api.register(named(batchRoutes));
  await api.register(named(receiptsRoutes));
  await api.register(named(payrollRoutes));
  await api.register(named(recurringRoutes), { autoPost: options.autoPostRecurring });
  await api.register(named(importRoutes));
  await api.register(named(companyRoutes));
  await api.register(named(exportRoutes));
  await api.register(named(payslipRoutes));
  await api.register(named(monthEndRoutes));
  await api.register(named(releaseRoutes));
  await api.register(named(accountsRoutes));
  await api.register(named(ledgerRoutes));
  await api.register(named(setupRoutes));
}
