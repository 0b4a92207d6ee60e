// The browser's half of every call (endpoint.ts `Route`), by operationId, in the order of the
// endpoint table (endpoints.ts), which spreads each route into its schemas: the two tables have
// the same names and the same routes (test/routes.test.ts). No module this imports builds a
// schema, so a browser bundle of it carries neither the schemas nor TypeBox.
import { accountRoutes } from './account-routes.js';
import { bankRuleRoutes } from './bank-rule-routes.js';
import { lineSplitRoutes } from './line-split-routes.js';
import { activityRoutes, sessionRoutes } from './activity-routes.js';
import { backupRoutes } from './backup-routes.js';
import { batchRoutes } from './batch-routes.js';
import { clerkRoutes } from './clerk-routes.js';
import { entryRoutes, expenseTypeRoutes } from './expense-routes.js';
import { companyRoutes } from './company-routes.js';
import { exportRoutes } from './exports-routes.js';
import { importRoutes } from './import-routes.js';
import { journalRoutes } from './journal-routes.js';
import { monthEndRoutes } from './month-end-routes.js';
import { payrollRoutes } from './payroll-routes.js';
import { payslipRoutes } from './payslip-routes.js';
import { clientRoutes, employeeRoutes } from './people-routes.js';
import { receiptRoutes } from './receipt-routes.js';
import { recurringRoutes } from './recurring-routes.js';
import { releaseRoutes } from './releases-routes.js';
import { setupRoutes } from './setup-routes.js';
import { ledgerRoutes as generalLedgerRoutes } from './ledger/routes.js';
import { ledgerRoutes, pagedLedgerRoutes, reportRoutes } from './report-routes.js';
import { ownAccountRoutes, securityRoutes, userRoutes } from './user-routes.js';

/** Every call's route by operationId. */
export const routes = {
  ...userRoutes,
  ...ownAccountRoutes,
  ...securityRoutes,
  ...employeeRoutes,
  ...clientRoutes,
  ...expenseTypeRoutes,
  ...entryRoutes,
  ...reportRoutes,
  ...ledgerRoutes,
  ...journalRoutes,
  ...activityRoutes,
  ...sessionRoutes,
  ...backupRoutes,
  ...batchRoutes,
  ...receiptRoutes,
  ...payrollRoutes,
  ...recurringRoutes,
  ...pagedLedgerRoutes,
  ...importRoutes,
  ...companyRoutes,
  ...exportRoutes,
  ...payslipRoutes,
  ...monthEndRoutes,
  ...accountRoutes,
  ...bankRuleRoutes,
  ...lineSplitRoutes,
  ...releaseRoutes,
  ...clerkRoutes,
  ...generalLedgerRoutes,
  ...setupRoutes,
};

export type Routes = typeof routes;
