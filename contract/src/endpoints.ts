// Every call of the API (docs/product.md#calls, paths spelt as the spec spells them), once. The key of each
// entry is its OpenAPI operationId; the api registers one route per entry and nothing else, and
// the apps call them through shared-ui's typed client.
//
// Each group of calls lives beside its domain, in a file named `<domain>-endpoints.ts` next to
// the domain's schemas (`people.ts` and `people-endpoints.ts`), as receipts, month end and money
// accounts already did; files that hold a domain's few calls with its schemas (exports, payslip,
// releases, clerk) keep them there. This file only lists the groups, in a fixed order (the order
// of the keys of `endpoints`, which code that walks every call sees): a new group goes at the end.
import { accountEndpoints } from './account-endpoints.js';
import { bankRuleEndpoints } from './bank-rule-endpoints.js';
import { lineSplitEndpoints } from './line-split.js';
import { activityEndpoints, sessionEndpoints } from './activity-endpoints.js';
import { backupEndpoints } from './backup-endpoints.js';
import { batchEndpoints } from './batch-endpoints.js';
import { clerkEndpoints } from './clerk.js';
import { entryEndpoints, expenseTypeEndpoints } from './expense-endpoints.js';
import { companyEndpoints } from './company.js';
import { exportEndpoints } from './exports.js';
import { importEndpoints } from './import-endpoints.js';
import { journalEndpoints } from './journal-endpoints.js';
import { monthEndEndpoints } from './month-end-endpoints.js';
import { payrollEndpoints } from './payroll-endpoints.js';
import { payslipEndpoints } from './payslip.js';
import { clientEndpoints, employeeEndpoints } from './people-endpoints.js';
import { receiptEndpoints } from './receipt-endpoints.js';
import { recurringEndpoints } from './recurring-endpoints.js';
import { releaseEndpoints } from './releases.js';
import { setupEndpoints } from './setup.js';
import { ledgerEndpoints as generalLedgerEndpoints } from './ledger/endpoints.js';
import { ledgerEndpoints, pagedLedgerEndpoints, reportEndpoints } from './report-endpoints.js';
import { ownAccountEndpoints, securityEndpoints, userEndpoints } from './user-endpoints.js';

/** Every call of the API by operationId. */
export const endpoints = {
  ...userEndpoints,
  ...ownAccountEndpoints,
  ...securityEndpoints,
  ...employeeEndpoints,
  ...clientEndpoints,
  ...expenseTypeEndpoints,
  ...entryEndpoints,
  ...reportEndpoints,
  ...ledgerEndpoints,
  ...journalEndpoints,
  ...activityEndpoints,
  ...sessionEndpoints,
  ...backupEndpoints,
  ...batchEndpoints,
  ...receiptEndpoints,
  ...payrollEndpoints,
  ...recurringEndpoints,
  ...pagedLedgerEndpoints,
  ...importEndpoints,
  ...companyEndpoints,
  ...exportEndpoints,
  ...payslipEndpoints,
  ...monthEndEndpoints,
  ...accountEndpoints,
  ...bankRuleEndpoints,
  ...lineSplitEndpoints,
  ...releaseEndpoints,
  ...clerkEndpoints,
  ...generalLedgerEndpoints,
  ...setupEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
